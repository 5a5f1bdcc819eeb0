import { useContext } from 'react';
import { MenusContext, type MenusContextValue } from './MenusContext';

export function useMenus(): MenusContextValue {
  return useContext(MenusContext);
}

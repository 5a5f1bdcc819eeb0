import { useContext } from 'react';
import { SettingsContext, type SettingsContextValue } from './SettingsContext';

export function useSettings(): SettingsContextValue {
  return useContext(SettingsContext);
}

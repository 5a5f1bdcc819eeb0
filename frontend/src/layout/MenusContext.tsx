import { createContext, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useDataProvider, usePermissions } from 'react-admin';
import type { HorizonDataProvider } from '../providers/dataProvider';
import { ADMIN } from '../providers/permissions';
import { buildModuleNav, buildNav, type NavItem, type RouterNode } from './menuTree';
import { MODULES, useCurrentModule } from './modules';

export interface MenusContextValue {
  /** Sidebar items of the current module (every module for admins). */
  items: NavItem[];
  /** Every item the user may see, whatever the module (for titles and breadcrumbs). */
  allItems: NavItem[];
  isPending: boolean;
  error: unknown;
}

export const MenusContext = createContext<MenusContextValue>({ items: [], allItems: [], isPending: false, error: null });

/** Loads `api/menus/build` once for the shell. */
export function MenusProvider({ children }: { children: ReactNode }) {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const { permissions } = usePermissions<string[]>();
  const [routers, setRouters] = useState<RouterNode[]>([]);
  const [isPending, setPending] = useState(true);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let active = true;
    dataProvider
      .call<RouterNode[]>('api/menus/build')
      .then(({ data }) => active && setRouters(Array.isArray(data) ? data : []))
      .catch((reason: unknown) => active && setError(reason))
      .finally(() => active && setPending(false));
    return () => {
      active = false;
    };
  }, [dataProvider]);

  const isAdmin = Array.isArray(permissions) && permissions.includes(ADMIN);
  // the page's module (a product page: 产品加工), else the one chosen on the launch page
  const module = useCurrentModule();
  const value = useMemo<MenusContextValue>(
    () => ({
      items: buildModuleNav(routers, module, MODULES, isAdmin),
      allItems: buildNav(routers, { isAdmin: true }),
      isPending,
      error,
    }),
    [routers, module, isAdmin, isPending, error],
  );
  return <MenusContext.Provider value={value}>{children}</MenusContext.Provider>;
}

import { useQuery } from '@tanstack/react-query';
import { api, asArray } from '../api';
import type { Dept, Menu, Page } from '../types';

/** Query keys of the direct calls; all start with `horizon` (react-admin's refresh invalidates them too). */
export const queryKeys = {
  deptTree: (enabledOnly: boolean) => ['horizon', 'dept', 'tree', enabledOnly ? 'enabled' : 'all'] as const,
  menuTree: ['horizon', 'menus', 'tree'] as const,
};

/** The whole visible dept tree (`GET api/dept/tree`), or only its enabled depts. */
/**
 * The department tree: the admin tree (`api/dept/tree`, data-scoped, needs user:list or dept:list),
 * or with `lookup` the enabled tree any session may read (`api/dept/lookup/tree`: the pickers of the
 * work screens).
 */
export function useDeptTree({ enabledOnly = false, enabled = true, lookup = false }: { enabledOnly?: boolean; enabled?: boolean; lookup?: boolean } = {}) {
  return useQuery({
    queryKey: lookup ? [...queryKeys.deptTree(true), 'lookup'] : queryKeys.deptTree(enabledOnly),
    queryFn: async () =>
      asArray(await api.get<Dept[] | Page<Dept>>(lookup ? 'api/dept/lookup/tree' : 'api/dept/tree', !lookup && enabledOnly ? { enabled: true } : undefined)),
    enabled,
  });
}

/** The whole menu tree, buttons included (`GET api/menus?tree=true`). */
export function useMenuTree(enabled = true) {
  return useQuery({
    queryKey: queryKeys.menuTree,
    queryFn: async () =>
      asArray(await api.get<Menu[] | Page<Menu>>('api/menus', { tree: true, page: 0, size: 1000, sort: 'menuSort,asc' })),
    enabled,
  });
}

/** The current user's highest rank (smallest level), `GET api/roles/level`. */
export function useMyRoleLevel(enabled = true) {
  return useQuery({
    queryKey: ['horizon', 'roles', 'level'],
    queryFn: async () => (await api.get<{ level: number }>('api/roles/level')).level,
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, asArray } from '../api';
import type { Dept, Menu, Page } from '../types';

/** Query keys of the direct calls; all start with `horizon` (react-admin's refresh invalidates them too). */
export const queryKeys = {
  deptTree: ['horizon', 'dept', 'tree'] as const,
  menuTree: ['horizon', 'menus', 'tree'] as const,
};

/** The whole visible dept tree (`GET api/dept/tree`). */
export function useDeptTree(enabled = true) {
  return useQuery({
    queryKey: queryKeys.deptTree,
    queryFn: async () => asArray(await api.get<Dept[] | Page<Dept>>('api/dept/tree')),
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

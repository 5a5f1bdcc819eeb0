import { useCanAccess, useResourceContext } from 'react-admin';

export type AdminAction = 'list' | 'create' | 'edit' | 'delete' | 'export';

/**
 * Whether the current user may perform `action` on the resource (authProvider.canAccess maps the
 * action to the permission code, e.g. system/user + create → user:add). False while loading.
 */
export function useCan(action: AdminAction, resource?: string): boolean {
  const fromContext = useResourceContext();
  const { canAccess, isPending } = useCanAccess({ resource: resource ?? fromContext, action });
  return !isPending && canAccess === true;
}

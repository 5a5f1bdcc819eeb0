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

/** What the row actions of a list may offer; a list shows neither checkboxes nor 操作 when both are false. */
export function useRowPermissions(resource?: string): { canEdit: boolean; canDelete: boolean } {
  const canEdit = useCan('edit', resource);
  const canDelete = useCan('delete', resource);
  return { canEdit, canDelete };
}

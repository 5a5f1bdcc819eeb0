// What the current user may do on the news screens (spec §6; admin passes every check). Pure, so the
// gating is tested (access.test.ts); the server stays authoritative.
import { useMemo } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import { can } from '../../providers/permissions';
import type { HorizonIdentity } from '../../providers/authProvider';
import { type DeptRef, workDeptId } from '../shared/workDept';
import type { NewsRow } from './types';

export { type DeptRef, workDeptId };

export interface NewsAbilities {
  /** news:recommend — track / untrack. */
  track: boolean;
  /** news:choice — set / unset 精选. */
  choose: boolean;
  /** news:translate */
  translate: boolean;
  /** news:judge — review. */
  judge: boolean;
  /** news:push — submit to a product. */
  push: boolean;
  /** news:noise — set as noise, delete. */
  noise: boolean;
  /** newsCollect:add / newsCollect:del */
  collect: boolean;
  uncollect: boolean;
}

export function newsAbilities(roles: readonly string[]): NewsAbilities {
  return {
    track: can(roles, 'news:recommend'),
    choose: can(roles, 'news:choice'),
    translate: can(roles, 'news:translate'),
    judge: can(roles, 'news:judge'),
    push: can(roles, 'news:push'),
    noise: can(roles, 'news:noise'),
    collect: can(roles, 'newsCollect:add'),
    uncollect: can(roles, 'newsCollect:del'),
  };
}

export type RowAction = 'collect' | 'share' | 'label' | 'track' | 'warn' | 'chosen' | 'translate' | 'review' | 'push' | 'noise' | 'delete';

/**
 * The actions of a row, in their order on screen. Every list: collect (or un-collect), share,
 * label, track, warn. The 精选 list also: selected status, translate, review (items in examine or
 * done, spec §4), submit (processing done). Noise / delete with news:noise.
 */
export function rowActions(row: Pick<NewsRow, 'isCollect' | 'isProcessed'>, curMenu: string, a: NewsAbilities): RowAction[] {
  const out: RowAction[] = [];
  if (row.isCollect ? a.uncollect : a.collect) out.push('collect');
  out.push('share', 'label');
  if (a.track) out.push('track');
  out.push('warn');
  if (curMenu === 'choice') {
    out.push('chosen');
    if (a.translate) out.push('translate');
    if (a.judge && (row.isProcessed === 'examine' || row.isProcessed === 'done')) out.push('review');
    if (a.push) out.push('push');
  }
  if (a.noise) out.push('noise', 'delete');
  return out;
}

/** Only processed items can be submitted to a product (spec §4). */
export const canPushRow = (row: Pick<NewsRow, 'isProcessed'>): boolean => row.isProcessed === 'done';

export interface NewsUser {
  userId: number | undefined;
  deptId: number | undefined;
  username: string | undefined;
  roles: string[];
  abilities: NewsAbilities;
  ready: boolean;
}

/** The caller: id, work department (sent with every news call, spec §4/§6) and abilities. */
export function useNewsUser(): NewsUser {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const user = (identity as HorizonIdentity | undefined)?.user;
  const roles = useMemo(() => (Array.isArray(permissions) ? permissions : []), [permissions]);
  const abilities = useMemo(() => newsAbilities(roles), [roles]);
  return {
    userId: user?.id,
    deptId: workDeptId(user),
    username: user?.username,
    roles,
    abilities,
    ready: !identityPending && !permissionsPending,
  };
}

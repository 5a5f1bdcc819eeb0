// What the current user may do on the manuscript screens (spec production-admin §6; admin passes
// every check). Pure, so the gating is tested; the server stays authoritative.
import { useMemo } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import type { HorizonIdentity } from '../../providers/authProvider';
import { can } from '../../providers/permissions';
import { workDeptId } from '../shared/workDept';
import type { Manuscript, ManuscriptTab } from './types';

export interface ManuscriptAbilities {
  /** manuscript:add — upload a manuscript. */
  add: boolean;
  /** manuscript:edit — change columns and abstracts of any manuscript. */
  edit: boolean;
  /** manuscript:del — delete any manuscript. */
  del: boolean;
  /** admin or manuscript:admin — the 全部 tab, the unit tree and today's statistics. */
  admin: boolean;
}

export function manuscriptAbilities(roles: readonly string[]): ManuscriptAbilities {
  return {
    add: can(roles, 'manuscript:add'),
    edit: can(roles, 'manuscript:edit'),
    del: can(roles, 'manuscript:del'),
    admin: can(roles, 'manuscript:admin'),
  };
}

/** 我的投稿 and 工作组 for everyone; 全部 only for admin or manuscript:admin (spec §2, §6). */
export function visibleTabs(abilities: Pick<ManuscriptAbilities, 'admin'>): ManuscriptTab[] {
  return abilities.admin ? ['my', 'dept', 'all'] : ['my', 'dept'];
}

export interface RowAbilities {
  view: boolean;
  editColumn: boolean;
  editAbstract: boolean;
  delete: boolean;
}

/**
 * The row actions (contract docs/production-api.md): 修改栏目 needs manuscript:edit; 修改摘要 and
 * 删除 are also open to the submitter of the manuscript.
 */
export function rowAbilities(row: Pick<Manuscript, 'createBy'>, abilities: ManuscriptAbilities, userId: number | undefined): RowAbilities {
  const own = userId !== undefined && row.createBy?.id === userId;
  return {
    view: true,
    editColumn: abilities.edit,
    editAbstract: abilities.edit || own,
    delete: abilities.del || own,
  };
}

export interface ManuscriptUser {
  userId: number | undefined;
  username: string | undefined;
  /** Shown name: nickname, else account. */
  displayName: string;
  /** The user's own department (the default unit of an upload). */
  dept: { id: number; name?: string } | undefined;
  /** The work department of the news area (submission from news). */
  workDeptId: number | undefined;
  roles: string[];
  abilities: ManuscriptAbilities;
  ready: boolean;
}

export function useManuscriptUser(): ManuscriptUser {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const user = (identity as HorizonIdentity | undefined)?.user;
  const roles = useMemo(() => (Array.isArray(permissions) ? permissions : []), [permissions]);
  const abilities = useMemo(() => manuscriptAbilities(roles), [roles]);
  const dept = user?.dept && typeof user.dept.id === 'number' ? (user.dept as { id: number; name?: string }) : undefined;
  return {
    userId: user?.id,
    username: user?.username,
    displayName: user?.nickName || user?.username || '',
    dept,
    workDeptId: workDeptId(user),
    roles,
    abilities,
    ready: !identityPending && !permissionsPending,
  };
}

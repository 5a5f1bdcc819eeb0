// What the current user may do on the manuscript screens (spec production-admin §6; admin passes
// every check). Pure, so the gating is tested; the server stays authoritative.
import { useMemo } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import type { HorizonIdentity } from '../../providers/authProvider';
import { type AppAbility, holds, record, useAppAbility } from '../../providers/ability';
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

export function manuscriptAbilities(ability: AppAbility): ManuscriptAbilities {
  return {
    add: holds(ability, 'manuscript:add'),
    edit: holds(ability, 'manuscript:edit'),
    del: holds(ability, 'manuscript:del'),
    admin: holds(ability, 'manuscript:admin'),
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

/** CASL subject of a manuscript record (the server's manuscript policy names it the same). */
export const MANUSCRIPT = 'Manuscript';

/**
 * The row actions (contract docs/production-api.md), asked as the server asks them: 修改栏目 needs
 * manuscript:edit; 修改摘要 (`update`) and 删除 (`delete`) follow the manuscript record rules, which
 * also open them to the submitter.
 */
export function rowAbilities(row: Pick<Manuscript, 'createBy'>, ability: AppAbility): RowAbilities {
  const it = record(MANUSCRIPT, { createById: row.createBy?.id ?? null });
  return {
    view: true,
    editColumn: holds(ability, 'manuscript:edit'),
    editAbstract: ability.can('update', it),
    delete: ability.can('delete', it),
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
  /** The session's ability (record rules included): `rowAbilities(row, ability)`. */
  ability: AppAbility;
  abilities: ManuscriptAbilities;
  ready: boolean;
}

export function useManuscriptUser(): ManuscriptUser {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const user = (identity as HorizonIdentity | undefined)?.user;
  const roles = useMemo(() => (Array.isArray(permissions) ? permissions : []), [permissions]);
  const ability = useAppAbility();
  const abilities = useMemo(() => manuscriptAbilities(ability), [ability]);
  const dept = user?.dept && typeof user.dept.id === 'number' ? (user.dept as { id: number; name?: string }) : undefined;
  return {
    userId: user?.id,
    username: user?.username,
    displayName: user?.nickName || user?.username || '',
    dept,
    workDeptId: workDeptId(user),
    roles,
    ability,
    abilities,
    ready: !identityPending && !permissionsPending,
  };
}

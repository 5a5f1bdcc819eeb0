import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AbilityFactory } from '../access/ability.factory.js';
import { computeDataScope } from '../access/data-scope.js';
import { ADMIN_PERMISSION } from '../access/permission.js';
import { workDeptOf, type Principal } from './principal.js';

type UserPart = Omit<Principal, 'sessionId'> & { enabled: boolean };

const CACHE_TTL_MS = 10_000;

/**
 * Resolves who a user is for authorisation: permission codes, data scope, rank and the CASL ability
 * built from them (AbilityFactory).
 * Cached briefly per process; writes to users, roles, menus and depts call `invalidate()`.
 */
@Injectable()
export class PrincipalService {
  private readonly cache = new Map<number, { at: number; value: UserPart | undefined }>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly abilities: AbilityFactory,
  ) {}

  invalidate(): void {
    this.cache.clear();
  }

  async load(userId: number): Promise<UserPart | undefined> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
    const value = await this.fetch(userId);
    this.cache.set(userId, { at: Date.now(), value });
    return value;
  }

  private async fetch(userId: number): Promise<UserPart | undefined> {
    const users: Array<{ id: number; username: string; is_admin: boolean; enabled: boolean; dept_id: number | null; pid: number | null; password_change_required: boolean; chain: number[] }> = await this.db.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_dept WHERE id = (SELECT dept_id FROM sys_user WHERE id = $1)
         UNION
         SELECT d.id, d.pid FROM sys_dept d JOIN up ON d.id = up.pid
       )
       SELECT u.id, u.username, u.is_admin, u.enabled, u.dept_id, d.pid, u.password_change_required, ARRAY(SELECT id FROM up) AS chain
         FROM sys_user u LEFT JOIN sys_dept d ON d.id = u.dept_id WHERE u.id = $1`,
      [userId],
    );
    const user = users[0];
    if (!user) return undefined;
    const roles: Array<{ id: number; level: number; data_scope: string; dept_ids: number[] }> = await this.db.query(
      `SELECT r.id, r.level, r.data_scope,
              COALESCE(array_agg(rd.dept_id) FILTER (WHERE rd.dept_id IS NOT NULL), '{}') AS dept_ids
         FROM sys_users_roles ur JOIN sys_role r ON r.id = ur.role_id
         LEFT JOIN sys_roles_depts rd ON rd.role_id = r.id
        WHERE ur.user_id = $1 GROUP BY r.id`,
      [userId],
    );
    const perms: Array<{ permission: string }> = await this.db.query(
      `SELECT DISTINCT m.permission FROM sys_users_roles ur
         JOIN sys_roles_menus rm ON rm.role_id = ur.role_id
         JOIN sys_menu m ON m.id = rm.menu_id
        WHERE ur.user_id = $1 AND m.permission IS NOT NULL AND m.permission <> ''`,
      [userId],
    );
    const codes = perms.flatMap((p) => p.permission.split(',').map((s) => s.trim())).filter(Boolean);
    const isAdmin = user.is_admin || codes.includes(ADMIN_PERMISSION);
    const part: Omit<UserPart, 'ability'> = {
      userId: user.id,
      username: user.username,
      enabled: user.enabled,
      isAdmin,
      permissions: isAdmin ? [ADMIN_PERMISSION] : [...new Set(codes)].sort(),
      deptId: user.dept_id,
      workDeptId: workDeptOf(user.dept_id, user.pid),
      deptChain: user.chain,
      dataScope: isAdmin ? null : await computeDataScope(this.db, roles.map((r) => ({ dataScope: r.data_scope, deptIds: r.dept_ids })), user.dept_id),
      level: isAdmin ? 1 : roles.length ? Math.min(...roles.map((r) => r.level)) : Number.MAX_SAFE_INTEGER,
      passwordChangeRequired: user.password_change_required,
    };
    return { ...part, ability: this.abilities.createFor(part) };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { deptWithDescendants } from '../../common/access/data-scope.js';
import type { PrincipalFacts, PrincipalSource } from '../../common/auth/principal.service.js';

/**
 * The users module's answer to the kernel's PRINCIPAL_SOURCE: what authorisation reads of a user
 * (account, department chain, roles, the permission fields of their menus). One read per user and
 * cache period (PrincipalService caches); the composition root provides it to the kernel.
 */
@Injectable()
export class UsersPrincipalSource implements PrincipalSource {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async facts(userId: number): Promise<PrincipalFacts | undefined> {
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
    return {
      id: user.id,
      username: user.username,
      isAdmin: user.is_admin,
      enabled: user.enabled,
      deptId: user.dept_id,
      deptPid: user.pid,
      deptChain: user.chain,
      passwordChangeRequired: user.password_change_required,
      roles: roles.map((r) => ({ level: r.level, dataScope: r.data_scope, deptIds: r.dept_ids })),
      permissionFields: perms.map((p) => p.permission),
    };
  }

  withDescendants(deptIds: number[]): Promise<number[]> {
    return deptWithDescendants(this.db, deptIds);
  }
}

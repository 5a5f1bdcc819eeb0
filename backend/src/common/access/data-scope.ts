import type { DataSource, EntityManager } from 'typeorm';

/** Ids of the given depts plus all their enabled descendants (recursive CTE, one query). */
export async function deptWithDescendants(db: DataSource | EntityManager, rootIds: number[], enabledOnly = true): Promise<number[]> {
  if (!rootIds.length) return [];
  const rows: Array<{ id: number }> = await db.query(
    `WITH RECURSIVE tree AS (
       SELECT id FROM sys_dept WHERE id = ANY($1::int[])
       UNION
       SELECT d.id FROM sys_dept d JOIN tree t ON d.pid = t.id WHERE ($2::boolean IS FALSE OR d.enabled)
     ) SELECT id FROM tree`,
    [rootIds, enabledOnly],
  );
  return rows.map((r) => r.id);
}

export interface ScopeRole {
  dataScope: string;
  deptIds: number[];
}

/**
 * Union of the roles' scopes: 全部 → all (null); 本级 → the user's own dept; 自定义 → the chosen
 * depts and their enabled descendants. A user with no dept and only 本级 sees nothing ([]).
 */
export async function computeDataScope(withDescendants: (deptIds: number[]) => Promise<number[]>, roles: ScopeRole[], userDeptId: number | null): Promise<number[] | null> {
  if (roles.some((r) => r.dataScope === '全部')) return null;
  const ids = new Set<number>();
  for (const role of roles) {
    if (role.dataScope === '本级' && userDeptId != null) ids.add(userDeptId);
  }
  const custom = roles.filter((r) => r.dataScope === '自定义').flatMap((r) => r.deptIds);
  for (const id of custom.length ? await withDescendants(custom) : []) ids.add(id);
  return [...ids].sort((a, b) => a - b);
}

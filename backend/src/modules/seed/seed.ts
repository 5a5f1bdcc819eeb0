import type { EntityManager } from 'typeorm';
import { hashPassword } from '../../common/auth/password.js';
import { type AppConfig, DEMO_USER_PASSWORD } from '../../config/config.js';
import { SEED_DICTS } from '../dicts/index.js';
import { SEED_MENUS, type SeedMenu } from '../menus/index.js';
import { seedDemoNews } from '../news/index.js';
import { seedDemoProducts } from './seed-production.js';

interface DeptNode {
  name: string;
  children?: DeptNode[];
}

const DEPTS: DeptNode[] = [
  {
    name: '总部',
    children: [
      { name: '新闻中心', children: [{ name: '国际新闻部' }, { name: '编译部' }] },
      { name: '出版中心', children: [{ name: '期刊编辑部' }, { name: '审校部' }] },
      { name: '技术部' },
    ],
  },
];

const JOBS = ['主编', '编辑', '翻译', '审校', '技术支持'];

async function insertId(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const rows: Array<{ id: number }> = await em.query(`${sql} RETURNING id`, params);
  return rows[0].id;
}

async function seedDepts(em: EntityManager, nodes: DeptNode[], pid: number | null, ids: Map<string, number>): Promise<void> {
  let sort = 1;
  for (const node of nodes) {
    const id = await insertId(em, 'INSERT INTO sys_dept (pid, name, dept_sort, enabled, sub_count, create_by) VALUES ($1, $2, $3, true, $4, $5)', [
      pid,
      node.name,
      sort++,
      node.children?.length ?? 0,
      'system',
    ]);
    ids.set(node.name, id);
    if (node.children) await seedDepts(em, node.children, id, ids);
  }
}

interface MenuIds {
  all: number[];
  byModule: Map<string, number[]>;
  byPermission: Map<string, number>;
}

async function seedMenus(em: EntityManager, menus: SeedMenu[], pid: number | null, module: string, out: MenuIds, firstSort = 1): Promise<void> {
  let sort = firstSort;
  for (const m of menus) {
    const id = await insertId(
      em,
      `INSERT INTO sys_menu (pid, sub_count, type, title, name, component, menu_sort, icon, path, i_frame, cache, hidden, permission, module, create_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false, $11, $12, $13, 'system')`,
      [pid, m.children?.length ?? 0, m.type, m.title, m.componentName ?? null, m.component ?? null, sort++, m.icon ?? null, m.path ?? null, m.iFrame ?? false, m.hidden ?? false, m.permission ?? null, module],
    );
    out.all.push(id);
    out.byModule.set(module, [...(out.byModule.get(module) ?? []), id]);
    if (m.permission) out.byPermission.set(m.permission, id);
    if (m.children) await seedMenus(em, m.children, id, module, out);
  }
}

/** Ids of the menus carrying these permissions, plus their ancestors (so the sidebar shows them). */
async function menusFor(em: EntityManager, ids: MenuIds, permissions: string[]): Promise<number[]> {
  const leafIds = permissions.map((p) => ids.byPermission.get(p)).filter((id): id is number => id !== undefined);
  const rows: Array<{ id: number }> = await em.query(
    `WITH RECURSIVE up AS (SELECT id, pid FROM sys_menu WHERE id = ANY($1::int[])
       UNION SELECT m.id, m.pid FROM sys_menu m JOIN up ON m.id = up.pid) SELECT id FROM up`,
    [leafIds],
  );
  return rows.map((r) => r.id);
}

async function createRole(em: EntityManager, name: string, level: number, dataScope: string, description: string, menuIds: number[]): Promise<number> {
  const id = await insertId(em, "INSERT INTO sys_role (name, level, data_scope, description, create_by) VALUES ($1, $2, $3, $4, 'system')", [name, level, dataScope, description]);
  if (menuIds.length) await em.query('INSERT INTO sys_roles_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [id, menuIds]);
  return id;
}

async function createUser(
  em: EntityManager,
  u: { username: string; nickName: string; email: string; phone: string; gender: string; deptId: number; isAdmin?: boolean; password: string },
  roleIds: number[],
  jobIds: number[],
): Promise<void> {
  const id = await insertId(
    em,
    `INSERT INTO sys_user (username, nick_name, email, phone, gender, dept_id, is_admin, enabled, password, create_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, 'system')`,
    [u.username, u.nickName, u.email, u.phone, u.gender, u.deptId, u.isAdmin ?? false, await hashPassword(u.password)],
  );
  await em.query('INSERT INTO sys_users_roles (user_id, role_id) SELECT $1, unnest($2::int[])', [id, roleIds]);
  await em.query('INSERT INTO sys_users_jobs (user_id, job_id) SELECT $1, unnest($2::int[])', [id, jobIds]);
}

/**
 * First-start data: a department tree, jobs, roles, menus for every area with their permission
 * codes, dictionaries, the admin (password ADMIN_PASSWORD) and — outside production — an editor,
 * a translator and a reviewer (password DEFAULT_USER_PASSWORD, else the documented demo password
 * `123456`; demo accounts are not asked to change it).
 */
export async function seedDemoData(em: EntityManager, config: AppConfig): Promise<void> {
  const depts = new Map<string, number>();
  await seedDepts(em, DEPTS, null, depts);

  const jobs = new Map<string, number>();
  let jobSort = 1;
  for (const name of JOBS) jobs.set(name, await insertId(em, "INSERT INTO sys_job (name, job_sort, enabled, create_by) VALUES ($1, $2, true, 'system')", [name, jobSort++]));

  const menus: MenuIds = { all: [], byModule: new Map(), byPermission: new Map() };
  // Top-level order follows the launch page's modules: system 1.., process 11.., collect 21.., storage 31..
  for (const [i, group] of SEED_MENUS.entries()) await seedMenus(em, group.menus, null, group.module, menus, i * 10 + 1);

  const processMenus = menus.byModule.get('process') ?? [];
  const basic = ['news:list', 'newsCollect:list', 'newsCollect:add', 'newsCollect:edit', 'newsCollect:del', 'manuscript:list', 'manuscript:add', 'vote:list', 'vote:cast'];
  const admin = await createRole(em, '管理员', 1, '全部', '系统管理员，拥有全部权限', menus.all);
  const ordinary = await createRole(em, '普通用户', 2, '本级', '普通工作人员：浏览、收藏、投稿', await menusFor(em, menus, basic));
  const editor = await createRole(em, '编辑', 2, '本级', '期刊编辑：产品、期刊与稿件', [
    ...new Set([
      ...processMenus,
      ...(await menusFor(em, menus, ['productJournal:list', 'productJournal:add', 'productJournal:edit', 'productJournal:del', 'productJournal:manu', 'manuscript:edit', 'manuscript:del', 'manuscript:admin'])),
    ]),
  ]);
  const translator = await createRole(em, '翻译', 3, '本级', '译员：认领并翻译新闻', await menusFor(em, menus, [...basic, 'news:translate', 'news:recommend']));
  const reviewer = await createRole(em, '审校', 2, '本级', '审校：审核译文、精选与推送', await menusFor(em, menus, [...basic, 'news:translate', 'news:judge', 'news:choice', 'news:push', 'news:noise', 'news:recommend']));

  await createUser(em, { username: 'admin', nickName: '管理员', email: 'admin@horizon.local', phone: '13800000000', gender: '男', deptId: depts.get('总部')!, isAdmin: true, password: config.adminPassword }, [admin], [jobs.get('主编')!]);
  if (!config.production) {
    const password = config.defaultUserPassword ?? DEMO_USER_PASSWORD;
    await createUser(em, { username: 'editor', nickName: '张编辑', email: 'editor@horizon.local', phone: '13800000001', gender: '女', deptId: depts.get('期刊编辑部')!, password }, [ordinary, editor], [jobs.get('编辑')!]);
    await createUser(em, { username: 'translator', nickName: '李翻译', email: 'translator@horizon.local', phone: '13800000002', gender: '男', deptId: depts.get('编译部')!, password }, [ordinary, translator], [jobs.get('翻译')!]);
    await createUser(em, { username: 'reviewer', nickName: '王审校', email: 'reviewer@horizon.local', phone: '13800000003', gender: '女', deptId: depts.get('国际新闻部')!, password }, [ordinary, reviewer], [jobs.get('审校')!]);
  }

  for (const dict of SEED_DICTS) {
    const dictId = await insertId(em, "INSERT INTO sys_dict (name, description, create_by) VALUES ($1, $2, 'system')", [dict.name, dict.description]);
    let sort = 1;
    for (const [label, value] of dict.details) {
      await em.query("INSERT INTO sys_dict_detail (dict_id, label, value, dict_sort, create_by) VALUES ($1, $2, $3, $4, 'system')", [dictId, label, value, sort++]);
    }
  }

  // Demo news (websites, items, a little department state): outside production only.
  if (!config.production) await seedDemoNews(em);
  // Demo products and issues: on a development start only (tests and production begin without products).
  if (config.nodeEnv === 'development') await seedDemoProducts(em, depts);
}

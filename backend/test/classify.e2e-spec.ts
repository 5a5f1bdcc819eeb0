import { DataSource } from 'typeorm';
import { ClassifyService } from '../src/modules/classify/classify.service';
import { insertNews } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Node {
  id: number;
  pid: number | null;
  name: string;
  code: string | null;
  seq: number;
  label: string;
  leaf: boolean;
  hasChildren: boolean;
  children?: Node[];
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const find = (nodes: Node[], name: string): Node | undefined => flatten(nodes).find((n) => n.name === name);

describe('api/NewsClassify', () => {
  let t: TestApp;
  let admin: string;
  let translator: string;
  let service: ClassifyService;

  const tree = async (path = 'list', token = admin): Promise<Node[]> => {
    const res = await t.http().get(`/api/NewsClassify/${path}`).set('Authorization', bearer(token));
    expect(res.status).toBe(200);
    return res.body as Node[];
  };
  const create = (body: object, token = admin) => t.http().post('/api/NewsClassify').set('Authorization', bearer(token)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    translator = await t.login('translator');
    service = t.app.get(ClassifyService);
  });
  afterAll(() => t.close());

  it('the migration matches the entities', async () => {
    const sql = await t.app.get(DataSource).driver.createSchemaBuilder().log();
    const mine = sql.upQueries.map((q) => q.query).filter((q) => /news_(classify|theme)/.test(q));
    expect(mine).toEqual([]);
  });

  it('answers the seeded tree from the root 全部 (id 9999), sorted by seq, to any logged-in user', async () => {
    const roots = await tree('list', translator);
    expect(roots).toHaveLength(1);
    const [root] = roots;
    expect(root).toMatchObject({ id: 9999, pid: null, name: '全部', label: '全部', leaf: false, hasChildren: true });
    expect(root.children!.map((c) => c.name)).toEqual(['政治', '经济', '科技', '社会', '军事', '噪音']);
    expect(find(roots, '噪音')).toMatchObject({ code: 'A5000', pid: 9999, leaf: true, hasChildren: false });
    expect(find(roots, '科技')!.children!.map((c) => c.name)).toEqual(['人工智能', '半导体', '航天', '生物医药']);
    expect(find(roots, '人工智能')).toMatchObject({ code: 'A3001', leaf: true, hasChildren: false });
    expect(find(roots, '人工智能')).not.toHaveProperty('children');
    const all = flatten(roots);
    expect(all).toHaveLength(1 + 6 + 16);
    expect(all.filter((n) => n.id !== 9999).every((n) => n.id >= 10000)).toBe(true);
  });

  it('listWithout leaves out the noise class', async () => {
    const roots = await tree('listWithout', translator);
    expect(roots[0].id).toBe(9999);
    expect(roots[0].children!.map((c) => c.name)).toEqual(['政治', '经济', '科技', '社会', '军事']);
    expect(flatten(roots).some((n) => n.code === 'A5000')).toBe(false);
  });

  it('findAll answers the flat list', async () => {
    const res = await t.http().get('/api/NewsClassify/findAll').set('Authorization', bearer(translator));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(23);
    expect(res.body).toContainEqual({ id: 9999, pid: null, name: '全部', code: null, seq: 0 });
    expect(Object.keys(res.body[1]).sort()).toEqual(['code', 'id', 'name', 'pid', 'seq']);
  });

  it('creates under a parent with ids from 10000, edits, filters by enabled and deletes with descendants', async () => {
    const politics = find(await tree(), '政治')!;
    const parent = await create({ pid: politics.id, name: '国际组织', code: 'A1090', seq: 9 });
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({ pid: politics.id, name: '国际组织', code: 'A1090', seq: 9, leaf: true, label: '国际组织' });
    expect(parent.body.id).toBeGreaterThanOrEqual(10000);
    const child = await create({ pid: parent.body.id, name: '联合国', enabled: 'false' });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ code: null, seq: 999 });
    const grandchild = await create({ pid: child.body.id, name: '安理会' });

    let roots = await tree();
    expect(find(roots, '国际组织')).toMatchObject({ leaf: false, hasChildren: true });
    expect(find(roots, '政治')!.children!.map((c) => c.name)).toEqual(['外交', '选举', '国防安全', '国际组织']);
    const enabledOnly = await t.http().get('/api/NewsClassify/list?enabled=true').set('Authorization', bearer(admin));
    expect(find(enabledOnly.body, '联合国')).toBeUndefined();
    expect(find(enabledOnly.body, '安理会')).toBeUndefined(); // under a disabled class
    expect(find(enabledOnly.body, '国际组织')).toMatchObject({ leaf: true });

    const edited = await t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send({ id: child.body.id, pid: 9999, name: '联合国系统', seq: 50, enabled: true, createTime: 'ignored' });
    expect(edited.status).toBe(204);
    roots = await tree();
    expect(find(roots, '联合国系统')).toMatchObject({ pid: 9999, seq: 50, hasChildren: true });
    expect(roots[0].children!.map((c) => c.name)).toEqual(['政治', '经济', '科技', '社会', '军事', '联合国系统', '噪音']);

    expect(await service.descendantIds([child.body.id])).toEqual([child.body.id, grandchild.body.id].sort((a, b) => a - b));
    const deleted = await t.http().delete('/api/NewsClassify/').set('Authorization', bearer(admin)).send([child.body.id]);
    expect(deleted.status).toBe(200);
    roots = await tree();
    expect(find(roots, '联合国系统')).toBeUndefined();
    expect(find(roots, '安理会')).toBeUndefined();
    expect(await service.descendantIds([grandchild.body.id])).toEqual([]);
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([child.body.id])).status).toBe(404);
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([parent.body.id])).status).toBe(200);
  });

  it('exports descendantIds, noiseId, leafIds and assertLeaves for the news module', async () => {
    const roots = await tree();
    const tech = find(roots, '科技')!;
    const techIds = [tech.id, ...tech.children!.map((c) => c.id)].sort((a, b) => a - b);
    expect(await service.descendantIds([tech.id])).toEqual(techIds);
    expect(await service.descendantIds([])).toEqual([]);
    expect((await service.descendantIds([9999])).length).toBe(23);
    const noise = find(roots, '噪音')!;
    expect(await service.noiseId()).toBe(noise.id);
    const ai = find(roots, '人工智能')!;
    expect(await service.leafIds([tech.id, ai.id, 9999, noise.id, 12345678])).toEqual([ai.id, noise.id]);
    await expect(service.assertLeaves([ai.id, noise.id])).resolves.toBeUndefined();
    await expect(service.assertLeaves([ai.id, tech.id])).rejects.toMatchObject({ status: 400, message: '只能选择最末级分类' });
    await expect(service.assertLeaves([12345678])).rejects.toMatchObject({ status: 400 });
  });

  it('answers 400 with a readable message on bad input', async () => {
    const roots = await tree();
    const politics = find(roots, '政治')!;
    const diplomacy = find(roots, '外交')!;
    const noise = find(roots, '噪音')!;
    const cases: Array<['POST' | 'PUT', object | unknown[], string]> = [
      ['POST', { name: '无上级' }, '上级分类 id 必须是整数'],
      ['POST', { pid: 'x', name: '无上级' }, '上级分类 id 必须是整数'],
      ['POST', { pid: 9999 }, '分类名称不能为空'],
      ['POST', { pid: 9999, name: 'x'.repeat(101) }, '分类名称不能超过 100 个字符'],
      ['POST', { pid: 9999, name: '长编码', code: 'A'.repeat(33) }, '分类编码不能超过 32 个字符'],
      ['POST', { pid: 9999, name: '坏排序', seq: 'abc' }, '排序必须是整数'],
      ['POST', { pid: 12345678, name: '孤儿' }, '上级分类不存在'],
      ['POST', { pid: 9999, name: '重复编码', code: 'A1000' }, '分类编码 A1000 已存在'],
      ['PUT', { pid: 9999, name: '无id' }, 'id 必须是整数'],
      ['PUT', { id: 9999, pid: 9999, name: '全部' }, '根分类“全部”不能修改'],
      ['PUT', { id: politics.id, pid: politics.id, name: '政治' }, '上级分类不能为自己'],
      ['PUT', { id: politics.id, pid: diplomacy.id, name: '政治' }, '上级分类不能为自己的下级分类'],
      ['PUT', { id: politics.id, pid: 12345678, name: '政治' }, '上级分类不存在'],
      ['PUT', { id: noise.id, pid: 9999, name: '噪音', code: 'A5001' }, '噪音分类的编码 A5000 不能修改'],
    ];
    for (const [method, body, message] of cases) {
      const req = method === 'POST' ? t.http().post('/api/NewsClassify') : t.http().put('/api/NewsClassify');
      const res = await req.set('Authorization', bearer(admin)).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const del = (ids: unknown) => t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send(ids as object);
    expect((await del([9999])).body).toMatchObject({ status: 400, message: '根分类“全部”不能删除' });
    expect((await del([noise.id])).body).toMatchObject({ status: 400, message: '噪音分类不能删除' });
    expect((await del(['x'])).status).toBe(400);
    expect((await del({})).body.message).toBe('请选择要操作的数据（id 数组）');
    expect((await t.http().get('/api/NewsClassify/list?enabled=maybe').set('Authorization', bearer(admin))).body.message).toBe('enabled 必须是 true 或 false');
    // Nothing changed.
    expect(flatten(await tree())).toHaveLength(23);
  });

  it('the noise class cannot be deleted through a parent it was moved under', async () => {
    const roots = await tree();
    const noise = find(roots, '噪音')!;
    const box = await create({ pid: 9999, name: '临时' });
    expect((await t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send({ id: noise.id, pid: box.body.id, name: '噪音', code: 'A5000' })).status).toBe(204);
    const res = await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([box.body.id]);
    expect(res.body).toMatchObject({ status: 400, message: '噪音分类不能删除' });
    expect((await t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send({ id: noise.id, pid: 9999, name: '噪音', code: 'A5000', seq: 99 })).status).toBe(204);
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([box.body.id])).status).toBe(200);
  });

  it('answers the create time of each node for the admin screen', async () => {
    const node = find(await tree(), '人工智能')!;
    expect((node as Node & { createTime: string }).createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps the noise class enabled and a leaf', async () => {
    const noise = find(await tree(), '噪音')!;
    const put = (body: object) => t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send(body);
    expectError(await put({ id: noise.id, pid: 9999, name: '噪音', code: 'A5000', enabled: false }), 400, '噪音分类不能停用');
    expectError(await create({ pid: noise.id, name: '噪音子类' }), 400, '噪音分类下不能有下级分类');
    const box = await create({ pid: 9999, name: '待移动' });
    expectError(await put({ id: box.body.id, pid: noise.id, name: '待移动' }), 400, '噪音分类下不能有下级分类');
    // renaming and reordering it stay allowed
    expect((await put({ id: noise.id, pid: 9999, name: '噪音', code: 'A5000', seq: 99, enabled: true })).status).toBe(204);
    expect(find(await tree(), '噪音')).toMatchObject({ enabled: true, leaf: true });
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([box.body.id])).status).toBe(200);
  });

  it('re-parents by PUT (the drag of the admin screen) and refuses a cycle', async () => {
    const a = await create({ pid: 9999, name: '移动甲' });
    const b = await create({ pid: a.body.id, name: '移动乙' });
    const put = (body: object) => t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send(body);
    expectError(await put({ id: a.body.id, pid: b.body.id, name: '移动甲' }), 400, '上级分类不能为自己的下级分类');
    expect((await put({ id: b.body.id, pid: 9999, name: '移动乙' })).status).toBe(204);
    expect((await put({ id: a.body.id, pid: b.body.id, name: '移动甲' })).status).toBe(204);
    expect(find(await tree(), '移动乙')!.children!.map((c) => c.name)).toEqual(['移动甲']);
    // two crossing moves at once: the tree lock lets one through, the other sees the new parent
    const c = await create({ pid: 9999, name: '移动丙' });
    const d = await create({ pid: 9999, name: '移动丁' });
    const results = await Promise.all([put({ id: c.body.id, pid: d.body.id, name: '移动丙' }), put({ id: d.body.id, pid: c.body.id, name: '移动丁' })]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe('上级分类不能为自己的下级分类');
    const ids = [a.body.id, b.body.id, c.body.id, d.body.id];
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send(ids)).status).toBe(200);
  });

  it('refuses to delete a class that items are filed under, directly or below it', async () => {
    const db = t.app.get(DataSource);
    const parent = await create({ pid: 9999, name: '在用上级' });
    const leaf = await create({ pid: parent.body.id, name: '在用末级' });
    const newsId = await insertNews(db, { classify: [leaf.body.id] });
    const del = (ids: number[]) => t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send(ids);
    const refused = await del([parent.body.id]);
    expectError(refused, 400, '所选分类（或其下级分类）下还有新闻，请先将这些新闻改到其他分类再删除');
    expect(refused.body.code).toBe('IN_USE');
    expect(find(await tree(), '在用末级')).toBeDefined();
    // a department's override counts too
    await db.query('UPDATE news SET classify = $1 WHERE id = $2', [[], newsId]);
    await db.query('INSERT INTO news_dept (news_id, dept_id, classify) VALUES ($1, 2, $2)', [newsId, [leaf.body.id]]);
    expectError(await del([leaf.body.id]), 400, '所选分类（或其下级分类）下还有新闻，请先将这些新闻改到其他分类再删除');
    await db.query('DELETE FROM news_dept WHERE news_id = $1', [newsId]);
    expect((await del([parent.body.id])).status).toBe(200);
    expect(find(await tree(), '在用末级')).toBeUndefined();
  });

  it('answers 404 for an unknown class on edit and delete', async () => {
    expect((await t.http().put('/api/NewsClassify').set('Authorization', bearer(admin)).send({ id: 12345678, pid: 9999, name: '无' })).status).toBe(404);
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(admin)).send([12345678])).status).toBe(404);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    for (const path of ['list', 'listWithout', 'findAll']) expect((await t.http().get(`/api/NewsClassify/${path}`)).status).toBe(401);
    expect((await t.http().post('/api/NewsClassify').send({ pid: 9999, name: 'x' })).status).toBe(401);
    const denied = await create({ pid: 9999, name: 'x' }, translator);
    expect(denied.status).toBe(403);
    expect((await t.http().put('/api/NewsClassify').set('Authorization', bearer(translator)).send({ id: 10001, pid: 9999, name: 'x' })).status).toBe(403);
    expect((await t.http().delete('/api/NewsClassify').set('Authorization', bearer(translator)).send([10001])).status).toBe(403);
  });
});

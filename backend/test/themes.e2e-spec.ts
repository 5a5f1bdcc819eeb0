import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Theme {
  id: number;
  title: string;
  keywords: string[];
  seq: number;
  createTime: string;
}

describe('api/newsTheme', () => {
  let t: TestApp;
  let admin: string;
  let translator: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  const findAll = async (token = admin): Promise<Theme[]> => {
    const res = await t.http().get('/api/newsTheme/findAll').set('Authorization', bearer(token));
    expect(res.status).toBe(200);
    return res.body as Theme[];
  };

  it('findAll answers the seeded themes sorted by seq to any logged-in user', async () => {
    const themes = await findAll(translator);
    expect(themes.map((x) => x.title)).toEqual(['能源安全', '人工智能治理', '半导体供应链', '气候变化', '中美关系']);
    const chips = themes.find((x) => x.title === '半导体供应链')!;
    expect(chips.keywords).toEqual(expect.arrayContaining(['芯片', 'semiconductor']));
    expect(themes[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('themeList pages and filters by title', async () => {
    const res = await t.http().get('/api/newsTheme/themeList?page=0&size=2').set('Authorization', bearer(translator));
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(5);
    expect(res.body.content.map((x: Theme) => x.title)).toEqual(['能源安全', '人工智能治理']);
    const filtered = await t.http().get('/api/newsTheme/themeList?title=人工').set('Authorization', bearer(translator));
    expect(filtered.body).toMatchObject({ totalElements: 1, content: [{ title: '人工智能治理' }] });
    const literal = await t.http().get('/api/newsTheme/themeList?title=%25').set('Authorization', bearer(translator));
    expect(literal.body.totalElements).toBe(0);
    const sorted = await t.http().get('/api/newsTheme/themeList?sort=id,desc&size=1').set('Authorization', bearer(translator));
    expect(sorted.body.content[0].title).toBe('中美关系');
  });

  it('creates, edits and deletes a theme', async () => {
    const created = await t.http().post('/api/newsTheme').set('Authorization', bearer(admin)).send({ title: '北极航道', keywords: [' 北极 ', 'Arctic', '北极', ''], seq: 6 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '北极航道', keywords: ['北极', 'Arctic'], seq: 6, createBy: 'admin' });
    const id = created.body.id;
    const edited = await t.http().put('/api/newsTheme').set('Authorization', bearer(admin)).send({ id, title: '北极航线', keywords: ['Northern Sea Route'], createTime: 'ignored' });
    expect(edited.status).toBe(204);
    const after = (await findAll()).find((x) => x.id === id);
    expect(after).toMatchObject({ title: '北极航线', keywords: ['Northern Sea Route'], seq: 6 });
    const keep = await t.http().put('/api/newsTheme').set('Authorization', bearer(admin)).send({ id, title: '北极航线' });
    expect(keep.status).toBe(204);
    expect((await findAll()).find((x) => x.id === id)!.keywords).toEqual(['Northern Sea Route']);
    const deleted = await t.http().delete('/api/newsTheme/').set('Authorization', bearer(admin)).send([id]);
    expect(deleted.status).toBe(200);
    expect((await t.http().delete('/api/newsTheme').set('Authorization', bearer(admin)).send([id])).status).toBe(404);
  });

  it('createList creates the new titles only and answers them', async () => {
    const res = await t.http().post('/api/newsTheme/createList').set('Authorization', bearer(admin)).send([
      { title: '气候变化', keywords: ['重复'] },
      { title: '太空竞争', keywords: ['航天', 'space race'] },
      { title: '粮食安全' },
      { title: '太空竞争', keywords: ['第二次'] },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((x: Theme) => [x.title, x.keywords])).toEqual([['太空竞争', ['航天', 'space race']], ['粮食安全', []]]);
    const themes = await findAll();
    expect(themes).toHaveLength(7);
    expect(themes.find((x) => x.title === '气候变化')!.keywords).not.toContain('重复');
    const again = await t.http().post('/api/newsTheme/createList').set('Authorization', bearer(admin)).send([{ title: '粮食安全' }]);
    expect(again.body).toEqual([]);
    const ids = res.body.map((x: Theme) => x.id);
    expect((await t.http().delete('/api/newsTheme').set('Authorization', bearer(admin)).send(ids)).status).toBe(200);
  });

  it('answers 400 with a readable message on bad input', async () => {
    const [first] = await findAll();
    const cases: Array<['POST' | 'PUT', object | unknown[], string]> = [
      ['POST', { keywords: [] }, '主题名称不能为空'],
      ['POST', { title: 'x'.repeat(101) }, '主题名称不能超过 100 个字符'],
      ['POST', { title: '坏关键词', keywords: 'a,b' }, '关键词必须是数组'],
      ['POST', { title: '坏关键词', keywords: [1] }, '关键词必须是字符串'],
      ['POST', { title: '坏排序', seq: 'abc' }, '排序必须是整数'],
      ['POST', { title: '能源安全' }, '主题 能源安全 已存在'],
      ['PUT', { title: '无id' }, 'id 必须是整数'],
      ['PUT', { id: first.id, title: '中美关系' }, '主题 中美关系 已存在'],
    ];
    for (const [method, body, message] of cases) {
      const req = method === 'POST' ? t.http().post('/api/newsTheme') : t.http().put('/api/newsTheme');
      const res = await req.set('Authorization', bearer(admin)).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const list = (body: unknown) => t.http().post('/api/newsTheme/createList').set('Authorization', bearer(admin)).send(body as object);
    expect((await list([])).body).toMatchObject({ status: 400, message: '请提交要新增的主题（数组）' });
    expect((await list({ title: 'x' })).body.message).toBe('请提交要新增的主题（数组）');
    expect((await list([{ title: 'ok' }, { keywords: [] }])).body).toMatchObject({ status: 400, message: '第 2 个主题：主题名称不能为空' });
    expect((await list(['x'])).body.message).toBe('第 1 个主题格式不正确');
    expect((await t.http().delete('/api/newsTheme').set('Authorization', bearer(admin)).send(['x'])).status).toBe(400);
    expect((await t.http().get('/api/newsTheme/themeList?sort=keywords,asc').set('Authorization', bearer(admin))).body.message).toBe('不支持的排序字段: keywords');
    expect((await t.http().get('/api/newsTheme/themeList?size=5000').set('Authorization', bearer(admin))).body.message).toBe('size 不能超过 1000');
    expect(await findAll()).toHaveLength(5);
  });

  it('answers 404 for an unknown theme on edit and delete', async () => {
    expect((await t.http().put('/api/newsTheme').set('Authorization', bearer(admin)).send({ id: 999999, title: '无' })).status).toBe(404);
    expect((await t.http().delete('/api/newsTheme').set('Authorization', bearer(admin)).send([999999])).status).toBe(404);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await t.http().get('/api/newsTheme/findAll')).status).toBe(401);
    expect((await t.http().get('/api/newsTheme/themeList')).status).toBe(401);
    expect((await t.http().post('/api/newsTheme').set('Authorization', bearer(translator)).send({ title: 'x' })).status).toBe(403);
    expect((await t.http().post('/api/newsTheme/createList').set('Authorization', bearer(translator)).send([{ title: 'x' }])).status).toBe(403);
    expect((await t.http().put('/api/newsTheme').set('Authorization', bearer(translator)).send({ id: 1, title: 'x' })).status).toBe(403);
    expect((await t.http().delete('/api/newsTheme').set('Authorization', bearer(translator)).send([1])).status).toBe(403);
  });
});

import { DataSource } from 'typeorm';
import { InterestsRepository } from '../src/modules/interests/interests.repository';
import { SubscriptionNotifier } from '../src/modules/interests/subscription-notifier.service';
import { NoticeService } from '../src/modules/realtime/index';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Interest {
  id: number | null;
  userId: number;
  websiteIds: string;
  classifyIds: string;
  themeIds: string;
  frequency: string;
  createTime: string | null;
  updateTime: string | null;
}

interface Website {
  id: number;
  name: string;
  url: string;
  language: string | null;
  country: string | null;
  checked: boolean;
}

interface ClassNode {
  id: number;
  pid: number | null;
  name: string;
  code: string | null;
  checked: boolean;
  children?: ClassNode[];
}

interface Row {
  id: number;
  webId: number | null;
  classify: number[];
}

const flatten = (nodes: ClassNode[]): ClassNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('api/newsInterest', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const ids: Record<string, number> = {};
  let websites: number[];

  const req = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string | null) => {
    const r = t.http()[method](`/api/newsInterest${path}`);
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const classId = async (code: string) => ((await db.query('SELECT id FROM news_classify WHERE code = $1', [code])) as Array<{ id: number }>)[0].id;
  const classByName = async (name: string) => ((await db.query('SELECT id FROM news_classify WHERE name = $1', [name])) as Array<{ id: number }>)[0].id;
  const find = async (token: string, query: Record<string, unknown> = {}): Promise<Interest> => {
    const res = await req('get', '/findByUserId', token).query(query);
    expect(res.status).toBe(200);
    return res.body as Interest;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('interestless');
    for (const r of (await db.query("SELECT id, username FROM sys_user WHERE username IN ('admin', 'translator', 'reviewer', 'interestless')")) as Array<{ id: number; username: string }>) {
      ids[r.username] = r.id;
    }
    websites = ((await db.query('SELECT id FROM news_website ORDER BY id')) as Array<{ id: number }>).map((r) => r.id);
    expect(websites.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => t.close());

  it('the migration matches the entities', async () => {
    const sql = await t.app.get(DataSource).driver.createSchemaBuilder().log();
    const mine = sql.upQueries.map((q) => q.query).filter((q) => /news_interest/.test(q));
    expect(mine).toEqual([]);
  });

  it('findByUserId answers a blank row to a user who never subscribed (any logged-in user)', async () => {
    expect(await find(nobody)).toEqual({
      id: null,
      userId: ids.interestless,
      websiteIds: '',
      classifyIds: '',
      themeIds: '',
      frequency: 'hourly',
      createTime: null,
      updateTime: null,
    });
    expect((await req('get', '/findByUserId', null)).status).toBe(401);
  });

  it('POST creates the caller\'s row from comma strings, then replaces it (one row per user); a list left out is kept', async () => {
    const [a, b, c] = websites;
    const ai = await classId('A3001');
    const created = await req('post', '', translator).send({ websiteIds: ` ${a}, ${b},,${a}`, classifyIds: String(ai) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: ids.translator, websiteIds: `${a},${b}`, classifyIds: String(ai) });
    expect(created.body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const id = created.body.id as number;
    expect(typeof id).toBe('number');

    const replaced = await req('post', '', translator).send({ userId: ids.translator, websiteIds: [c, String(a)] });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id, websiteIds: `${c},${a}`, classifyIds: String(ai) });
    expect(await find(translator)).toMatchObject({ id, userId: ids.translator, websiteIds: `${c},${a}`, classifyIds: String(ai) });
    expect(((await db.query('SELECT count(*)::int AS n FROM news_interest WHERE user_id = $1', [ids.translator])) as Array<{ n: number }>)[0].n).toBe(1);

    const cleared = await req('post', '', translator).send({ websiteIds: '', classifyIds: [] });
    expect(cleared.body).toMatchObject({ id, websiteIds: '', classifyIds: '' });
  });

  it('validates the id lists with readable messages', async () => {
    const post = (body: object) => req('post', '', translator).send(body);
    const bad = async (body: object, message: RegExp) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad({ websiteIds: '1,a' }, /关注的网站必须是正整数 id/);
    await bad({ websiteIds: [1.5] }, /关注的网站必须是正整数 id/);
    await bad({ websiteIds: '0' }, /关注的网站必须是正整数 id/);
    await bad({ websiteIds: '3000000000' }, /关注的网站超出范围/);
    await bad({ websiteIds: { a: 1 } }, /关注的网站必须是逗号分隔的 id 或 id 数组/);
    await bad({ classifyIds: Array.from({ length: 501 }, (_, i) => i + 1) }, /关注的分类不能超过 500 个/);
    await bad({ websiteIds: [websites[0], 999999] }, /^网站不存在: 999999$/);
    await bad({ classifyIds: '999999' }, /^分类不存在: 999999$/);
    await bad({ classifyIds: [await classId('A5000')] }, /噪音/);
    await bad({ userId: 'x' }, /userId 必须是整数/);
    // Nothing was written by the failed calls.
    expect((await find(translator)).websiteIds).toBe('');
  });

  it('type=interest of the news list shows only items of the subscribed websites and classes (with descendants)', async () => {
    const web = websites[1];
    const tech = await classByName('科技');
    const techIds = ((await db.query('SELECT id FROM news_classify WHERE id = $1 OR pid = $1', [tech])) as Array<{ id: number }>).map((r) => r.id);
    const saved = await req('post', '', translator).send({ websiteIds: String(web), classifyIds: String(tech) });
    expect(saved.status).toBe(201);
    const res = await t.http().get('/api/news/list').query({ type: 'interest', size: 1000 }).set('Authorization', bearer(translator));
    expect(res.status).toBe(200);
    const rows = res.body.content as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.webId === web || r.classify.some((c) => techIds.includes(c))).toBe(true);
    expect(rows.some((r) => r.webId === web)).toBe(true);
    expect(rows.some((r) => r.webId !== web)).toBe(true); // matched through a descendant class of 科技
    const [{ n }] = await db.query(
      'SELECT count(*)::int AS n FROM news WHERE NOT is_noise AND (web_id = $1 OR classify && $2::int[])',
      [web, techIds],
    );
    expect(res.body.totalElements).toBe(n);
    // Another user's interest tab is not affected.
    const other = await t.http().get('/api/news/list').query({ type: 'interest' }).set('Authorization', bearer(reviewer));
    expect(other.body.totalElements).toBe(0);
  });

  it('interestList pages the websites with checked flags and filters by name', async () => {
    await req('post', '', translator).send({ websiteIds: [websites[0], websites[2]] });
    const res = await req('get', '/interestList', translator).query({ page: 0, size: 2 });
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(websites.length);
    const rows = res.body.content as Website[];
    expect(rows.map((w) => w.id)).toEqual(websites.slice(0, 2));
    expect(rows.map((w) => w.checked)).toEqual([true, false]);
    expect(Object.keys(rows[0]).sort()).toEqual(['checked', 'country', 'id', 'language', 'name', 'url']);
    const all = (await req('get', '/interestList', translator).query({ size: 100 })).body.content as Website[];
    expect(all.filter((w) => w.checked).map((w) => w.id)).toEqual([websites[0], websites[2]]);
    const filtered = await req('get', '/interestList', translator).query({ name: 'korea' });
    expect(filtered.body).toMatchObject({ totalElements: 1, content: [{ name: 'Korea Tech Review' }] });
    expect((await req('get', '/interestList', translator).query({ name: '%' })).body.totalElements).toBe(0);
    const sorted = await req('get', '/interestList', translator).query({ sort: 'name,desc', size: 1 });
    expect(sorted.body.content[0].name).toBe('Tokyo Business Daily');
    expect((await req('get', '/interestList', translator).query({ sort: 'nope,asc' })).status).toBe(400);
    expect((await req('get', '/interestList', translator).query({ size: 0 })).status).toBe(400);
    // Someone who never subscribed sees nothing checked.
    expect(((await req('get', '/interestList', nobody).query({ size: 100 })).body.content as Website[]).some((w) => w.checked)).toBe(false);
    expect((await req('get', '/interestList', null)).status).toBe(401);
  });

  it('createByUserIdAndIndustry sets the classes (inner or leaf) and keeps the websites; findClassifyTree / findClassifyList mark them', async () => {
    const before = await find(translator);
    const economy = await classByName('经济');
    const ai = await classId('A3001');
    const res = await req('post', '/createByUserIdAndIndustry', translator).send({ userId: ids.translator, industry: `${economy},${ai}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: before.id, websiteIds: before.websiteIds, classifyIds: `${economy},${ai}` });
    const viaArray = await req('post', '/createByUserIdAndIndustry', translator).send({ classifyIds: [ai, economy] });
    expect(viaArray.body.classifyIds).toBe(`${ai},${economy}`);

    const tree = await req('get', '/findClassifyTree', translator);
    expect(tree.status).toBe(200);
    expect(tree.body).toHaveLength(1);
    expect(tree.body[0]).toMatchObject({ id: 9999, name: '全部', checked: false });
    const nodes = flatten(tree.body as ClassNode[]);
    expect(nodes.filter((n) => n.checked).map((n) => n.id).sort()).toEqual([ai, economy].sort());
    expect(nodes.some((n) => n.code === 'A5000')).toBe(false);
    const economyNode = nodes.find((n) => n.id === economy)!;
    expect(economyNode.children!.length).toBeGreaterThan(0);
    expect(economyNode.children!.every((c) => !c.checked)).toBe(true); // implied, not marked

    const list = await req('get', '/findClassifyList', translator);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(nodes.length);
    expect(list.body[0]).toEqual({ id: 9999, name: '全部', pid: null, code: null, checked: false });
    expect((list.body as ClassNode[]).filter((c) => c.checked).map((c) => c.id).sort()).toEqual([ai, economy].sort());
    const named = await req('get', '/findClassifyList', translator).query({ name: '人工' });
    expect(named.body).toEqual([{ id: ai, name: '人工智能', pid: expect.any(Number), code: 'A3001', checked: true }]);

    const unknown = await req('post', '/createByUserIdAndIndustry', translator).send({ classifyIds: [ai, 999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('分类不存在: 999999');
    const none = await req('post', '/createByUserIdAndIndustry', translator).send({});
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/请选择要关注的分类/);
    expect((await req('post', '/createByUserIdAndIndustry', null).send({ classifyIds: [ai] })).status).toBe(401);
    expect((await req('get', '/findClassifyTree', null)).status).toBe(401);
    expect((await req('get', '/findClassifyList', null)).status).toBe(401);
  });

  it('someone else\'s settings: 403 for users, allowed for the admin', async () => {
    const other = { userId: ids.reviewer };
    for (const res of [
      await req('get', '/findByUserId', translator).query(other),
      await req('get', '/interestList', translator).query(other),
      await req('get', '/findClassifyTree', translator).query(other),
      await req('post', '', translator).send({ ...other, websiteIds: String(websites[0]) }),
      await req('post', '/createByUserIdAndIndustry', translator).send({ ...other, classifyIds: [] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('只能查看或修改自己的关注设置');
    }
    const byAdmin = await req('post', '', admin).send({ ...other, websiteIds: String(websites[3]) });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ userId: ids.reviewer, websiteIds: String(websites[3]) });
    expect(await find(admin, other)).toMatchObject({ id: byAdmin.body.id, userId: ids.reviewer });
    expect(await find(reviewer)).toMatchObject({ id: byAdmin.body.id, websiteIds: String(websites[3]) });
    const ghost = await req('get', '/findByUserId', admin).query({ userId: 999999 });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('用户不存在: id is 999999');
  });

  it('PUT edits the own row by id; someone else\'s → 403, unknown → 404', async () => {
    const mine = await find(translator);
    const theirs = await find(reviewer);
    const ok = await req('put', '', translator).send({ id: mine.id, websiteIds: [websites[4]] });
    expect(ok.status).toBe(204);
    expect(await find(translator)).toMatchObject({ id: mine.id, websiteIds: String(websites[4]), classifyIds: mine.classifyIds });
    const foreign = await req('put', '', translator).send({ id: theirs.id, websiteIds: '' });
    expect(foreign.status).toBe(403);
    expect((await find(reviewer)).websiteIds).toBe(theirs.websiteIds);
    expect((await req('put', '', translator).send({ id: mine.id, userId: ids.reviewer })).status).toBe(403);
    expect((await req('put', '', admin).send({ id: mine.id, userId: ids.reviewer })).status).toBe(400);
    expect((await req('put', '', admin).send({ id: theirs.id, classifyIds: '' })).status).toBe(204);
    const missing = await req('put', '', translator).send({ id: 99999999, websiteIds: '' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('关注设置不存在: id is 99999999');
    expect((await req('put', '', translator).send({ websiteIds: '' })).status).toBe(400);
    expect((await req('put', '', translator).send({ id: mine.id, websiteIds: '999999' })).status).toBe(400);
    expect((await req('put', '', null).send({ id: mine.id })).status).toBe(401);
  });

  it('themes: subscribed by id (unknown → 400); the interest tab adds the items matching a theme\'s keywords', async () => {
    const [{ id: themeId }] = await db.query("INSERT INTO news_theme (title, keywords) VALUES ('订阅测试主题', '{能源}') RETURNING id");
    expect((await req('post', '', reviewer).send({ themeIds: '99999999' })).body.message).toBe('主题不存在: 99999999');
    const saved = await req('post', '', reviewer).send({ websiteIds: '', classifyIds: '', themeIds: String(themeId) });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ themeIds: String(themeId), websiteIds: '', classifyIds: '' });
    const listed = await t.http().get('/api/news/list').query({ type: 'interest', size: 1000 }).set('Authorization', bearer(reviewer));
    const byTheme = await t.http().get('/api/news/list').query({ type: 'theme', themeId, size: 1000 }).set('Authorization', bearer(reviewer));
    expect(listed.status).toBe(200);
    expect(byTheme.body.totalElements).toBeGreaterThan(0);
    expect(listed.body.totalElements).toBe(byTheme.body.totalElements);
    expect((listed.body.content as Row[]).map((r) => r.id).sort()).toEqual((byTheme.body.content as Row[]).map((r) => r.id).sort());
    // a deleted theme matches nothing any more
    await db.query('DELETE FROM news_theme WHERE id = $1', [themeId]);
    const after = await t.http().get('/api/news/list').query({ type: 'interest' }).set('Authorization', bearer(reviewer));
    expect(after.body.totalElements).toBe(0);
    await req('post', '', reviewer).send({ themeIds: '' });
  });

  it('GET api/news/setFrequency saves how often the caller is told (400 names the choices, 401 without a session)', async () => {
    const set = (token: string | null, frequency?: string) => {
      const r = t.http().get('/api/news/setFrequency').query(frequency === undefined ? {} : { frequency });
      return token ? r.set('Authorization', bearer(token)) : r;
    };
    const ok = await set(nobody, 'daily');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ frequency: 'daily' });
    expect(await find(nobody)).toMatchObject({ frequency: 'daily', websiteIds: '', classifyIds: '', themeIds: '' });
    for (const bad of ['weekly', undefined, '']) {
      const res = await set(nobody, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/frequency 必须是 realtime、hourly、daily、never 之一/);
    }
    expect((await set(null, 'daily')).status).toBe(401);
    expect((await find(nobody)).frequency).toBe('daily');
  });

  it('notices: one per due subscription with the count and newest title; the window moves once; never and empty are skipped', async () => {
    const notifier = t.app.get(SubscriptionNotifier);
    const toUser = jest.spyOn(t.app.get(NoticeService), 'toUser');
    try {
      const web = websites[2];
      await req('post', '', reviewer).send({ websiteIds: String(web), classifyIds: '', themeIds: '' });
      expect((await t.http().get('/api/news/setFrequency').query({ frequency: 'realtime' }).set('Authorization', bearer(reviewer))).status).toBe(200);
      // count from before the web's first item
      await db.query("UPDATE news_interest SET notified_at = (SELECT min(create_time) - interval '1 second' FROM news WHERE web_id = $1) WHERE user_id = $2", [web, ids.reviewer]);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM news WHERE web_id = $1 AND NOT is_noise', [web]);
      expect(n).toBeGreaterThan(0);
      await db.query("UPDATE news_interest SET frequency = 'never' WHERE user_id <> $1", [ids.reviewer]);

      expect(await notifier.runOnce(0)).toBe(1);
      expect(toUser).toHaveBeenCalledTimes(1);
      const [userId, notice] = toUser.mock.calls[0];
      expect(userId).toBe(ids.reviewer);
      expect(notice).toMatchObject({ msgType: 'INFO', type: 'subscription.digest', title: '订阅更新' });
      expect(notice.msg).toContain(`您订阅的新闻有 ${n} 条更新`);
      expect(notice.msg).toContain('href="/horizon/pro/news?curMenu=interest&sort=createDesc"');
      // a second process that read the same window finds it moved: no second notice
      const repo = t.app.get(InterestsRepository);
      const [{ window }] = await db.query('SELECT notified_at::text AS window FROM news_interest WHERE user_id = $1', [ids.reviewer]);
      expect(await repo.advance(ids.reviewer, '2000-01-01 00:00:00+00', new Date().toISOString())).toBe(false);
      expect(await repo.advance(ids.reviewer, window, window)).toBe(true);
      // nothing new since: the window moves, no notice
      expect(await notifier.runOnce(0)).toBe(0);
      expect(toUser).toHaveBeenCalledTimes(1);
      // hourly: not due again within the hour
      await db.query("UPDATE news_interest SET frequency = 'hourly', notified_at = now() - interval '10 minutes' WHERE user_id = $1", [ids.reviewer]);
      expect(await notifier.runOnce(0)).toBe(0);
      const [{ at }] = await db.query("SELECT notified_at > now() - interval '11 minutes' AND notified_at < now() - interval '9 minutes' AS at FROM news_interest WHERE user_id = $1", [ids.reviewer]);
      expect(at).toBe(true);
    } finally {
      toUser.mockRestore();
    }
  });

  it('DELETE removes own rows only (admin: any); unknown → 404, nothing deleted on failure', async () => {
    const mine = await find(translator);
    const theirs = await find(reviewer);
    const foreign = await req('delete', '', translator).send([mine.id, theirs.id]);
    expect(foreign.status).toBe(403);
    expect((await find(translator)).id).toBe(mine.id);
    expect((await req('delete', '', translator).send([99999999])).status).toBe(404);
    expect((await req('delete', '', translator).send([])).status).toBe(400);
    expect((await req('delete', '', translator).send({})).status).toBe(400);
    expect((await req('delete', '', null).send([mine.id])).status).toBe(401);
    expect((await req('delete', '', translator).send([mine.id])).status).toBe(200);
    expect((await find(translator)).id).toBeNull();
    expect((await req('delete', '', admin).send([theirs.id])).status).toBe(200);
    expect((await find(reviewer)).id).toBeNull();
  });
});

import { DataSource } from 'typeorm';
import { todayRange } from '../src/modules/dashboard/dashboard.rules';
import { insertJournal, insertNews, insertProduct } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * 首页 (docs/dashboard.md): `GET api/dashboard`, any logged-in user, today's figures of the caller's
 * work department; what the caller may not see is null.
 *
 * Seeded users: translator (编译部) and reviewer (国际新闻部) share the work department 新闻中心;
 * translator holds news:list and news:translate, reviewer also news:judge; neither holds website:list
 * or productJournal:list. admin holds everything.
 */
describe('dashboard (api/dashboard)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  const { from, to } = todayRange(new Date());

  const get = (token: string | null) => {
    const r = t.http().get('/api/dashboard');
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const count = async (sql: string, params: unknown[]) => ((await db.query(sql, params)) as Array<{ n: number }>)[0].n;
  const translate = (id: number, status: string, token: string, extra: object = {}) =>
    t.http().post('/api/news/submitTranslate').set('Authorization', bearer(token)).send({ id, deptId: dept['新闻中心'], content: { status, ...extra } });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    [admin, translator, reviewer] = await Promise.all(['admin', 'translator', 'reviewer'].map((u) => t.login(u)));
    nobody = await t.loginWithoutRoles('no-dashboard-roles');
    for (const r of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[r.name] = r.id;
    for (const r of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[r.username] = r.id;
    const work = dept['新闻中心'];

    // collected: 3 today (one noise), one yesterday
    const [a, b] = [await insertNews(db, { title: 'Dashboard a', content: 'x', language: 'en' }), await insertNews(db, { title: 'Dashboard b', content: 'y', language: 'en' })];
    await insertNews(db, { title: 'Dashboard noise', isNoise: true });
    const old = await insertNews(db, { title: 'Dashboard old' });
    await db.query(`UPDATE news SET create_time = now() - interval '2 days' WHERE id = $1`, [old]);
    // warned by 新闻中心: a today, old two days ago; b by another department today
    await db.query(`INSERT INTO news_dept (news_id, dept_id, yj, yj_by, yj_time) VALUES ($1, $2, true, '测试', now()), ($3, $2, true, '测试', now() - interval '2 days'), ($4, $5, true, '测试', now())`, [a, work, old, b, dept['出版中心']]);
    // translations of 新闻中心: a reviewed today, b waiting for review, a third still being edited by translator
    for (const [id, last] of [
      [a, 'done'],
      [b, 'examine'],
      [await insertNews(db, { title: 'Dashboard c', content: 'z', language: 'en' }), 'edit'],
    ] as const) {
      expect((await translate(id, 'edit', translator)).status).toBe(200);
      if (last === 'edit') continue;
      expect((await translate(id, 'examine', translator, { contentTrans: `<p>译文 ${id}</p>` })).status).toBe(200);
      if (last === 'done') expect((await translate(id, 'done', reviewer)).status).toBe(200);
    }
    // journals: one open, one done
    const product = await insertProduct(db, { name: '首页测试周刊', deptId: dept['出版中心'], type: '1', contentType: '2' });
    await insertJournal(db, { productId: product });
    const done = await insertJournal(db, { productId: product, journalNo: 2, totalNo: 2 });
    await db.query(`UPDATE product_journal SET status = 'done' WHERE id = $1`, [done]);
    // sources: one healthy, one failing, one disabled and failing (not counted as failing)
    const source = async (name: string, enabled: boolean, errors: number) => {
      const [{ id }]: Array<{ id: number }> = await db.query('INSERT INTO news_website (name, url) VALUES ($1, $2) RETURNING id', [name, `https://${encodeURIComponent(name)}.dash.test/`]);
      await db.query('INSERT INTO collect_source (id, feed_url, host, enabled, error_count) VALUES ($1, $2, $3, $4, $5)', [id, `https://dash.test/${id}.xml`, 'dash.test', enabled, errors]);
    };
    await source('首页正常源', true, 0);
    await source('首页失败源', true, 3);
    await source('首页停用源', false, 5);
  });

  afterAll(() => t.close());

  it('answers the department figures against SQL counts for a reviewer, without sources or journals', async () => {
    const work = dept['新闻中心'];
    const res = await get(reviewer);
    expect(res.status).toBe(200);
    const expected = {
      newsToday: await count('SELECT count(*)::int AS n FROM news WHERE create_time >= $1 AND create_time < $2 AND NOT is_noise', [from, to]),
      warnedToday: await count('SELECT count(*)::int AS n FROM news_dept WHERE dept_id = $3 AND yj AND yj_time >= $1 AND yj_time < $2', [from, to, work]),
      translatedToday: await count(`SELECT count(*)::int AS n FROM news_translation WHERE dept_id = $3 AND status = 'done' AND examine_time >= $1 AND examine_time < $2`, [from, to, work]),
      awaitingReview: await count(`SELECT count(*)::int AS n FROM news_dept WHERE dept_id = $1 AND trans_status = 'examine'`, [work]),
    };
    expect(expected.warnedToday).toBeGreaterThanOrEqual(1);
    expect(expected.translatedToday).toBeGreaterThanOrEqual(1);
    expect(expected.awaitingReview).toBeGreaterThanOrEqual(1);
    expect(res.body).toEqual({
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ...expected,
      journalsInProgress: null,
      sources: null,
      myQueue: { translating: 0, reviewing: expected.awaitingReview },
    });
  });

  it('gives a translator their own queue and no review queue', async () => {
    const res = await get(translator);
    expect(res.status).toBe(200);
    const mine = await count(`SELECT count(*)::int AS n FROM news_dept WHERE editor_id = $1 AND trans_status = 'edit'`, [user.translator]);
    expect(mine).toBe(1);
    expect(res.body.myQueue).toEqual({ translating: 1, reviewing: null });
    expect(res.body).toMatchObject({ sources: null, journalsInProgress: null });
    expect(res.body.awaitingReview).toEqual(expect.any(Number));
  });

  it('shows sources and journals to an administrator', async () => {
    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(res.body.journalsInProgress).toBe(await count(`SELECT count(*)::int AS n FROM product_journal WHERE status <> 'done'`, []));
    expect(res.body.journalsInProgress).toBeGreaterThanOrEqual(1);
    const sources = {
      total: await count('SELECT count(*)::int AS n FROM collect_source', []),
      enabled: await count('SELECT count(*)::int AS n FROM collect_source WHERE enabled', []),
      failing: await count('SELECT count(*)::int AS n FROM collect_source WHERE enabled AND error_count > 0', []),
    };
    expect(res.body.sources).toMatchObject(sources);
    expect(res.body.sources.failingNames).toContain('首页失败源');
    expect(res.body.sources.failingNames).not.toContain('首页停用源');
    expect(res.body.sources.failingNames).not.toContain('首页正常源');
    expect(res.body.myQueue.reviewing).toEqual(expect.any(Number));
  });

  it('answers only nulls to a user without roles', async () => {
    const res = await get(nobody);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      day: expect.any(String),
      newsToday: null,
      warnedToday: null,
      translatedToday: null,
      awaitingReview: null,
      journalsInProgress: null,
      sources: null,
      myQueue: { translating: null, reviewing: null },
    });
  });

  it('answers 401 without a token', async () => {
    expectError(await get(null), 401);
  });
});

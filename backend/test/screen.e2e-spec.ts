import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../src/config/config';
import { formatDateTime } from '../src/common/time/time';
import { screenPeriods } from '../src/modules/screen/screen.rules';
import { insertJournal, insertNews, insertNewsRows, insertProduct } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * 大屏 (docs/screens.md): `GET api/screen/overview`, `GET api/screen/show` (news:list) and
 * `GET api/screen/access` (any logged-in user; LARGE_SCREEN_JOB_IDS).
 *
 * Seeded users: translator (编译部, job 翻译) and reviewer (国际新闻部, job 审校) share the work
 * department 新闻中心 (parent 总部); both hold news:list. admin holds everything.
 */
describe('large screens (api/screen)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const dept: Record<string, number> = {};
  const job: Record<string, number> = {};
  const ids: Record<string, number> = {};

  const get = (path: string, token: string | null) => {
    const r = t.http().get(`/api/screen/${path}`);
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const translate = (id: number, status: string, token: string, extra: object = {}) =>
    t.http().post('/api/news/submitTranslate').set('Authorization', bearer(token)).send({ id, deptId: dept['新闻中心'], content: { status, ...extra } });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    [admin, translator, reviewer] = await Promise.all(['admin', 'translator', 'reviewer'].map((u) => t.login(u)));
    nobody = await t.loginWithoutRoles('no-screen-roles');
    for (const r of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[r.name] = r.id;
    for (const r of (await db.query('SELECT id, name FROM sys_job')) as Array<{ id: number; name: string }>) job[r.name] = r.id;

    ids.a = await insertNews(db, { title: 'Screen a', content: 'x', language: 'en', country: '大屏国甲', keywords: ['大屏热词', '其他'] });
    ids.b = await insertNews(db, { title: 'Screen b', content: 'y', language: 'en', country: '大屏国甲', keywords: ['大屏热词'] });
    ids.c = await insertNews(db, { title: 'Screen c', content: 'z', language: 'en', country: '大屏国乙' });
    ids.noise = await insertNews(db, { title: 'Screen noise', isNoise: true, country: '大屏国乙', keywords: ['大屏热词'] });
    // the seeded demo items carry keywords too: 大屏热词 on 19 items (and the noise item) leads the 24 hours
    await insertNewsRows(db, Array.from({ length: 17 }, (_, i) => ({ title: `Screen hot ${i}`, keywords: ['大屏热词'] })));
    ids.old = await insertNews(db, { title: 'Screen old', country: '大屏国乙', keywords: ['大屏旧词'] });
    await db.query(`UPDATE news SET create_time = now() - interval '10 days' WHERE id = $1`, [ids.old]);
    // warned: a by 新闻中心 now, old by 新闻中心 3 days ago, b by 出版中心 now (only in the parent scope)
    await db.query(
      `INSERT INTO news_dept (news_id, dept_id, yj, yj_by, yj_time, title_cn) VALUES
         ($1, $2, true, '测试', now(), '大屏译名甲'), ($3, $2, true, '测试', now() - interval '3 days', NULL), ($4, $5, true, '测试', now() - interval '1 minute', NULL)`,
      [ids.a, dept['新闻中心'], ids.old, ids.b, dept['出版中心']],
    );
    // a translation of 新闻中心 reviewed
    expect((await translate(ids.c, 'edit', translator)).status).toBe(200);
    expect((await translate(ids.c, 'examine', translator, { contentTrans: '<p>大屏译文</p>' })).status).toBe(200);
    expect((await translate(ids.c, 'done', reviewer)).status).toBe(200);
    // journals: one done, one open
    const product = await insertProduct(db, { name: '大屏测试周刊', deptId: dept['出版中心'], type: '1', contentType: '2' });
    ids.journal = await insertJournal(db, { productId: product, journalNo: 7, totalNo: 70 });
    await db.query(`UPDATE product_journal SET status = 'done', publish_time = now() + interval '1 hour' WHERE id = $1`, [ids.journal]);
    await insertJournal(db, { productId: product, journalNo: 8, totalNo: 71 });
  });

  afterAll(() => t.close());

  it('answers the work department figures against SQL', async () => {
    const res = await get('overview', translator);
    expect(res.status).toBe(200);
    const work = dept['新闻中心'];
    const { day, today, week, day24, to } = screenPeriods(new Date());
    const [sql] = await db.query(
      `SELECT (SELECT count(*)::int FROM news WHERE create_time >= $1 AND create_time < $3 AND NOT is_noise) AS "newsToday",
              (SELECT count(*)::int FROM news WHERE create_time >= $2 AND create_time < $3 AND NOT is_noise) AS "news7d",
              (SELECT count(*)::int FROM news_dept WHERE dept_id = $4 AND yj AND yj_time >= $1 AND yj_time < $3) AS "warnedToday",
              (SELECT count(*)::int FROM news_dept WHERE dept_id = $4 AND yj AND yj_time >= $2 AND yj_time < $3) AS "warned7d"`,
      [today, week, to, work],
    );
    expect(res.body).toMatchObject({ day, level: 'dept', deptIds: [work], counts: sql });
    expect(res.body.counts.warnedToday).toBeGreaterThanOrEqual(1);
    expect(res.body.counts.warned7d).toBeGreaterThanOrEqual(2);

    const warned: Array<{ id: string }> = await db.query(`SELECT news_id::text AS id FROM news_dept WHERE dept_id = $1 AND yj AND yj_time IS NOT NULL ORDER BY yj_time DESC, news_id DESC LIMIT 10`, [work]);
    expect(res.body.latestWarned.map((w: { id: string }) => w.id)).toEqual(warned.map((w) => w.id));
    expect(res.body.latestWarned[0]).toMatchObject({ id: String(ids.a), title: '大屏译名甲', country: '大屏国甲', deptId: work, deptName: '新闻中心', yjBy: '测试' });
    expect(res.body.latestWarned[0].yjTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.body.latestWarned.map((w: { id: string }) => w.id)).not.toContain(String(ids.b));

    const countries = await db.query(
      `SELECT country AS name, count(*)::int AS count FROM news WHERE create_time >= $1 AND NOT is_noise AND NULLIF(btrim(country), '') IS NOT NULL
       GROUP BY country ORDER BY count(*) DESC, country LIMIT 20`,
      [week],
    );
    expect(res.body.countries).toEqual(countries);
    expect(res.body.countries).toContainEqual({ name: '大屏国甲', count: 2 });
    expect(res.body.countries).toContainEqual({ name: '大屏国乙', count: 1 });

    const keywords = await db.query(
      `SELECT k.word AS name, count(DISTINCT n.id)::int AS count FROM news n CROSS JOIN LATERAL unnest(n.keywords) AS k(word)
       WHERE n.create_time >= $1 AND NOT n.is_noise AND btrim(k.word) <> '' GROUP BY k.word ORDER BY count(DISTINCT n.id) DESC, k.word LIMIT 20`,
      [day24],
    );
    expect(res.body.keywords).toEqual(keywords);
    expect(res.body.keywords[0]).toEqual({ name: '大屏热词', count: 19 });
    expect(res.body.keywords.map((k: { name: string }) => k.name)).not.toContain('大屏旧词');
  });

  it("answers the parent level over the work department's parent subtree", async () => {
    const res = await get('overview?level=parent', translator);
    expect(res.status).toBe(200);
    const subtree: Array<{ id: number }> = await db.query(
      `WITH RECURSIVE s AS (SELECT id FROM sys_dept WHERE id = $1 UNION ALL SELECT d.id FROM sys_dept d JOIN s ON d.pid = s.id) SELECT id FROM s`,
      [dept['总部']],
    );
    expect([...res.body.deptIds].sort((x: number, y: number) => x - y)).toEqual(subtree.map((r) => r.id).sort((x, y) => x - y));
    expect(res.body.level).toBe('parent');
    const latest = res.body.latestWarned.map((w: { id: string; deptName: string }) => `${w.id}:${w.deptName}`);
    expect(latest.slice(0, 2)).toEqual([`${ids.a}:新闻中心`, `${ids.b}:出版中心`]);
    expect(res.body.counts.warnedToday).toBeGreaterThanOrEqual(2);
  });

  it('answers the latest reviewed translations and finalised journals', async () => {
    const res = await get('show', reviewer);
    expect(res.status).toBe(200);
    const reviewed: Array<{ id: string }> = await db.query(
      `SELECT news_id::text AS id FROM news_translation WHERE status = 'done' ORDER BY examine_time DESC, news_id DESC, version DESC LIMIT 10`,
    );
    expect(res.body.translations.map((r: { id: string }) => r.id)).toEqual(reviewed.map((r) => r.id));
    expect(res.body.translations[0]).toMatchObject({ id: String(ids.c), title: 'Screen c', deptId: dept['新闻中心'], deptName: '新闻中心', editorName: expect.any(String) });
    const journals: Array<{ id: number }> = await db.query(
      `SELECT id FROM product_journal WHERE status = 'done' ORDER BY COALESCE(publish_time, update_time) DESC, id DESC LIMIT 10`,
    );
    expect(res.body.journals.map((j: { id: number }) => j.id)).toEqual(journals.map((j) => j.id));
    const [publish] = await db.query('SELECT publish_time AS t FROM product_journal WHERE id = $1', [ids.journal]);
    expect(res.body.journals[0]).toEqual({ id: ids.journal, productName: '大屏测试周刊', year: 2026, journalNo: 7, totalNo: 70, time: formatDateTime(publish.t) });
  });

  it('refuses without a token (401), without news:list (403) and an unknown level (400)', async () => {
    for (const path of ['overview', 'show', 'access']) expectError(await get(path, null), 401);
    for (const path of ['overview', 'show']) expectError(await get(path, nobody), 403);
    expectError(await get('overview?level=world', translator), 400, 'level 只能是 dept 或 parent');
  });

  it('enables the entries for administrators and holders of a configured job', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    expect(config.largeScreenJobIds).toEqual([]);
    expect((await get('access', admin)).body).toEqual({ enabled: true });
    expect((await get('access', translator)).body).toEqual({ enabled: false });
    expect((await get('access', nobody)).body).toEqual({ enabled: false });
    config.largeScreenJobIds = [job['翻译']];
    try {
      expect((await get('access', translator)).body).toEqual({ enabled: true });
      expect((await get('access', reviewer)).body).toEqual({ enabled: false });
      await db.query('UPDATE sys_job SET enabled = false WHERE id = $1', [job['翻译']]);
      expect((await get('access', translator)).body).toEqual({ enabled: false });
    } finally {
      config.largeScreenJobIds = [];
      await db.query('UPDATE sys_job SET enabled = true WHERE id = $1', [job['翻译']]);
    }
  });
});

import { DataSource } from 'typeorm';
import { insertNews } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The collection sources API (issue 16 piece 1; docs/collect-api.md, docs/collect-design.md §7):
 * CRUD of a source = `news_website` row + `collect_source` settings, validation, delete vs disable vs
 * force, enable/disable, `findAll`/`findByIds`, runs, health, the stubbed collector (preview, collect
 * now, the lease → 409), OPML export/import, and the permission codes `website:*`. The moved address
 * calls (`postCollect|postSearch|postGraph`) are in platform.e2e-spec.ts.
 */
describe('collection sources: api/collectionWebsite', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let nobody: string;
  let editor: string;
  let leaf: number;
  let branch: number;
  const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  const API = '/api/collectionWebsite';
  const as = (token: string) => requestsAs(t, token);
  let seq = 0;

  /** Creates a source as admin; answers the body. */
  const create = async (body: Record<string, unknown> = {}) => {
    seq += 1;
    const res = await as(admin).post(API, { name: `来源${seq}`, url: `https://site${seq}.example.org/`, ...body });
    expect(res.status).toBe(201);
    return res.body as Record<string, unknown> & { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('nosources');
    editor = await t.login('editor');
    const classes: Array<{ id: number; leaf: boolean }> = await db.query(
      `SELECT c.id, NOT EXISTS (SELECT 1 FROM news_classify d WHERE d.pid = c.id) AS leaf FROM news_classify c WHERE c.pid IS NOT NULL ORDER BY c.id`,
    );
    leaf = classes.find((c) => c.leaf)!.id;
    branch = classes.find((c) => !c.leaf)!.id;
  });
  afterAll(() => t.close());

  it('creates a source: the website and its settings, due at once; type auto keeps the address while discovery is not built', async () => {
    const body = await create({ name: '新华网', url: 'https://www.news.example.org/', language: 'zh', country: '中国', classify: [leaf], intervalMinutes: 60, timezone: 'Asia/Shanghai' });
    expect(body).toMatchObject({
      name: '新华网',
      url: 'https://www.news.example.org/',
      language: 'zh',
      country: '中国',
      configured: true,
      type: 'auto',
      feedUrl: 'https://www.news.example.org/',
      host: 'www.news.example.org',
      classify: [leaf],
      intervalMinutes: 60,
      effectiveIntervalMinutes: 60,
      adaptive: true,
      enabled: true,
      fullText: false,
      selectors: null,
      rules: [],
      timezone: 'Asia/Shanghai',
      lastCheckAt: null,
      lastStatus: null,
      errorCount: 0,
      itemCount: 0,
    });
    expect(body.createTime).toMatch(TIME);
    expect(body.nextCheckAt).toMatch(TIME);
    const html = await create({ type: 'html', feedUrl: 'http://list.example.org/news', selectors: { item: 'li.news', link: 'a', title: 'a' }, rules: [{ query: '美联储 OR Fed', classify: [leaf] }] });
    expect(html).toMatchObject({ type: 'html', feedUrl: 'http://list.example.org/news', host: 'list.example.org', selectors: { item: 'li.news', link: 'a', title: 'a' }, rules: [{ query: '美联储 OR Fed', classify: [leaf] }] });
  });

  it('refuses bad input with a readable 400, a taken address with 409 WEBSITE_EXISTS', async () => {
    const post = (body: Record<string, unknown>) => as(admin).post(API, { name: '坏来源', url: 'https://bad.example.org/', ...body });
    expectError(await post({ url: 'ftp://bad.example.org/' }), 400, '网址必须是 http(s) 开头的完整地址');
    expectError(await post({ name: '' }), 400, '网站名称不能为空');
    expectError(await post({ intervalMinutes: 3 }), 400, '采集间隔不能小于 5 分钟');
    expectError(await post({ intervalMinutes: 1.5 }), 400, '采集间隔必须是整数（分钟）');
    expectError(await post({ type: 'xml' }), 400, /^类型只能是/);
    expectError(await post({ type: 'rss' }), 400, '订阅源地址不能为空（仅 auto 类型可自动发现）');
    expectError(await post({ type: 'html', feedUrl: 'https://bad.example.org/list' }), 400, '列表页（html）类型需要选择器 item、link、title');
    expectError(await post({ type: 'html', feedUrl: 'https://bad.example.org/list', selectors: { item: 'li', link: '' } }), 400, /选择器 link 不能为空/);
    expectError(await post({ url: 'https://user:secret@bad.example.org/' }), 400, '网址不能包含用户名或密码');
    expectError(await post({ classify: [branch] }), 400);
    expectError(await post({ timezone: 'Mars/Olympus' }), 400, /^时区无效/);
    expectError(await post({ rules: Array.from({ length: 21 }, () => ({ query: 'a', classify: [] })) }), 400, '分类规则不能超过 20 条');
    expectError(await post({ rules: [{ query: '美联储 OR Fed', classify: [] }, { query: '(加息', classify: [] }] }), 400, /^第 2 条分类规则：规则语法错误：缺少右括号/);
    expectError(await post({ rules: [{ query: 'NOT 体育', classify: [] }] }), 400, '第 1 条分类规则：规则语法错误：至少需要一个肯定条件');
    expect((await db.query(`SELECT count(*)::int AS n FROM news_website WHERE url = 'https://bad.example.org/'`))[0].n).toBe(0);

    const first = await create();
    expectError(await as(admin).post(API, { name: '重复', url: first.url }), 409, '该网址的网站已存在', 'WEBSITE_EXISTS');
  });

  it('updates a source: fields, a new interval resets the effective one; 404 unknown, 409 on another source’s address, a website without settings gets them', async () => {
    const a = await create();
    const b = await create();
    const res = await as(admin).put(API, { id: a.id, name: '改名', intervalMinutes: 120, enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, name: '改名', url: a.url, intervalMinutes: 120, effectiveIntervalMinutes: 120, enabled: false });
    expectError(await as(admin).put(API, { id: 999999, name: 'x' }), 404, '数据源不存在');
    expectError(await as(admin).put(API, { id: a.id, url: b.url }), 409, '该网址的网站已存在', 'WEBSITE_EXISTS');
    expectError(await as(admin).put(API, { id: a.id, intervalMinutes: 99999 }), 400, '采集间隔不能大于 1440 分钟');
    // null where the column cannot be null (these were 500s)
    expectError(await as(admin).put(API, { id: a.id, name: null }), 400, '网站名称不能为空');
    expectError(await as(admin).put(API, { id: a.id, url: null }), 400, '网址不能为空');
    expectError(await as(admin).put(API, { id: a.id, classify: null }), 400, '分类必须是数组');
    expectError(await as(admin).put(API, { id: a.id, intervalMinutes: null }), 400, '采集间隔必须是整数（分钟）');

    const [{ id: bare }] = await db.query(`INSERT INTO news_website (name, url) VALUES ('示例网站', 'https://bare.example.org/') RETURNING id`);
    const listed = await as(admin).get(`${API}?name=bare.example`);
    expect(listed.body.content).toEqual([expect.objectContaining({ id: bare, configured: false, enabled: false, feedUrl: null, type: null })]);
    const configured = await as(admin).put(API, { id: bare, type: 'rss', feedUrl: 'https://bare.example.org/rss.xml' });
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({ id: bare, configured: true, type: 'rss', feedUrl: 'https://bare.example.org/rss.xml', enabled: true });
  });

  it('lists with filters, sort and paging; findAll and findByIds answer the light shape', async () => {
    const off = await create({ enabled: false });
    const all = await as(admin).get(`${API}?size=100&sort=name,asc`);
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(all.body.content.length);
    const names = (all.body.content as Array<{ name: string }>).map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const disabled = await as(admin).get(`${API}?status=disabled&size=100`);
    expect((disabled.body.content as Array<{ id: number }>).map((r) => r.id)).toContain(off.id);
    expect((disabled.body.content as Array<{ enabled: boolean }>).every((r) => !r.enabled)).toBe(true);
    const never = await as(admin).get(`${API}?status=never&enabled=true&size=100`);
    expect((never.body.content as Array<{ id: number }>).map((r) => r.id)).not.toContain(off.id);
    const byName = await as(admin).get(`${API}?name=${encodeURIComponent(String(off.name))}`);
    expect(byName.body).toEqual({ content: [expect.objectContaining({ id: off.id })], totalElements: 1 });
    expectError(await as(admin).get(`${API}?status=broken`), 400, /^status 只能是/);
    expectError(await as(admin).get(`${API}?sort=feedUrl,asc`), 400, '不支持的排序字段: feedUrl');

    const light = await as(editor).get(`${API}/findAll`);
    expect(light.status).toBe(200);
    expect(light.body).toEqual(expect.arrayContaining([{ id: off.id, name: off.name, url: off.url, language: null, country: null, enabled: false }]));
    const byIds = await as(nobody).post(`${API}/findByIds`, [off.id, 999999]);
    expect(byIds.status).toBe(200);
    expect(byIds.body).toEqual([{ id: off.id, name: off.name, url: off.url, language: null, country: null, enabled: false }]);
    expectError(await as(nobody).post(`${API}/findByIds`, ['x']), 400, 'id 必须是正整数');
  });

  it('enables and disables in bulk: only the sources that change are counted', async () => {
    const a = await create({ enabled: false });
    const b = await create();
    const res = await as(admin).put(`${API}/enabled`, { ids: [a.id, b.id], enabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1 });
    expectError(await as(admin).put(`${API}/enabled`, { ids: [a.id], enabled: 'maybe' }), 400, 'enabled 必须是 true 或 false');
  });

  it('deletes a source without news, disables one with news unless force; its items stay', async () => {
    const empty = await create();
    const used = await create();
    const forced = await create();
    const newsId = await insertNews(db, { webName: String(used.name) });
    const forcedNews = await insertNews(db, { webName: String(forced.name) });
    await db.query('UPDATE news SET web_id = $1 WHERE id = $2', [used.id, newsId]);
    await db.query('UPDATE news SET web_id = $1 WHERE id = $2', [forced.id, forcedNews]);

    const res = await as(admin).del(API, [empty.id, used.id, 999999]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: [empty.id], disabled: [used.id] });
    expect((await as(admin).get(`${API}?name=${encodeURIComponent(String(used.name))}`)).body.content).toEqual([expect.objectContaining({ id: used.id, enabled: false })]);

    const force = await as(admin).del(`${API}?force=true`, [forced.id]);
    expect(force.body).toEqual({ deleted: [forced.id], disabled: [] });
    const [item] = await db.query('SELECT web_id AS "webId", web_name AS "webName" FROM news WHERE id = $1', [forcedNews]);
    expect(item).toEqual({ webId: forced.id, webName: forced.name });
    expect((await db.query('SELECT count(*)::int AS n FROM collect_source WHERE id = ANY($1)', [[empty.id, forced.id]]))[0].n).toBe(0);
    expectError(await as(admin).del(API, []), 400, '请选择要操作的数据（id 数组）');
  });

  it('collects now through the collector (an unreachable feed: an error summary), 409 while leased, 404 unknown; lists the runs; health counts', async () => {
    const s = await create();
    const run = await as(admin).post(`${API}/${s.id}/collect`, {});
    expect(run.status).toBe(200);
    // no network here (and private targets refused): the run fails and says why; the fixtures are in collect.e2e-spec.ts
    expect(run.body).toMatchObject({ status: 'error', httpStatus: null, fetched: 0, created: 0, updated: 0, duplicates: 0, error: expect.any(String) });
    // the lease of the manual run was released
    expect((await db.query('SELECT lease_until FROM collect_source WHERE id = $1', [s.id]))[0].lease_until).toBeNull();
    await db.query(`UPDATE collect_source SET lease_until = now() + interval '1 minute', lease_owner = 'other' WHERE id = $1`, [s.id]);
    expectError(await as(admin).post(`${API}/${s.id}/collect`, {}), 409, '该数据源正在采集', 'COLLECT_RUNNING');
    expectError(await as(admin).post(`${API}/999999/collect`, {}), 404, '数据源不存在');

    await db.query(
      `INSERT INTO collect_run (source_id, trigger, started_at, duration_ms, status, http_status, fetched, created, updated, duplicates, bytes)
       VALUES ($1, 'schedule', now() - interval '1 hour', 120, 'ok', 200, 10, 7, 1, 2, 5000), ($1, 'manual', now(), 80, 'error', 503, 0, 0, 0, 0, 0)`,
      [s.id],
    );
    await db.query('UPDATE collect_source SET error_count = 7 WHERE id = $1', [s.id]);
    const runs = await as(admin).get(`${API}/${s.id}/runs?size=1`);
    expect(runs.status).toBe(200);
    expect(runs.body.totalElements).toBe(3);
    expect(runs.body.content).toEqual([expect.objectContaining({ trigger: 'manual', status: 'error', httpStatus: 503, durationMs: 80, startedAt: expect.stringMatching(TIME) })]);
    expectError(await as(admin).get(`${API}/999999/runs`), 404, '数据源不存在');

    const health = await as(admin).get(`${API}/health`);
    expect(health.status).toBe(200);
    expect(health.body.failing).toBeGreaterThanOrEqual(1);
    expect(health.body.erroring).toBeGreaterThanOrEqual(health.body.failing);
    expect(health.body.total).toBeGreaterThanOrEqual(health.body.enabled);
    const failing = await as(admin).get(`${API}?status=failing&size=100`);
    expect((failing.body.content as Array<{ id: number }>).map((r) => r.id)).toEqual([s.id]);
  });

  it('previews through the collector: an address that cannot be fetched is 502', async () => {
    const res = await as(admin).post(`${API}/preview`, { url: 'http://127.0.0.1:9/rss' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'COLLECT_FETCH_FAILED', message: expect.stringMatching(/^无法获取该地址：目标地址属于内网，已拒绝/) });
    expectError(await as(admin).post(`${API}/preview`, { url: 'javascript:alert(1)' }), 400, '网址必须是 http(s) 开头的完整地址');
  });

  it('exports the sources as OPML and imports OPML: new feeds become sources, known addresses are skipped, a DTD is refused', async () => {
    const s = await create({ type: 'rss', feedUrl: 'https://opml.example.org/feed.xml', name: 'OPML & 来源' });
    const out = await as(admin).get(`${API}/opml`).buffer(true);
    expect(out.status).toBe(200);
    expect(out.headers['content-type']).toMatch(/^text\/x-opml/);
    expect(out.headers['content-disposition']).toContain('horizon-sources.opml');
    expect(out.text).toContain('xmlUrl="https://opml.example.org/feed.xml"');
    expect(out.text).toContain('text="OPML &amp; 来源"');

    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
      <outline text="科技"><outline text="新来源" title="新来源" type="rss" xmlUrl="https://new.example.org/rss" htmlUrl="https://new.example.org/"/></outline>
      <outline text="已有" type="rss" xmlUrl="https://opml.example.org/feed.xml" htmlUrl="${String(s.url)}"/>
      <outline text="坏地址" type="rss" xmlUrl="ftp://bad.example.org/rss"/></body></opml>`;
    const res = await t.http().post(`${API}/opml`).set('Authorization', bearer(admin)).attach('file', Buffer.from(opml), 'feeds.opml');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, skipped: 1, errors: [{ url: 'ftp://bad.example.org/rss', message: expect.any(String) }] });
    const created = await as(admin).get(`${API}?name=new.example.org`);
    expect(created.body.content).toEqual([expect.objectContaining({ name: '新来源', url: 'https://new.example.org/', feedUrl: 'https://new.example.org/rss', type: 'auto', enabled: true })]);

    const evil = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><opml version="2.0"><body><outline xmlUrl="https://e.example.org/&a;"/></body></opml>';
    expectError(await t.http().post(`${API}/opml`).set('Authorization', bearer(admin)).attach('file', Buffer.from(evil), 'evil.opml'), 400, 'OPML 文件不能包含 DTD');
    expectError(await t.http().post(`${API}/opml`).set('Authorization', bearer(admin)), 400, '请选择 OPML 文件（字段 file）');
  });

  it('guards every call with the website:* codes: 401 without a token, 403 without the code', async () => {
    expectError(await t.http().get(API), 401);
    expectError(await t.http().get(`${API}/findAll`), 401);
    expectError(await as(nobody).get(API), 403);
    expectError(await as(editor).get(API), 403);
    expectError(await as(nobody).post(API, { name: 'x', url: 'https://x.example.org/' }), 403);
    expectError(await as(nobody).put(API, { id: 1, name: 'x' }), 403);
    expectError(await as(nobody).del(API, [1]), 403);
    expectError(await as(nobody).post(`${API}/1/collect`, {}), 403);
    expectError(await as(nobody).post(`${API}/preview`, { url: 'https://x.example.org/' }), 403);
    expectError(await as(nobody).get(`${API}/opml`), 403);
    // The seeded menus carry the renamed codes (docs/collect-design.md §6).
    const codes: Array<{ permission: string }> = await db.query(`SELECT permission FROM sys_menu WHERE permission LIKE 'website:%' OR permission LIKE 'collectionWebsite:%' OR permission LIKE 'alertRule:%' ORDER BY permission`);
    expect(codes.map((c) => c.permission)).toEqual(['alertRule:add', 'alertRule:del', 'alertRule:edit', 'alertRule:list', 'website:add', 'website:collect', 'website:del', 'website:edit', 'website:list', 'website:list']);
  });
});

import { DataSource } from 'typeorm';
import { insertNewsRows } from './utils/factories';
import { expectError } from './utils/http';
import { createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * 数据统计 of the collection system (issue 16 piece 7; docs/collect-api.md "Statistics"):
 * `GET api/collectStatistic?days=7|30|90` over runs and news seeded by SQL — per-day created items
 * per source, errors per day, slowest and silent sources, languages, countries, keywords of the
 * week — the 60 s cache per range, and 401 / 403 / 400.
 */
describe('collection statistics: api/collectStatistic', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let nobody: string;
  const API = '/api/collectStatistic';
  const DAY = /^\d{4}-\d{2}-\d{2}$/;
  const as = (token: string) => requestsAs(t, token);
  let fast: number;
  let slow: number;
  let quiet: number;

  /** Day (yyyy-MM-dd, the app's zone) of now() − `ago` days, as the server computes it. */
  const dayAgo = async (ago: number): Promise<string> => {
    const rows: Array<{ day: string }> = await db.query(`SELECT to_char(((now() - make_interval(days => $1::int)) AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day`, [
      ago,
      process.env.TZ || 'Asia/Shanghai',
    ]);
    return rows[0].day;
  };

  const run = (sourceId: number, agoHours: number, fields: { status?: string; created?: number; durationMs?: number } = {}) =>
    db.query(
      `INSERT INTO collect_run (source_id, trigger, started_at, duration_ms, status, fetched, created)
       VALUES ($1, 'schedule', now() - make_interval(hours => $2::int), $3, $4, $5, $5)`,
      [sourceId, agoHours, fields.durationMs ?? 100, fields.status ?? 'ok', fields.created ?? 0],
    );

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('nostats');
    const create = async (name: string, host: string) => {
      // created disabled, so the scheduler never fetches them (it would record failed runs)
      const res = await as(admin).post('/api/collectionWebsite', { name, url: `https://${host}/`, type: 'rss', feedUrl: `https://${host}/feed`, enabled: false });
      expect(res.status).toBe(201);
      return (res.body as { id: number }).id;
    };
    fast = await create('快源', 'fast.stats.example.org');
    slow = await create('慢源', 'slow.stats.example.org');
    quiet = await create('静默源', 'quiet.stats.example.org');
    // enabled (silent sources are enabled ones) but not due for a day
    await db.query(`UPDATE collect_source SET enabled = true, next_check_at = now() + interval '1 day' WHERE id = ANY($1)`, [[fast, slow, quiet]]);
    await db.query(`UPDATE collect_source SET last_item_at = now() - interval '12 days' WHERE id = $1`, [quiet]);
    // today (1 h ago) and two days ago; one run 20 days ago (only in the 30-day range)
    await run(fast, 1, { created: 5, durationMs: 100 });
    await run(fast, 1, { created: 2, durationMs: 300 });
    await run(fast, 48, { created: 4, durationMs: 200 });
    await run(slow, 1, { created: 1, durationMs: 5000 });
    await run(slow, 48, { status: 'error', durationMs: 9000 });
    await run(slow, 49, { status: 'error', durationMs: 8000 });
    await run(slow, 20 * 24, { created: 9, durationMs: 1000 });
    await insertNewsRows(db, [
      // codes and names no seeded item has (the test database holds demo news)
      { language: 'xa', country: '甲国', keywords: ['统计测试词', '统计利率'] },
      { language: 'xa', country: '甲国', keywords: ['统计测试词'] },
      { language: 'xb', country: '乙国', keywords: ['统计测试词', 'StatFed'] },
      { language: null, country: null, keywords: [] },
      // more than any seeded keyword of the week, so it leads the list
      ...Array.from({ length: 60 }, () => ({ language: 'xc', country: '丙国', keywords: ['统计测试词'] })),
    ]);
  });
  afterAll(() => t.close());

  it('answers the figures of the last 7 days', async () => {
    const res = await as(admin).get(`${API}?days=7`);
    expect(res.status).toBe(200);
    const body = res.body as Record<string, any>;
    const [today, twoDaysAgo, weekStart] = await Promise.all([dayAgo(0), dayAgo(2), dayAgo(6)]);
    expect(body).toMatchObject({ days: 7, from: weekStart, to: today });
    const perDay = (body.perDay as Array<{ day: string; webId: number; webName: string; count: number }>).filter((r) => [fast, slow, quiet].includes(r.webId));
    // the 1 h old runs may fall on yesterday just after midnight: compare by source and total
    const sum = (id: number) => perDay.filter((r) => r.webId === id).reduce((n, r) => n + r.count, 0);
    expect(sum(fast)).toBe(11);
    expect(sum(slow)).toBe(1); // the 20-day-old run is out of range; errors created nothing
    expect(perDay.every((r) => DAY.test(r.day) && r.day >= weekStart && r.day <= today)).toBe(true);
    expect(perDay.find((r) => r.webId === fast && r.day === twoDaysAgo)).toMatchObject({ webName: '快源', count: 4 });
    expect(perDay.some((r) => r.webId === quiet)).toBe(false);
    const errors = body.errorsPerDay as Array<{ day: string; count: number }>;
    expect(errors.reduce((n, r) => n + r.count, 0)).toBe(2);
    expect(errors.every((r) => DAY.test(r.day))).toBe(true);
    expect(body.slowest[0]).toEqual({ webId: slow, name: '慢源', avgMs: 7333, p95Ms: expect.any(Number), runs: 3 });
    expect(body.slowest[0].p95Ms).toBeGreaterThanOrEqual(8000);
    expect(body.slowest[1]).toMatchObject({ webId: fast, avgMs: 200, runs: 3 });
    expect(body.silent).toEqual([{ webId: quiet, name: '静默源', lastItemAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }]);
    expect(body.byLanguage).toEqual(expect.arrayContaining([{ language: 'xa', count: 2 }, { language: 'xb', count: 1 }]));
    expect(body.byLanguage.find((r: { language: string | null }) => r.language === null)?.count).toBeGreaterThanOrEqual(1);
    expect(body.byCountry).toEqual(expect.arrayContaining([{ country: '甲国', count: 2 }, { country: '乙国', count: 1 }]));
    expect(body.topKeywords[0]).toEqual({ keyword: '统计测试词', count: 63 });
    expect(body.topKeywords.length).toBeLessThanOrEqual(30);
    const counts = (body.topKeywords as Array<{ count: number }>).map((k) => k.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('widens with days=30, defaults to 7, and caches each range for a minute', async () => {
    const month = (await as(admin).get(`${API}?days=30`)).body as { days: number; perDay: Array<{ webId: number; count: number }> };
    expect(month.days).toBe(30);
    expect(month.perDay.filter((r) => r.webId === slow).reduce((n, r) => n + r.count, 0)).toBe(10);
    const plain = await as(admin).get(API);
    expect(plain.status).toBe(200);
    expect(plain.body.days).toBe(7);
    // a new run is not seen until the cached answer expires
    await run(fast, 1, { created: 50 });
    const cached = (await as(admin).get(`${API}?days=7`)).body as { perDay: Array<{ webId: number; count: number }> };
    expect(cached.perDay.filter((r) => r.webId === fast).reduce((n, r) => n + r.count, 0)).toBe(11);
    const fresh = (await as(admin).get(`${API}?days=90`)).body as { perDay: Array<{ webId: number; count: number }> };
    expect(fresh.perDay.filter((r) => r.webId === fast).reduce((n, r) => n + r.count, 0)).toBe(61);
  });

  it('refuses other ranges with 400, anonymous callers with 401, callers without website:list with 403', async () => {
    for (const days of ['14', '7.5', 'abc', '-7', '0x7']) expectError(await as(admin).get(`${API}?days=${days}`), 400);
    expectError(await as(admin).get(`${API}?days=14`), 400, 'days 只能是 7、30 或 90');
    expectError(await t.http().get(API), 401);
    expectError(await as(nobody).get(API), 403);
  });
});

import { DataSource } from 'typeorm';
import { insertNewsRows } from './utils/factories';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * totalElements at scale (news-design.md "Counting"): exact up to NEWS_COUNT_CAP, the trigger-kept
 * live total for the unfiltered list, the planner estimate (totalExact: false) for filtered lists.
 * The cap is lowered to 50 here so the 340-item demo corpus crosses it. Also the 热点 (hot) tab.
 */
describe('api/news/list totals and the hot tab', () => {
  const CAP = 50;
  let t: TestApp;
  let db: DataSource;
  let admin: string;

  const list = async (query: Record<string, unknown>) => {
    const res = await t.http().get('/api/news/list').query(query).set('Authorization', bearer(admin));
    expect(res.status).toBe(200);
    return res.body as { content: Array<{ id: number; count: number; publishTime: string }>; totalElements: number; totalExact: boolean };
  };
  const scalar = async (sql: string, params: unknown[] = []) => Number(((await db.query(sql, params)) as Array<{ n: string }>)[0].n);
  const live = () => scalar('SELECT count(*) AS n FROM news WHERE NOT is_noise');

  beforeAll(async () => {
    t = await createTestApp({ newsCountCap: CAP });
    db = t.app.get(DataSource);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('the news migrations match the entities', async () => {
    const sql = await db.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query).filter((q) => /"news/.test(q))).toEqual([]);
  });

  it('keeps the department copies (publish time, noise, effective classes) in step with news', async () => {
    const [{ id }] = (await db.query(`SELECT news_id AS id FROM news_dept WHERE classify IS NULL LIMIT 1`)) as Array<{ id: string }>;
    const copies = async () =>
      (await db.query(
        `SELECT bool_and(d.publish_time = n.publish_time AND d.is_noise = n.is_noise AND d.eff_classify = COALESCE(d.classify, n.classify)) AS ok
           FROM news_dept d JOIN news n ON n.id = d.news_id`,
      )) as Array<{ ok: boolean }>;
    expect((await copies())[0].ok).toBe(true);
    await db.query(`UPDATE news SET publish_time = publish_time - interval '1 hour', classify = classify[1:1] WHERE id = $1`, [id]);
    expect((await copies())[0].ok).toBe(true);
    await db.query(`UPDATE news_dept SET classify = '{}' WHERE news_id = $1`, [id]);
    expect((await copies())[0].ok).toBe(true);
  });

  it('answers the maintained live total, exact, for the unfiltered list above the cap', async () => {
    const body = await list({ page: 0, size: 5 });
    expect(await live()).toBeGreaterThan(CAP);
    expect(body).toMatchObject({ totalElements: await live(), totalExact: true });
  });

  it('keeps the live total exact through inserts, noise changes and deletes (statement triggers)', async () => {
    const before = await live();
    const [id, second] = await insertNewsRows(db, [{ title: 't1' }, { title: 't2' }]); // one statement
    expect((await list({ size: 1 })).totalElements).toBe(before + 2);
    await db.query('UPDATE news SET is_noise = true WHERE id = $1', [id]);
    expect((await list({ size: 1 })).totalElements).toBe(before + 1);
    await db.query('UPDATE news SET count = count + 1 WHERE id = $1', [id]);
    expect((await list({ size: 1 })).totalElements).toBe(before + 1);
    const del = await t.http().post('/api/news/deleteById').set('Authorization', bearer(admin)).send({ id: second });
    expect(del.status).toBeLessThan(300);
    expect((await list({ size: 1 })).totalElements).toBe(before);
    expect(await scalar('SELECT live AS n FROM news_stats')).toBe(await live());
  });

  it('answers an estimate flagged totalExact: false for a filtered list above the cap, exact below it', async () => {
    // The level-1 class holding the most items.
    const [{ pid }] = (await db.query(
      `SELECT c.pid FROM news n, unnest(n.classify) k JOIN news_classify c ON c.id = k WHERE NOT n.is_noise GROUP BY c.pid ORDER BY count(*) DESC LIMIT 1`,
    )) as Array<{ pid: number }>;
    const filtered = await list({ classify: pid, size: 5 });
    const exact = await scalar(
      `SELECT count(*) AS n FROM news n WHERE NOT n.is_noise AND n.classify && (SELECT array_agg(id) FROM news_classify WHERE pid = $1 OR id = $1)`,
      [pid],
    );
    expect(exact).toBeGreaterThan(CAP);
    expect(filtered.totalExact).toBe(false);
    expect(filtered.totalElements).toBeGreaterThan(CAP);
    expect(filtered.content).toHaveLength(5);
    const small = await list({ type: 'choice', size: 5 });
    const chosen = await scalar(
      `SELECT count(*) AS n FROM news_dept d JOIN news n ON n.id = d.news_id JOIN sys_user u ON u.dept_id = d.dept_id WHERE u.username = 'admin' AND d.is_choice AND NOT n.is_noise`,
    );
    expect(chosen).toBeLessThanOrEqual(CAP);
    expect(small).toMatchObject({ totalElements: chosen, totalExact: true });
  });

  it('relevance with many matches: recency tiers, ranked inside each, every match exactly once', async () => {
    // 'the' is a stop word; pick the most frequent non-stop lexeme of the corpus so matches exceed the cap.
    const [{ word }] = (await db.query(
      `SELECT word FROM ts_stat('SELECT search FROM news WHERE NOT is_noise') WHERE word ~ '^[a-z]{4,}$' ORDER BY ndoc DESC LIMIT 1`,
    )) as Array<{ word: string }>;
    const matches = await scalar(`SELECT count(*) AS n FROM news WHERE NOT is_noise AND search @@ CAST($1 AS tsquery)`, [`'${word}'`]);
    expect(matches).toBeGreaterThan(CAP);
    const seen: number[] = [];
    const tiers: number[] = [];
    const bounds = [1, 7, 30, 90, 365].map((d) => Date.now() - d * 86_400_000);
    for (let page = 0; page < 40; page++) {
      const body = await list({ content: word, sort: 'scoreDesc', size: 20, page });
      expect(body.totalExact).toBe(false);
      seen.push(...body.content.map((r) => r.id));
      for (const r of body.content) {
        const at = new Date(r.publishTime.replace(' ', 'T') + '+08:00').getTime();
        tiers.push(bounds.filter((b) => at < b).length);
      }
      if (body.content.length < 20) break;
    }
    expect(seen.length).toBe(matches);
    expect(new Set(seen).size).toBe(matches);
    // Newest tier first: the tier index never decreases along the walk (a minute of slack at the boundaries).
    const inversions = tiers.filter((t, i) => i > 0 && t < tiers[i - 1]).length;
    expect(inversions).toBeLessThanOrEqual(1);
  });

  it('hot: the last 7 days, most read first', async () => {
    const body = await list({ type: 'hot', size: 50 });
    const expected = await scalar(`SELECT count(*) AS n FROM news WHERE NOT is_noise AND publish_time >= now() - interval '7 days'`);
    expect(expected).toBeGreaterThan(0);
    // Above the lowered cap the total is an estimate; walking the pages finds exactly the week's items.
    expect(body.totalExact).toBe(expected <= CAP);
    const seen: number[] = [];
    for (let page = 0; page < 10; page++) {
      const { content } = await list({ type: 'hot', size: 50, page });
      seen.push(...content.map((r) => r.id));
      if (content.length < 50) break;
    }
    expect(seen.length).toBe(expected);
    expect(new Set(seen).size).toBe(expected);
    const week = Date.now() - 7 * 24 * 3600 * 1000 - 60_000;
    for (const r of body.content) expect(new Date(r.publishTime.replace(' ', 'T') + '+08:00').getTime()).toBeGreaterThan(week);
    const counts = body.content.map((r) => r.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const byDate = await list({ type: 'hot', sort: 'dateDesc', size: 5 });
    const dates = byDate.content.map((r) => r.publishTime);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

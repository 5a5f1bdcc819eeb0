import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/test-app';

/** The demo products of a development start (seed-production.ts); tests and production start without. */
describe('demo production data', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('a development start seeds products with enabled columns and issues', async () => {
    t = await createTestApp({ nodeEnv: 'development' });
    const db = t.app.get(DataSource);
    const rows = (await db.query(
      `SELECT p.name, p.period, p.is_weekly AS weekly, count(DISTINCT c.id)::int AS columns, count(DISTINCT j.id)::int AS journals
         FROM product_setting p LEFT JOIN product_column c ON c.product_id = p.id LEFT JOIN product_journal j ON j.product_id = p.id
        GROUP BY p.id ORDER BY p.id`,
    )) as Array<{ name: string; period: string; weekly: boolean; columns: number; journals: number }>;
    expect(rows.map((r) => r.name)).toEqual(['每日国际动态', '国际动态周刊', '专题简报']);
    expect(rows.filter((r) => r.weekly).map((r) => r.period)).toEqual(['weekly']);
    expect(rows[0]).toMatchObject({ period: 'daily', columns: 4, journals: 3 });
  });

  it('a test start seeds none', async () => {
    t = await createTestApp();
    const [{ n }] = (await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM product_setting')) as Array<{ n: number }>;
    expect(n).toBe(0);
  });
});

import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/test-app';

/**
 * The migrations and the entities describe one schema: the tables moved between modules (and the
 * kernel) are still found, and `migration:generate` would produce nothing on a migrated database.
 */
describe('database schema', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the migrations build exactly what the entities declare', async () => {
    const db = t.app.get(DataSource);
    const sql = await db.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('every table has one owner: each entity table is declared once', () => {
    const tables = t.app.get(DataSource).entityMetadatas.filter((m) => m.tableType === 'regular').map((m) => m.tableName);
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((name, i) => tables.indexOf(name) !== i)).toEqual([]);
    for (const name of ['sys_session', 'sys_captcha', 'sys_setting', 'sys_rate_limit', 'sys_login_attempt', 'sys_access_key', 'news_collect', 'news_suggest', 'news_translation']) {
      expect(tables).toContain(name);
    }
  });
});

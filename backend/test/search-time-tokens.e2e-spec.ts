import { DataSource } from 'typeorm';
import { insertNews } from './utils/factories';
import { createTestApp, type TestApp } from './utils/test-app';

/** The trigger news_search_time_tokens (issue 18, modules/news/search/time-tokens.ts). */
describe('time tokens of the search vector', () => {
  let t: TestApp;
  let db: DataSource;
  const tokens = async (id: number): Promise<string[]> => {
    const [{ lexemes }] = await db.query(`SELECT ARRAY(SELECT lexeme FROM unnest(search) WHERE lexeme LIKE '⌁%' ORDER BY 1) AS lexemes FROM news WHERE id = $1`, [id]);
    return lexemes;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('adds the UTC publish day and month to every written vector, and replaces them when either changes', async () => {
    const id = await insertNews(db, { publishTime: '2026-11-30T23:30:00-02:00', search: "'energi':1 'subsidi':2" });
    expect(await tokens(id)).toEqual(['⌁d20261201', '⌁m202612']);
    await db.query(`UPDATE news SET publish_time = '2025-03-04T05:06:07Z' WHERE id = $1`, [id]);
    expect(await tokens(id)).toEqual(['⌁d20250304', '⌁m202503']);
    // a rewritten vector (an edited item) gets them again, once
    await db.query(`UPDATE news SET search = '''energi'':1 ''⌁d19990101''' WHERE id = $1`, [id]);
    expect(await tokens(id)).toEqual(['⌁d20250304', '⌁m202503']);
    const [{ text }] = await db.query('SELECT search::text AS text FROM news WHERE id = $1', [id]);
    expect(text).toContain("'energi':1");
  });

  it('leaves a vector-less item alone and gives the seeded items theirs', async () => {
    const id = await insertNews(db, { search: null });
    const [{ search }] = await db.query('SELECT search FROM news WHERE id = $1', [id]);
    expect(search).toBeNull();
    const [{ missing }] = await db.query(
      `SELECT count(*)::int AS missing FROM news WHERE search IS NOT NULL AND publish_time IS NOT NULL AND NOT search @@ CAST('⌁d' || to_char(publish_time AT TIME ZONE 'UTC', 'YYYYMMDD') AS tsquery)`,
    );
    expect(missing).toBe(0);
  });
});

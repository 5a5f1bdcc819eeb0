import { DataSource } from 'typeorm';
import { DEMO_NEWS_COUNT } from '../src/modules/news/seed/demo-news';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * The demo corpus of a first start carries a machine translation for every (foreign-language) item,
 * stored as an engine leaves it, so with no engine configured (the default) the translation
 * workbench's MT tab has text and the whole claim → translate → review flow can be tried (issue 12).
 */
describe('demo news: machine translation without an engine', () => {
  let t: TestApp;
  let db: DataSource;
  let translator: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  it('no engine is configured, yet every demo item has a Chinese title and body with mt_status done', async () => {
    expect(t.config.mt.engine).toBe('none');
    const [row] = await db.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE language IS DISTINCT FROM 'zh')::int AS "foreign",
              count(*) FILTER (WHERE title_cn ~ '[一-龥]' AND content_cn ~ '^<p>.*[一-龥]' AND mt_status = 'done' AND mt_time IS NOT NULL AND mt_error IS NULL)::int AS translated
         FROM news`,
    );
    expect(row).toEqual({ n: DEMO_NEWS_COUNT, foreign: DEMO_NEWS_COUNT, translated: DEMO_NEWS_COUNT });
  });

  it('the workbench reads it: info answers the machine translation (contentCn, mtStatus done), the list the Chinese title', async () => {
    const list = await t.http().get('/api/news/list').query({ size: 5 }).set('Authorization', bearer(translator));
    expect(list.status).toBe(200);
    const rows = list.body.content as Array<{ id: number; title: string; titleCn: string | null }>;
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.titleCn).toMatch(/[\u4e00-\u9fff]/);
    const info = await t.http().get('/api/news/info').query({ id: rows[0].id }).set('Authorization', bearer(translator));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ id: rows[0].id, titleCn: rows[0].titleCn, mtStatus: 'done', mtError: null });
    expect(info.body.contentCn).toMatch(/^<p>.*[\u4e00-\u9fff].*<\/p>$/);
  });
});

import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Issue 16: malformed values — null, empty, too long, wrong types, nested shapes — in every field of
 * the sources' and alert rules' writes and of 试一试 never answer 5xx (a 400 with a message, or the
 * value is taken). Null reached NOT NULL columns before (PartialType / IsOptional let it through).
 */
describe('collect writes: malformed field values never answer 5xx', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('sources (POST, PUT, PUT enabled) and alert rules (PUT, test)', async () => {
    const fails: string[] = [];
    const send = async (m: 'post' | 'put', u: string, body: unknown) => {
      const r = await t.http()[m](u).set('Authorization', bearer(admin)).set('Content-Type', 'application/json').timeout(30000).send(JSON.stringify(body));
      if (r.status >= 500 && r.body?.code !== 'COLLECT_FETCH_FAILED') fails.push(`${m} ${u} ${JSON.stringify(body).slice(0, 150)} ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return r;
    };
    const src = await send('post', '/api/collectionWebsite', { name: 'n', url: 'https://a.example.org/', type: 'rss', feedUrl: 'https://a.example.org/feed', enabled: false });
    const id = src.body.id;
    const rule = await send('post', '/api/alertRule', { name: 'r', query: 'a' });
    const rid = rule.body.id;
    const vals: unknown[] = [null, '', 'x'.repeat(5000), 1.5, -1, 2147483648, [], {}, ['x'], [null], [{}], [{ item: 'a', link: 'b', title: 'c' }], [{ query: 'a', classify: [1] }], [{ query: '(((', classify: [] }], [{ query: 'a', classify: [1.5] }], Array(500).fill({ query: 'a', classify: [1] }), true, 'Mars/Olympus', 'UTC', { item: '<<<', link: ':::', title: '!!!' }, { item: 'div', link: 'a', title: 'h1', time: 'x'.repeat(3000) }, { item: null, link: null, title: null }];
    const keys = ['name', 'url', 'feedUrl', 'type', 'language', 'country', 'classify', 'intervalMinutes', 'adaptive', 'enabled', 'fullText', 'selectors', 'rules', 'timezone'];
    for (const k of keys) for (const v of vals) {
      await send('put', '/api/collectionWebsite', { id, [k]: v });
      await send('post', '/api/collectionWebsite', { name: 'n' + Math.random(), url: `https://${Math.random().toString(36).slice(2)}.example.org/`, type: 'html', selectors: { item: 'div', link: 'a', title: 'h1' }, enabled: false, [k]: v });
    }
    for (const k of ['name', 'query', 'webIds', 'classify', 'enabled', 'notify', 'deptId']) for (const v of vals) await send('put', '/api/alertRule', { id: rid, [k]: v });
    for (const v of vals) {
      await send('put', '/api/collectionWebsite/enabled', { ids: v, enabled: true });
      await send('put', '/api/collectionWebsite/enabled', { ids: [id], enabled: v });
      await send('post', '/api/alertRule/test', { query: 'a', text: v });
      await send('post', '/api/alertRule/test', { query: v, text: 'a' });
    }
    for (const q of ['(a', 'a OR', 'NOT', '""', '"', 'a AND AND b', '((((((((((a))))))))))', 'a '.repeat(200), '\u0000', '🙂', 'NOT NOT NOT a']) await send('post', '/api/alertRule/test', { query: q, text: 'a' });
    expect(fails).toEqual([]);
  }, 600000);
});

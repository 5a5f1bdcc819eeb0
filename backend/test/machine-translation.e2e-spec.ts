import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { Test } from '@nestjs/testing';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { loadConfig } from '../src/config/config';
import { MachineTranslationService } from '../src/modules/translation/machine-translation.service';
import type { InProcessMtQueue } from '../src/modules/translation/mt-queue';
import { insertNews } from './utils/factories';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Machine translation through the app (issue 5): doTranslate, the background queue (new items,
 * retries, failures, retry), the glossary API and its effect on the output, and the `none` default.
 * The engine is a local server answering as LibreTranslate's `POST /translate` does; it "translates"
 * by prefixing 译: and fails for texts containing FAIL (500) or REFUSE (400).
 */
describe('machine translation (doTranslate, queue, glossary)', () => {
  let engine: Server;
  let engineUrl: string;
  const received: string[] = [];
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let plain: string;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    engine = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { q: string[] | string };
      const q = Array.isArray(body.q) ? body.q : [body.q];
      received.push(...q);
      res.setHeader('Content-Type', 'application/json');
      if (q.some((s) => s.includes('FAIL'))) return res.writeHead(500).end(JSON.stringify({ error: 'engine overloaded' }));
      if (q.some((s) => s.includes('REFUSE'))) return res.writeHead(400).end(JSON.stringify({ error: 'es is not supported' }));
      res.end(JSON.stringify({ translatedText: q.map((s) => `译:${s}`) }));
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    engineUrl = `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;
    const mt = { ...loadConfig({ MT_ENGINE: 'libretranslate', MT_URL: engineUrl, MT_ATTEMPTS: '2' }).mt, concurrency: 2 };
    t = await createTestApp({ mt });
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    plain = await t.loginWithoutRoles('mt-nobody');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  const post = (path: string, body: object, token: string | null = admin) => {
    const r = t.http().post(path).send(body);
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const get = (path: string, query: object = {}, token: string | null = admin) => {
    const r = t.http().get(path).query(query);
    return token ? r.set('Authorization', bearer(token)) : r;
  };

  function item(fields: { title: string; content?: string; html?: string | null; language?: string | null }): Promise<number> {
    return insertNews(db, { title: fields.title, content: fields.content ?? '', contentHtml: fields.html ?? null, language: fields.language === undefined ? 'en' : fields.language });
  }

  async function waitFor(id: number, statuses: string[]): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await db.query('SELECT mt_status, mt_error, title_cn, content_cn FROM news WHERE id = $1', [id]);
      if (statuses.includes(row.mt_status)) return row;
      if (Date.now() > deadline) throw new Error(`item ${id} stayed ${row.mt_status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('doTranslate translates title and HTML body, keeping the structure, and records the state', async () => {
    const id = await item({ title: 'Oil prices rise', content: 'First. Second.', html: '<p>First paragraph.</p><ul><li>Point <b>one</b></li></ul>' });
    const res = await post('/api/news/doTranslate', { id }, translator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, titleCn: '译:Oil prices rise', language: 'en', mtStatus: 'done', mtError: null });
    expect(res.body.contentCn).toMatch(/^<p>译:First paragraph\.<\/p><ul><li>译:Point/);
    const info = await get('/api/news/info', { id }, translator);
    expect(info.body).toMatchObject({ mtStatus: 'done', mtError: null, titleCn: '译:Oil prices rise' });
  });

  it('the glossary: CRUD with validation, and its term forced into the output', async () => {
    const created = await post('/api/mtGlossary', { source: ' Federal Reserve ', target: '美联储' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: 'Federal Reserve', target: '美联储', enabled: true, caseSensitive: false });
    expect((await post('/api/mtGlossary', { source: 'Federal Reserve', target: 'x' })).body.message).toBe('术语 Federal Reserve 已存在');
    expect((await post('/api/mtGlossary', { source: '', target: 'x' })).body.message).toBe('原文术语不能为空');
    expect((await post('/api/mtGlossary', { source: 'a', target: 'x' }, null)).status).toBe(401);
    expect((await post('/api/mtGlossary', { source: 'a', target: 'x' }, translator)).status).toBe(403);
    const list = await get('/api/mtGlossary', { blurry: 'reserve' });
    expect(list.body).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ target: '美联储' })] });
    expect((await get('/api/mtGlossary', { sort: 'bogus,asc' })).status).toBe(400);

    // The term cache is refreshed by the write above: the next translation uses the term.
    const id = await item({ title: 'The federal reserve raised rates', content: 'Federal Reserve officials spoke.' });
    const res = await post('/api/news/doTranslate', { id }, translator);
    expect(res.status).toBe(200);
    expect(res.body.titleCn).toContain('美联储');
    expect(res.body.titleCn).not.toMatch(/federal reserve/i);
    expect(res.body.contentCn).toContain('美联储');

    const upd = await t.http().put('/api/mtGlossary').set('Authorization', bearer(admin)).send({ id: created.body.id, source: 'Federal Reserve', target: '联邦储备委员会', enabled: false });
    expect(upd.status).toBe(204);
    expect((await t.http().put('/api/mtGlossary').set('Authorization', bearer(admin)).send({ id: 999999, source: 'x', target: 'y' })).status).toBe(404);
    const del = await t.http().delete('/api/mtGlossary').set('Authorization', bearer(admin)).send([created.body.id]);
    expect(del.status).toBe(200);
    expect((await t.http().delete('/api/mtGlossary').set('Authorization', bearer(admin)).send([created.body.id])).status).toBe(404);
  });

  it('detects the language when the item has none; Chinese items are skipped', async () => {
    const id = await item({ title: 'Le gouvernement français annonce une nouvelle politique énergétique', content: 'Le ministre a présenté le plan aujourd’hui à Paris.', language: null });
    const res = await post('/api/news/doTranslate', { id }, translator);
    expect(res.body).toMatchObject({ language: 'fr', mtStatus: 'done' });
    const zh = await item({ title: '国家能源局发布新的能源政策', content: '能源局今天在北京发布了新的政策。', language: null });
    const skipped = await post('/api/news/doTranslate', { id: zh }, translator);
    expect(skipped.body).toMatchObject({ language: 'zh', mtStatus: 'skipped', titleCn: null });
  });

  it('engine failures: 502 with the engine message, recorded on the item', async () => {
    const id = await item({ title: 'REFUSE this one', content: 'x' });
    const res = await post('/api/news/doTranslate', { id }, translator);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'MT_ENGINE_FAILED' });
    expect(res.body.message).toMatch(/^机器翻译失败：.*es is not supported/);
    const [row] = await db.query('SELECT mt_status, mt_error FROM news WHERE id = $1', [id]);
    expect(row.mt_status).toBe('failed');
    expect(row.mt_error).toMatch(/es is not supported/);
  });

  it('new items are translated in the background; failures are retried, then listed and retried on request', async () => {
    const created = await post('/api/news/createOneNews', { title: 'Wind power output doubles', content: 'Output doubled this year.', language: 'en' }, admin);
    expect(created.status).toBe(201);
    const ok = await waitFor(created.body.id, ['done']);
    expect(ok.title_cn).toBe('译:Wind power output doubles');

    const failing = await post('/api/news/createOneNews', { title: 'FAIL always', content: 'x', language: 'en' }, admin);
    const before = received.filter((q) => q.includes('FAIL always')).length;
    const failed = await waitFor(failing.body.id, ['failed']);
    expect(failed.mt_error).toMatch(/engine overloaded/);
    // MT_ATTEMPTS=2: two requests for the title.
    expect(received.filter((q) => q.includes('FAIL always')).length - before).toBe(2);

    const status = await get('/api/mt/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ engine: 'libretranslate', configured: true, auto: true, queue: 'in-process' });
    expect(status.body.failed).toBeGreaterThanOrEqual(1);
    const failures = await get('/api/mt/failures', { page: 0, size: 50 });
    expect(failures.body.content.map((f: { id: number }) => f.id)).toContain(failing.body.id);

    const retry = await post('/api/mt/retry', { ids: [failing.body.id] });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ queued: 1 });
    await waitFor(failing.body.id, ['failed']);
    expect((await post('/api/mt/retry', { ids: ['x'] })).status).toBe(400);
    expect((await get('/api/mt/status', {}, translator)).status).toBe(403);
    expect((await get('/api/mt/status', {}, null)).status).toBe(401);
  });

  it('a job queued again after its item was translated asks the engine nothing (a sweep racing the job)', async () => {
    const created = await post('/api/news/createOneNews', { title: 'Stale job probe', content: 'Once only.', language: 'en' }, admin);
    expect(created.status).toBe(201);
    await waitFor(created.body.id, ['done']);
    const asked = () => received.filter((q) => q.includes('Stale job probe')).length;
    expect(asked()).toBe(1);
    // The sweep read the item while its job ran and adds it after the job finished (issue 18, docs/replicas.md).
    const queue = t.app.get(MachineTranslationService).jobQueue as InProcessMtQueue;
    await queue.add(String(created.body.id));
    await queue.drained();
    expect(asked()).toBe(1);
    const [row] = await db.query('SELECT mt_status, title_cn FROM news WHERE id = $1', [created.body.id]);
    expect(row).toEqual({ mt_status: 'done', title_cn: '译:Stale job probe' });
  });

  it('doTranslate: 401, 403, 400, 404', async () => {
    expect((await post('/api/news/doTranslate', { id: 1 }, null)).status).toBe(401);
    expect((await post('/api/news/doTranslate', { id: 1 }, plain)).status).toBe(403);
    const bad = await post('/api/news/doTranslate', {}, translator);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id 不能为空');
    expect((await post('/api/news/doTranslate', { id: 987654321 }, translator)).status).toBe(404);
  });
});

describe('machine translation not configured (MT_ENGINE=none, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('doTranslate answers 503 MT_NOT_CONFIGURED and the settings say so', async () => {
    const token = await t.login('translator');
    const res = await t.http().post('/api/news/doTranslate').set('Authorization', bearer(token)).send({ id: 1 });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'MT_NOT_CONFIGURED', message: '机器翻译未配置，请联系管理员配置翻译引擎' });
    const settings = await t.http().get('/api/platform/settings').set('Authorization', bearer(token));
    expect(settings.body.mt).toEqual({ engine: 'none', configured: false });
    const status = await t.http().get('/api/mt/status').set('Authorization', bearer(await t.login('admin')));
    expect(status.body).toMatchObject({ engine: 'none', configured: false, auto: false, queue: null, queued: 0 });
  });
});

describe('machine translation through BullMQ (REDIS_URL set)', () => {
  let engine: Server;
  let t: TestApp;

  beforeAll(async () => {
    engine = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const q = (JSON.parse(body) as { q: string[] }).q;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ translatedText: q.map((s) => `译:${s}`) }));
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;
    t = await createTestApp({ mt: loadConfig({ MT_ENGINE: 'libretranslate', MT_URL: url }).mt, redisUrl: process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  it('a new item is queued in Redis and translated by the worker', async () => {
    const admin = await t.login('admin');
    const status = await t.http().get('/api/mt/status').set('Authorization', bearer(admin));
    expect(status.body).toMatchObject({ queue: 'bullmq', configured: true });
    const created = await t.http().post('/api/news/createOneNews').set('Authorization', bearer(admin)).send({ title: 'Queued through Redis', content: 'Body.', language: 'en' });
    expect(created.status).toBe(201);
    const db = t.app.get(DataSource);
    const deadline = Date.now() + 30_000;
    let row: { mt_status: string; title_cn: string | null } | undefined;
    while (Date.now() < deadline) {
      [row] = await db.query('SELECT mt_status, title_cn FROM news WHERE id = $1', [created.body.id]);
      if (row?.mt_status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).toEqual({ mt_status: 'done', title_cn: '译:Queued through Redis' });
  });

  it('an API process with QUEUE_CONSUME=false only fills the queue; the worker process (an app context) runs the jobs', async () => {
    const databaseUrl = (t.app.get(DataSource).options as { url: string }).url;
    // The API without a consumer of its own.
    const apiRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...t.config, databaseUrl, queueConsume: false })] }).compile();
    const api = apiRef.createNestApplication({ logger: ['error'] });
    configureApp(api, t.config);
    await api.init();
    try {
      const svc = api.get(MachineTranslationService);
      expect(svc.jobQueue?.kind).toBe('bullmq');
      expect(await svc.sweep()).toBe(0); // a filling-only process does not sweep
      const db = api.get(DataSource);
      const id = await insertNews(db, { title: 'Split roles', content: 'Body.', language: 'en', mtStatus: 'pending' });
      // t's process consumes (QUEUE_CONSUME default true): its sweep finds the item within 5 s.
      const deadline = Date.now() + 30_000;
      let row: { mt_status: string } | undefined;
      while (Date.now() < deadline) {
        [row] = await db.query('SELECT mt_status FROM news WHERE id = $1', [id]);
        if (row?.mt_status === 'done') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(row?.mt_status).toBe('done');
    } finally {
      await api.close();
    }
  });
});

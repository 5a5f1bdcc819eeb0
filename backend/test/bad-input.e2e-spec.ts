import { DataSource } from 'typeorm';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Issue 12 (points 3 and 7): bad input never answers 5xx, never reaches a handler it could make act,
 * and every write — refused or not — leaves exactly one audit row.
 */

interface LogRow {
  id: string;
  description: string | null;
  log_type: 'INFO' | 'ERROR';
  method: string;
  params: string | null;
  status: number | null;
  username: string | null;
  exception_detail: string | null;
}

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('bad input', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let nobody: string;

  /** Sends a raw JSON text (or an object) with the method, as `token` (none = anonymous). */
  const send = (method: 'post' | 'put' | 'delete' | 'get', url: string, body?: string | object, token: string | null = admin) => {
    let req = t.http()[method](url);
    if (token) req = req.set('Authorization', bearer(token));
    if (body === undefined) return req;
    return typeof body === 'string' ? req.set('Content-Type', 'application/json').send(body) : req.send(body);
  };
  /** The newest audit row's id, once the rows of earlier requests (written after their answers) are in. */
  const lastLogId = async (): Promise<number> => {
    await new Promise((r) => setTimeout(r, 200));
    return Number((await db.query('SELECT coalesce(max(id), 0) AS n FROM sys_log'))[0].n);
  };
  /** The audit rows written after `since`, waiting (the rows are written after the answer) until `count` are there. */
  const rowsAfter = async (since: number, count: number): Promise<LogRow[]> => {
    const until = Date.now() + 5000;
    for (;;) {
      const rows = (await db.query('SELECT * FROM sys_log WHERE id > $1 ORDER BY id', [since])) as LogRow[];
      if (rows.length >= count || Date.now() > until) {
        await new Promise((r) => setTimeout(r, 100)); // and no second row arrives for the same request
        return (await db.query('SELECT * FROM sys_log WHERE id > $1 ORDER BY id', [since])) as LogRow[];
      }
      await new Promise((r) => setTimeout(r, 30));
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('badinput_nobody');
  });
  afterAll(() => t.close());

  describe('request bodies nested too deep or too large', () => {
    it('answers 400 before any handler on login, the log purge and other writes, and audits each refusal', async () => {
      // Rows the purge would remove: the logins above are INFO rows.
      const infoBefore = Number((await db.query("SELECT count(*) AS n FROM sys_log WHERE log_type = 'INFO'"))[0].n);
      expect(infoBefore).toBeGreaterThan(0);
      const jobsBefore = Number((await db.query('SELECT count(*) AS n FROM sys_job'))[0].n);
      const since = await lastLogId();
      const cases: Array<['post' | 'put' | 'delete', string, string | null]> = [
        ['post', '/auth/login', null],
        ['delete', '/api/logs/del/info', admin],
        ['delete', '/api/logs/del/error', admin],
        ['post', '/api/dept', admin],
        ['put', '/api/users', admin],
        ['delete', '/api/job', admin],
        ['post', '/api/news/deleteById', admin],
      ];
      for (const [method, url, token] of cases) {
        for (const body of [deepObject(3000), deepArray(3000), deepObject(33)]) {
          const res = await send(method, url, body, token);
          expect([url, res.status, res.body]).toEqual([url, 400, expect.objectContaining({ status: 400, message: '请求体嵌套层数过深', code: 'BAD_REQUEST_BODY' })]);
        }
      }
      const rows = await rowsAfter(since, cases.length * 3);
      expect(rows).toHaveLength(cases.length * 3);
      for (const row of rows) expect(row).toMatchObject({ log_type: 'ERROR', status: 400, exception_detail: '请求体嵌套层数过深', params: null });
      expect(rows.map((r) => r.method)).toContain('DELETE /api/logs/del/info');
      expect(rows.find((r) => r.method === 'DELETE /api/logs/del/info')?.username).toBeNull(); // refused before the guard
      // Nothing ran: the log kept its rows, the jobs are all there.
      expect(Number((await db.query("SELECT count(*) AS n FROM sys_log WHERE log_type = 'INFO'"))[0].n)).toBeGreaterThanOrEqual(infoBefore);
      expect(Number((await db.query('SELECT count(*) AS n FROM sys_job'))[0].n)).toBe(jobsBefore);
    });

    it('refuses more than 10,000 fields in all, accepts 32 levels and large ordinary bodies', async () => {
      const many = await send('post', '/api/dept', JSON.stringify({ name: 'x', list: Array.from({ length: 10_001 }, (_, i) => i) }));
      expect(many.status).toBe(400);
      expect(many.body).toMatchObject({ message: '请求体字段过多', code: 'BAD_REQUEST_BODY' });
      const keys = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, i]));
      expect((await send('post', '/api/dept', keys)).body.message).toBe('请求体字段过多');
      // 32 levels pass the parser: the handler's own validation answers.
      const deep32 = await send('post', '/api/dept', `{"name":"深度32","enabled":true,"extra":${deepObject(31)}}`);
      expect(deep32.body.code).not.toBe('BAD_REQUEST_BODY');
      expect(deep32.status).toBeLessThan(500);
      // A large body within the limits (1.9 MB of text, 9,000 nested values) is no 500 either.
      const wide = { name: 'x'.repeat(1_000), list: Array.from({ length: 300 }, () => ({ a: { b: { c: [1, 2, 3, 'y'.repeat(6_000)] } } })) };
      for (const [method, url] of [['post', '/api/dept'], ['put', '/api/users'], ['post', '/auth/login'], ['post', '/api/dictDetail']] as const) {
        const res = await send(method, url, wide);
        expect([url, res.status]).toEqual([url, 400]);
      }
    });

    it('answers malformed JSON with 400 and audits it', async () => {
      const since = await lastLogId();
      const res = await send('post', '/api/dept', '{"name": "x",');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message: '请求体不是合法的 JSON' });
      const rows = await rowsAfter(since, 1);
      expect(rows).toEqual([expect.objectContaining({ method: 'POST /api/dept', log_type: 'ERROR', status: 400, exception_detail: '请求体不是合法的 JSON' })]);
    });
  });

  describe('every write leaves one audit row', () => {
    it('a 401 (no login) and a 403 (no permission) write are recorded, and do nothing', async () => {
      const infoBefore = Number((await db.query("SELECT count(*) AS n FROM sys_log WHERE log_type = 'INFO'"))[0].n);
      const since = await lastLogId();
      expect((await send('delete', '/api/logs/del/info', undefined, null)).status).toBe(401);
      expect((await send('delete', '/api/logs/del/info', undefined, nobody)).status).toBe(403);
      expect((await send('post', '/api/job', { name: '无权岗位', jobSort: 1, enabled: true }, nobody)).status).toBe(403);
      const rows = await rowsAfter(since, 3);
      expect(rows).toEqual([
        expect.objectContaining({ method: 'DELETE /api/logs/del/info', description: '删除所有INFO日志', log_type: 'ERROR', status: 401, username: null }),
        expect.objectContaining({ method: 'DELETE /api/logs/del/info', description: '删除所有INFO日志', log_type: 'ERROR', status: 403, username: 'badinput_nobody' }),
        expect.objectContaining({ method: 'POST /api/job', log_type: 'ERROR', status: 403, username: 'badinput_nobody', params: expect.stringContaining('无权岗位') }),
      ]);
      expect(rows[1].exception_detail).toBeTruthy();
      expect(Number((await db.query("SELECT count(*) AS n FROM sys_log WHERE log_type = 'INFO'"))[0].n)).toBeGreaterThanOrEqual(infoBefore);
    });

    it('a refused login keeps the password masked', async () => {
      const since = await lastLogId();
      expect((await send('post', '/auth/login', deepObject(40), null)).status).toBe(400);
      expect((await send('post', '/auth/login', `{"username":"admin","password":"secret-text","code":"1","uuid":"u"`, null)).status).toBe(400);
      expect((await send('post', '/auth/login', { username: 'admin', password: 'secret-text', code: '', uuid: '' }, null)).status).toBe(400);
      const rows = await rowsAfter(since, 3);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.params ?? '').not.toContain('secret-text');
    });

    it('success and validation failures: exactly one row each; a read-only POST refused by the guard writes none', async () => {
      const since = await lastLogId();
      expect((await send('post', '/api/job', { name: '审计岗位', jobSort: 1, enabled: true })).status).toBe(201);
      expect((await send('post', '/api/job', { name: '', jobSort: 1, enabled: true })).status).toBe(400);
      expect((await send('post', '/api/nothing/here', { a: 1 })).status).toBe(404);
      expect((await send('post', '/api/dept/superior', [1], null)).status).toBe(401); // @SkipLog: a lookup
      const rows = await rowsAfter(since, 3);
      // Rows are written after each answer on their own connections: their ids need not follow the
      // order of the requests on a loaded machine, so they are compared by status.
      const byStatus = rows.map((r) => [r.method, r.log_type, r.status]).sort((a, b) => Number(a[2]) - Number(b[2]));
      expect(byStatus).toEqual([
        ['POST /api/job', 'INFO', 201],
        ['POST /api/job', 'ERROR', 400],
        ['POST /api/nothing/here', 'ERROR', 404],
      ]);
    });
  });

  describe('ids are integers, pages stay in range', () => {
    it('POST api/news/deleteById {"id": true} deletes nothing (it was item 1)', async () => {
      const [{ id: first }] = (await db.query('SELECT min(id) AS id FROM news')) as Array<{ id: string }>;
      await db.query('UPDATE news SET id = 1 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM news WHERE id = 1)', [first]).catch(() => undefined);
      expect((await db.query('SELECT 1 FROM news WHERE id = 1')).length).toBe(1);
      for (const id of [true, '0x1', ' 1', '1e0', '1.0', 1.5, [1], { id: 1 }, '', null]) {
        const res = await send('post', '/api/news/deleteById', { id });
        expect([id, res.status]).toEqual([id, 400]);
      }
      expect((await db.query('SELECT 1 FROM news WHERE id = 1')).length).toBe(1);
    });

    it('path, query and body ids refuse booleans, hex, spaces, exponents and fractions', async () => {
      const [{ id: jobId }] = (await db.query('SELECT min(id) AS id FROM sys_job')) as Array<{ id: number }>;
      expect((await send('get', `/api/logs/error/${encodeURIComponent(' 1')}`)).status).toBe(400);
      for (const id of ['0x10', '1e3', '1.0', 'true', '+1', '%201']) {
        expect([id, (await send('get', `/api/logs/error/${id}`)).status]).toEqual([id, 400]);
        expect([id, (await send('get', `/api/users?deptId=${id}`)).status]).toEqual([id, 400]);
      }
      for (const id of [true, '0x10', ' 1', '1e3', '1.0', 1.5]) {
        const res = await send('put', '/api/job', { id, name: '改名', jobSort: 1, enabled: true });
        expect([id, res.status]).toEqual([id, 400]);
        expect([id, (await send('delete', '/api/job', [id])).status]).toEqual([id, 400]);
      }
      // Decimal digits stay accepted everywhere (eladmin clients send ids as text too).
      expect((await send('put', '/api/job', { id: String(jobId), name: '改名后', jobSort: '2', enabled: 'true' })).status).toBe(204);
      expect((await send('get', `/api/users?deptId=${jobId}`)).status).toBe(200);
    });

    it('page=1e308 / 1e20 on lists → 400, never 500', async () => {
      for (const list of ['/api/job', '/api/users', '/api/roles', '/api/dept', '/api/menus', '/api/dict', '/api/dictDetail', '/api/logs', '/api/news/list', '/api/localStorage', '/api/productSetting/list', '/api/productJournal/list', '/api/manuscript', '/api/newsSuggest']) {
        for (const page of ['1e308', '1e20', '100000000000000000000', '-1', 'true', '0x10', String(Number.MAX_SAFE_INTEGER)]) {
          const res = await send('get', `${list}?page=${page}&size=10`);
          expect([list, page, res.status]).toEqual([list, page, 400]);
        }
      }
      const res = await send('get', '/api/job?page=1e308');
      expect(res.body.message).toBe('page 必须是整数');
      expect((await send('get', `/api/job?page=${Number.MAX_SAFE_INTEGER}`)).body.message).toBe('page 超出范围');
    });

    it('dictionary entries need dict as one {id}; a column sort of null is the default order', async () => {
      const dict = await send('post', '/api/dict', { name: 'bad_input_probe', description: '探针' });
      expect(dict.status).toBe(201);
      const [{ id: dictId }] = (await db.query("SELECT id FROM sys_dict WHERE name = 'bad_input_probe'")) as Array<{ id: number }>;
      for (const bad of [[], [{ id: dictId }], 'x', 1, true, { id: true }, { id: '0x1' }, { id: 1e10 }]) {
        const res = await send('post', '/api/dictDetail', { label: 'a', value: 'a', dict: bad });
        expect([bad, res.status]).toEqual([bad, 400]);
        expect(res.body.message).toMatch(/字典/);
        const put = await send('put', '/api/dictDetail', { id: 1, label: 'a', value: 'a', dict: bad });
        expect([bad, put.status]).toEqual([bad, 400]);
      }
      expect((await send('post', '/api/dictDetail', { label: 'a', value: 'a', dict: { id: dictId } })).status).toBe(201);
      // The other single objects of a body: an array is not one.
      const user = await send('post', '/api/users', { username: 'arraydept', nickName: '数组部门', enabled: true, roles: [], dept: [] });
      expect([user.status, user.body.message]).toEqual([400, '部门格式不正确']);
      const [{ id: newsId }] = (await db.query('SELECT max(id) AS id FROM news')) as Array<{ id: string }>;
      const submit = await send('post', '/api/news/submitTranslate', { id: Number(newsId), content: [] });
      expect([submit.status, submit.body.message]).toEqual([400, 'content 格式不正确']);

      const product = await send('post', '/api/productSetting', { deptId: (await db.query('SELECT min(id) AS id FROM sys_dept'))[0].id, name: '坏输入产品' });
      expect(product.status).toBeLessThan(300);
      const [{ id: productId }] = (await db.query("SELECT id FROM product_setting WHERE name = '坏输入产品'")) as Array<{ id: number }>;
      const column = await send('post', '/api/productColumn', { productId, name: '栏目一', sort: null });
      expect(column.status).toBeLessThan(300);
      expect(column.body.sort).toBe(1);
      const second = await send('post', '/api/productColumn', { productId, name: '栏目二', sort: null, status: null });
      expect(second.body).toMatchObject({ sort: 2, status: true });
      expect((await send('put', '/api/productColumn', { id: second.body.id, name: '栏目二', sort: null })).status).toBeLessThan(300);
      expect((await db.query('SELECT sort FROM product_column WHERE id = $1', [second.body.id]))[0].sort).toBe(2);
    });
  });
});

/**
 * Fuzz: every operation of the OpenAPI document, as admin, with malformed path ids, query values and
 * bodies (deep JSON, the wrong container, then null / wrong containers / NUL / lone surrogates / huge
 * numbers / true for each field in turn). Nothing may answer 5xx — except a 503 that says on purpose
 * that a service is not configured or not reachable. Runs on its own database, which it may change:
 * the base bodies name records that do not exist (ids 2147483000), so edits and deletes answer 404 and
 * only creations can succeed.
 */
describe('fuzz over /api/docs-json', () => {
  interface Schema {
    $ref?: string;
    type?: string;
    properties?: Record<string, Schema>;
    items?: Schema;
    enum?: unknown[];
  }
  interface Operation {
    method: 'get' | 'post' | 'put' | 'patch' | 'delete';
    parameters?: Array<{ name: string; in: 'path' | 'query' }>;
    requestBody?: { content: Record<string, { schema: Schema }> };
  }
  interface Probe {
    method: Operation['method'];
    path: string;
    query: string;
    body: unknown;
    variant: string;
  }

  const MISSING = 2_147_483_000;
  const NUL = 'a\u0000b';
  const LONE = 'x\ud800y';
  /** Never called: they end the admin's session, which the rest of the walk needs. */
  const SKIP = [/^\/auth\/logout$/];
  /** 503s that are answers, not failures: a service the operator has not configured, or that is down. */
  const DELIBERATE_503 = new Set(['MT_NOT_CONFIGURED', 'NOT_CONFIGURED', 'DATABASE_UNAVAILABLE']);
  const CONCURRENCY = 6;

  let t: TestApp;
  let base: string;
  let admin: string;
  let schemas: Record<string, Schema>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    schemas = (await t.http().get('/api/docs-json')).body.components.schemas;
    // One listening server for the whole walk (supertest would otherwise listen anew for every request).
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
  });
  afterAll(() => t.close());

  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? schemas[s.$ref.split('/').pop()!] : s);

  /** A value of the schema's shape naming nothing that exists. */
  const plausible = (s: Schema | undefined, name = ''): unknown => {
    const schema = resolve(s);
    if (!schema) return 'x';
    if (schema.enum?.length) return schema.enum[0];
    if (schema.type === 'array') return [plausible(schema.items, name)];
    if (schema.type === 'object' || schema.properties) {
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    }
    if (schema.type === 'integer' || schema.type === 'number') return MISSING;
    if (schema.type === 'boolean') return true;
    return /id$/i.test(name) ? String(MISSING) : 'x';
  };

  /** Malformed values for one field of this schema. */
  const badValues = (s: Schema | undefined): unknown[] => {
    const schema = resolve(s);
    if (schema?.type === 'array') return [null, {}, [true], [null], [{}], [LONE]];
    if (schema?.type === 'object' || schema?.properties) return [null, [], NUL, { id: true }, { id: 1e308 }];
    return [null, true, [], {}, NUL, LONE, 1e308];
  };

  /** Every probe of one operation. */
  const probesOf = (template: string, method: Operation['method'], op: Operation): Probe[] => {
    const probes: Probe[] = [];
    const params = op.parameters ?? [];
    const withPath = (value: string) => template.replace(/\{[^}]+\}/g, value);
    const path = withPath(String(MISSING));
    const jsonSchema = op.requestBody?.content['application/json']?.schema;
    const body = method !== 'get' && jsonSchema ? plausible(jsonSchema) : undefined;
    const add = (variant: string, p: Partial<Probe>) => probes.push({ method, path, query: '', body, variant, ...p });

    // Path ids that are not decimal digits, or out of range.
    if (params.some((p) => p.in === 'path')) {
      for (const bad of ['true', '0x10', '1e3', '%201', '1.5', '-1', '9'.repeat(30), '%00', '%ED%A0%80']) add(`path ${bad}`, { path: withPath(bad) });
    }
    // Every query parameter at once (page and size too), one bad value at a time.
    const names = [...new Set([...params.filter((p) => p.in === 'query' && p.name !== 'access_token').map((p) => p.name), 'page', 'size'])];
    const queryValues = names.length > 2 ? ['1e308', 'true', '0x10', encodeURIComponent(NUL), '%ED%A0%80', '9'.repeat(400)] : ['1e308'];
    for (const bad of queryValues) add(`query ${bad.slice(0, 20)}`, { query: names.map((n) => `${encodeURIComponent(n)}=${bad}`).join('&') });
    add('paging', { query: 'page=1e20&size=-1&sort=id,desc&sort=constructor' });
    if (method === 'get') return probes;

    // Bodies: too deep, not JSON, the wrong container, then each field in turn with each malformed value.
    for (const [variant, raw] of [
      ['deep object', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`],
      ['deep array', `${'['.repeat(3000)}${']'.repeat(3000)}`],
      ['not json', '{"a":'],
      ['null', 'null'],
      ['empty array', '[]'],
      ['array of an object', '[{}]'],
    ] as const) {
      add(variant, { body: raw });
    }
    const schema = resolve(jsonSchema);
    if (schema?.type === 'array') {
      for (const bad of badValues(schema.items)) add(`item ${JSON.stringify(bad)}`, { body: [bad] });
    } else if (schema?.properties) {
      for (const [field, fieldSchema] of Object.entries(schema.properties)) {
        for (const bad of badValues(fieldSchema)) add(`${field}=${JSON.stringify(bad)}`, { body: { ...(body as object), [field]: bad } });
      }
      for (const bad of [null, {}, NUL]) add(`all ${JSON.stringify(bad)}`, { body: Object.fromEntries(Object.keys(schema.properties).map((k) => [k, bad])) });
    }
    return probes;
  };

  it('answers no 5xx to any malformed input', async () => {
    const started = Date.now();
    const doc = (await t.http().get('/api/docs-json')).body as { paths: Record<string, Record<string, Operation>> };
    const probes: Probe[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      if (SKIP.some((re) => re.test(template))) continue;
      for (const [method, op] of Object.entries(item)) probes.push(...probesOf(template, method as Operation['method'], op));
    }
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const p = probes[next++];
        const url = `${base}${p.path}${p.query ? `?${p.query}` : ''}`;
        const init: RequestInit = { method: p.method.toUpperCase(), headers: { Authorization: bearer(admin), 'Content-Type': 'application/json' } };
        if (p.body !== undefined) init.body = typeof p.body === 'string' ? p.body : JSON.stringify(p.body);
        const res = await fetch(url, init);
        const text = await res.text();
        if (res.status >= 500) {
          const code = (() => {
            try {
              return (JSON.parse(text) as { code?: string }).code;
            } catch {
              return undefined;
            }
          })();
          if (!(res.status === 503 && code && DELIBERATE_503.has(code))) failures.push(`${p.method.toUpperCase()} ${p.path}?${p.query.slice(0, 60)} [${p.variant.slice(0, 60)}] → ${res.status} ${text.slice(0, 160)}`);
        }
        // A walk that ended the admin's session (it should not) logs in again, so the rest still runs as admin.
        if (res.status === 401 && !p.path.startsWith('/auth') && !p.path.startsWith('/cas') && (await fetch(`${base}/auth/info`, { headers: { Authorization: bearer(admin) } })).status === 401) {
          admin = await t.login('admin');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.log(`fuzz: ${probes.length} requests over ${Object.keys(doc.paths).length} paths in ${Date.now() - started} ms`);
    expect(probes.length).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
  }, 120_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import ExcelJS from 'exceljs';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { officeCspDirectives } from '../src/common/http/transport';
import { binary } from './utils/http';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

// Issue 12: login lockout under parallel guesses, the per-address throttle, security headers, the
// HORIZON-TOKEN cookie, the query token, trusted proxies, CORS, and the online/log contract points.

const REDIS_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

/** A TEST-NET address per call, so throttle counters of different tests never meet. */
let addressSeq = 0;
const testNetAddress = () => `198.51.100.${(addressSeq = (addressSeq % 250) + 1)}`;

/** `Content-Security-Policy` as a map of directive → sources. */
function csp(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    map.set(name, sources);
  }
  return map;
}

/** A second app (replica) on the same database as `t`. */
async function replicaOf(t: TestApp): Promise<INestApplication> {
  const databaseUrl = (t.app.get(DataSource).options as { url: string }).url;
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...t.config, databaseUrl })] }).compile();
  const app = moduleRef.createNestApplication({ logger: ['error'] });
  configureApp(app, t.config);
  await app.init();
  return app;
}

describe('login lockout under parallel guesses', () => {
  let t: TestApp;
  let db: DataSource;
  const attempt = (username: string, password: string) => t.http().post('/auth/login').send({ username, password: t.encrypt(password), code: '', uuid: '' });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('checks at most LOGIN_MAX_FAILURES passwords of 60 parallel guesses; the right password afterwards is locked out too', async () => {
    const max = t.config.loginMaxFailures;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt('editor', `Wrong@guess${i}`)));
    const checked = answers.filter((r) => r.status === 400);
    const locked = answers.filter((r) => r.status === 429);
    expect(checked.length + locked.length).toBe(60);
    expect(checked.length).toBeLessThanOrEqual(max);
    for (const r of checked) expect(r.body).toMatchObject({ status: 400, message: '用户名或密码错误', code: 'BAD_CREDENTIALS' });
    for (const r of locked) expect(r.body).toMatchObject({ status: 429, message: '登录失败次数过多，请 15 分钟后再试', code: 'TOO_MANY_ATTEMPTS' });
    const right = await attempt('editor', USER_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('登录失败次数过多，请 15 分钟后再试');
    // one counter row per lower-cased username, capped just above the limit
    expect(await db.query("SELECT failures FROM sys_login_attempt WHERE username = 'editor'")).toEqual([{ failures: max + 1 }]);
  });

  it('looks a username up by its key only: the tables match the entities and the counters are keyed rows', async () => {
    const sql = await db.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query).filter((q) => /sys_login_attempt|sys_rate_limit|sys_login_failure/.test(q))).toEqual([]);
    const indexes: Array<{ indexdef: string }> = await db.query("SELECT indexdef FROM pg_indexes WHERE tablename IN ('sys_login_attempt', 'sys_rate_limit') ORDER BY indexname");
    expect(indexes.map((i) => i.indexdef.replace(/^.* USING btree /, ''))).toEqual(['(username)', '(key)', '(window_start)', '(reset_at)']);
    expect(await db.query("SELECT to_regclass('sys_login_failure') AS t")).toEqual([{ t: null }]);
  });
});

describe('per-address throttle of auth/login, auth/keyLogin and auth/code (database store)', () => {
  let t: TestApp;
  let replica: INestApplication | undefined;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 3, captchaRateLimit: 2 });
  });
  afterAll(async () => {
    await replica?.close();
    await t.close();
  });

  const login = (from: string, app: INestApplication = t.app) =>
    request(app.getHttpServer()).post('/auth/login').set('X-Forwarded-For', from).send({ username: 'translator', password: t.encrypt(USER_PASSWORD) });
  const keyLogin = (from: string) => t.http().post('/auth/keyLogin').set('X-Forwarded-For', from).send({ key: 'hzk_not-a-key' });

  it('answers 429 {status, message, code, timestamp} with Retry-After once an address used LOGIN_RATE_LIMIT (login and key login together)', async () => {
    const from = testNetAddress();
    expect((await login(from)).status).toBe(200);
    expect((await keyLogin(from)).status).toBe(400);
    expect((await login(from)).status).toBe(200);
    const refused = await login(from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 429, message: '请求过于频繁，请稍后再试', code: 'TOO_MANY_REQUESTS', timestamp: expect.any(Number) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect((await keyLogin(from)).status).toBe(429);
    // another address is not affected
    expect((await login(testNetAddress())).status).toBe(200);
  });

  it('throttles auth/code by CAPTCHA_RATE_LIMIT', async () => {
    const from = testNetAddress();
    for (let i = 0; i < 2; i++) expect((await t.http().get('/auth/code').set('X-Forwarded-For', from)).status).toBe(200);
    const refused = await t.http().get('/auth/code').set('X-Forwarded-For', from);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts in the database, so every replica sees the same hits', async () => {
    replica = await replicaOf(t);
    const from = testNetAddress();
    expect((await login(from)).status).toBe(200);
    expect((await login(from, replica)).status).toBe(200);
    expect((await login(from)).status).toBe(200);
    expect((await login(from, replica)).status).toBe(429);
    expect(await t.app.get(DataSource).query('SELECT hits FROM sys_rate_limit WHERE key = $1', [`login:${from}`])).toEqual([{ hits: 4 }]);
  });
});

describe('per-address throttle with REDIS_URL (Redis store)', () => {
  let t: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    t = await createTestApp({ loginRateLimit: 2, redisUrl: REDIS_URL });
  });
  afterAll(async () => {
    await t.close();
    await redis.quit();
  });

  it('counts in Redis (not in the database) and answers 429 past the limit', async () => {
    const from = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    await redis.del(`horizon:rate-limit:login:${from}`);
    const login = () => t.http().post('/auth/login').set('X-Forwarded-For', from).send({ username: 'translator', password: t.encrypt(USER_PASSWORD) });
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, message: '请求过于频繁，请稍后再试', code: 'TOO_MANY_REQUESTS' });
    expect(Number(await redis.get(`horizon:rate-limit:login:${from}`))).toBe(3);
    expect(await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM sys_rate_limit')).toEqual([{ n: 0 }]);
  });
});

describe('security headers, cookie, query token, proxies, CORS and the online/log contract', () => {
  let t: TestApp;
  let admin: string;
  let cas: Server;

  beforeAll(async () => {
    cas = createServer((req, res) => {
      const ticket = new URL(req.url ?? '/', 'http://cas').searchParams.get('ticket');
      res.setHeader('Content-Type', 'application/xml');
      res.end(ticket === 'ST-good'
        ? '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>editor</cas:user></cas:authenticationSuccess></cas:serviceResponse>'
        : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET"/></cas:serviceResponse>');
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ casServerUrl: `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas` });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => cas.close(resolve));
  });

  describe('headers', () => {
    it('sends a strict CSP, nosniff, a referrer policy and frame protection on the SPA, the API and the docs', async () => {
      for (const path of ['/horizon/', '/auth/publicKey', '/api/docs', '/api/users']) {
        const res = await t.http().get(path);
        const policy = csp(res.headers['content-security-policy']);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('script-src')).toEqual(["'self'"]);
        expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http:', 'https:']);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
        expect(policy.get('base-uri')).toEqual(["'self'"]);
        expect(policy.get('connect-src')?.[0]).toBe("'self'");
        expect(policy.has('upgrade-insecure-requests')).toBe(false);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('gives the online editor page (/horizon/office/*) its own CSP: WebAssembly allowed, a document server named; other pages stay strict', async () => {
      for (const path of ['/horizon/office/journal/12?version=3', '/horizon/office/copy/7']) {
        const policy = csp((await t.http().get(path)).headers['content-security-policy']);
        expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
        expect(policy.get('frame-src')).toEqual(["'self'"]);
      }
      for (const path of ['/horizon/', '/horizon/officeX', '/horizon/product/manuscript']) {
        expect(csp((await t.http().get(path)).headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
      }
      // with a document server (OFFICE_URL): its origin may serve scripts, frames, form posts and connections
      const server = officeCspDirectives('https://office.example.org');
      expect(server.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://office.example.org']);
      expect(server.frameSrc).toEqual(["'self'", 'https://office.example.org']);
      expect(server.formAction).toEqual(["'self'", 'https://office.example.org']);
      expect(server.connectSrc).toContain('https://office.example.org');
      expect(server.frameAncestors).toEqual(["'self'"]);
    });

    it('lets the live channel connect to this host only (ws/wss on the same host, not any host)', async () => {
      const res = await t.http().get('/auth/publicKey').set('Host', 'horizon.example.org:8443');
      expect(csp(res.headers['content-security-policy']).get('connect-src')).toEqual(["'self'", 'ws://horizon.example.org:8443', 'wss://horizon.example.org:8443']);
      const odd = await t.http().get('/auth/publicKey').set('Host', 'evil;script-src *');
      expect(csp(odd.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
      expect(csp(odd.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    });

    it('sends HSTS only on HTTPS (as told by a trusted proxy)', async () => {
      expect((await t.http().get('/auth/publicKey')).headers['strict-transport-security']).toBeUndefined();
      expect((await t.http().get('/auth/publicKey').set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toBe('max-age=15552000');
    });
  });

  describe('HORIZON-TOKEN cookie (CAS callback)', () => {
    const cookieOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('HORIZON-TOKEN='));

    it('is SameSite=Lax, and not Secure over plain HTTP', async () => {
      const res = await t.http().get('/cas/casLogin?ticket=ST-good');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/horizon/');
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/);
    });

    it('is Secure behind HTTPS (X-Forwarded-Proto from a trusted proxy)', async () => {
      const cookie = cookieOf(await t.http().get('/cas/casLogin?ticket=ST-good').set('X-Forwarded-Proto', 'https'));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    });

    it('is not set when the ticket is refused', async () => {
      const res = await t.http().get('/cas/casLogin?ticket=ST-bad');
      expect(res.status).toBe(401);
      expect(cookieOf(res)).toBeUndefined();
    });
  });

  describe('?access_token=', () => {
    it('is refused (401) on ordinary routes, even with a valid login token', async () => {
      for (const path of ['/auth/info', '/api/users', '/api/menus/build', '/auth/online']) {
        const res = await t.http().get(path).query({ access_token: admin });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ status: 401, message: '登录状态已过期，请重新登录' });
      }
      // a write with the token in the URL does not run either
      expect((await t.http().delete('/auth/online').query({ access_token: admin }).send(['00000000-0000-0000-0000-000000000000'])).status).toBe(401);
    });

    it('is accepted on downloads a browser opens by URL: exports and a stored file', async () => {
      const users = await t.http().get('/api/users/download').query({ access_token: admin }).buffer(true).parse(binary);
      expect(users.status).toBe(200);
      expect(users.headers['content-type']).toMatch(/spreadsheetml/);
      const online = await t.http().get('/auth/online/download').query({ access_token: admin }).buffer(true).parse(binary);
      expect(online.status).toBe(200);
      const upload = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).attach('file', Buffer.from('report'), 'report.txt');
      expect(upload.status).toBe(201);
      const file = await t.http().get(`/api/localStorage/download/${upload.body.id}`).query({ access_token: admin }).buffer(true).parse(binary);
      expect(file.status).toBe(200);
      expect((file.body as Buffer).toString()).toBe('report');
      expect((await t.http().get(`/api/localStorage/download/${upload.body.id}`).query({ access_token: 'garbage' })).status).toBe(401);
    });
  });

  describe('trusted proxies (TRUST_PROXY, default loopback)', () => {
    it('never trusts a private address by default, only the loopback', () => {
      const trust = (t.app as NestExpressApplication).getHttpAdapter().getInstance().get('trust proxy fn') as (addr: string, i: number) => boolean;
      expect(trust('127.0.0.1', 0)).toBe(true);
      expect(trust('::1', 0)).toBe(true);
      for (const addr of ['10.0.0.1', '172.16.0.1', '192.168.1.1', 'fd00::1', 'fe80::1', '169.254.1.1', '203.0.113.5']) expect(trust(addr, 0)).toBe(false);
    });

    it('takes the client address from X-Forwarded-For sent by the trusted loopback proxy', async () => {
      const res = await t.http().post('/auth/login').set('X-Forwarded-For', '120.24.78.68').send({ username: 'translator', password: t.encrypt(USER_PASSWORD) });
      expect(res.status).toBe(200);
      const sid = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString('utf8')).sid as string;
      const online = await t.http().get('/auth/online?username=translator&size=100').set('Authorization', bearer(admin));
      expect(online.body.content.find((s: { key: string }) => s.key === sid)).toMatchObject({ ip: '120.24.78.68', address: '中国 广东省 深圳市 阿里云' });
    });
  });

  describe('online users and logs (eladmin fields)', () => {
    it('lists sessions with key, uid and address (内网IP for this machine)', async () => {
      const res = await t.http().get('/auth/online?username=admin').set('Authorization', bearer(admin));
      const [{ id }] = await t.app.get(DataSource).query("SELECT id FROM sys_user WHERE username = 'admin'");
      const mine = res.body.content.find((s: { current: boolean }) => s.current);
      expect(mine).toMatchObject({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), uid: id, userName: 'admin', address: '内网IP' });
    });

    it('exports the online sessions as xlsx, to admins only', async () => {
      const res = await t.http().get('/auth/online/download?username=admin').set('Authorization', bearer(admin)).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('在线用户'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as Parameters<ExcelJS.Xlsx['load']>[0]);
      const sheet = book.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['用户名', '用户昵称', '部门', '登录IP', '登录地点', '浏览器', '登录日期', '最后访问']);
      expect(sheet.getRow(2).getCell(1).value).toBe('admin');
      expect(sheet.getRow(2).getCell(5).value).toBe('内网IP');
      const translator = await t.login('translator');
      expect((await t.http().get('/auth/online/download').set('Authorization', bearer(translator))).status).toBe(403);
      expect((await t.http().get('/auth/online/download')).status).toBe(401);
    });

    it('gives every operation-log row the address of its request IP', async () => {
      await t.http().post('/auth/login').set('X-Forwarded-For', '202.96.128.86').send({ username: 'admin', password: t.encrypt(ADMIN_PASSWORD) });
      const res = await t.http().get('/api/logs?blurry=202.96.128.86').set('Authorization', bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.content[0]).toMatchObject({ requestIp: '202.96.128.86', address: '中国 广东省 广州市 电信' });
      const local = await t.http().get('/api/logs?size=1').set('Authorization', bearer(admin));
      expect(local.body.content[0]).toHaveProperty('address');
    });
  });

  describe('GET auth/logout', () => {
    it('works like DELETE auth/logout: ends the session, idempotent, 200 without a token', async () => {
      const token = await t.login('editor');
      expect((await t.http().get('/auth/info').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().get('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().get('/auth/info').set('Authorization', bearer(token))).status).toBe(401);
      expect((await t.http().get('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().get('/auth/logout')).status).toBe(200);
    });
  });

  describe('CORS (CORS_ORIGINS unset: no origin allowed)', () => {
    it('gives no Access-Control-Allow-Origin to any origin', async () => {
      const pre = await t.http().options('/api/users').set('Origin', 'https://portal.example.org').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.http().get('/auth/publicKey').set('Origin', 'https://portal.example.org');
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('TRUST_PROXY=false and CORS_ORIGINS set', () => {
  let t: TestApp;
  const portal = 'https://portal.example.org';

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false, corsOrigins: [portal] });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For and -Proto from an untrusted address: the socket address is the client', async () => {
    const res = await t.http().post('/auth/login').set('X-Forwarded-For', '120.24.78.68').set('X-Forwarded-Proto', 'https').send({ username: 'translator', password: t.encrypt(USER_PASSWORD) });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const admin = await t.login('admin');
    const online = await t.http().get('/auth/online?username=translator').set('Authorization', bearer(admin));
    expect(online.body.content[0].ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(online.body.content[0].address).toBe('内网IP');
  });

  it('answers the preflight of a listed origin (credentials, Authorization and Content-Type) and not of others', async () => {
    const pre = await t.http().options('/api/users').set('Origin', portal).set('Access-Control-Request-Method', 'PUT').set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(portal);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(pre.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(pre.headers['access-control-allow-headers']).toMatch(/Content-Type/);
    expect(pre.headers['access-control-allow-methods']).toMatch(/PUT/);
    const other = await t.http().options('/api/users').set('Origin', 'https://evil.example.org').set('Access-Control-Request-Method', 'PUT');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.http().get('/auth/publicKey').set('Origin', portal);
    expect(get.headers['access-control-allow-origin']).toBe(portal);
    expect(get.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('answers the live channel the same way (socket.io polling)', async () => {
    const listed = await t.http().get('/webSocket/?EIO=4&transport=polling').set('Origin', portal);
    expect(listed.headers['access-control-allow-origin']).toBe(portal);
    const other = await t.http().get('/webSocket/?EIO=4&transport=polling').set('Origin', 'https://evil.example.org');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

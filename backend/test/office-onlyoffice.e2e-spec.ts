import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import PizZip from 'pizzip';
import { DataSource } from 'typeorm';
import { sampleDocx } from '../src/common/docx/docx.testing';
import { PrincipalService } from '../src/common/auth/principal.service';
import { loadConfig } from '../src/config/config';
import { insertJournal, insertProduct } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * ONLYOFFICE Document Server adapter (issue 15 piece 2; docs/office-design.md §2.4): the test plays the
 * document server — a node:http server that serves the edited documents and the changes zip and records
 * every request — and posts callbacks signed as the document server signs them (body token; header
 * `{payload}` token): status 1 (nothing stored, lock renewed), 6 (a version, the session goes on), a
 * repeat (one version), 2 with changes and history (a version, the session ends, lock released),
 * 4 (closed, nothing stored), 2 `notmodified`, a bad signature (403, nothing stored, no download), a
 * `url` on another origin (`{"error":1}`, no request), a journal finalised before status 2.
 */
describe('online office editing: ONLYOFFICE', () => {
  const SECRET = 'onlyoffice-test-secret-0123456789abcdef';
  const CALLBACK_BASE = 'http://horizon.test';
  const KEY = /^[0-9a-f]{6}-j\d+-v\d+-f\d+$/;
  const jwt = new JwtService();
  let t: TestApp;
  let db: DataSource;
  let editor: string;
  let server: Server;
  let dsUrl: string;
  const served = new Map<string, Buffer>();
  const requests: string[] = [];
  let seq = 0;

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];
  const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;
  const versionCount = (journalId: number) => count('SELECT count(*)::int AS n FROM product_journal_file WHERE journal_id = $1', [journalId]);
  const documentXml = (data: Buffer) => new PizZip(data).file('word/document.xml')!.asText();
  /** A path under OFFICE_CALLBACK_BASE, fetched from the app (what the document server would download). */
  const fetchBase = (url: string) => {
    expect(url.startsWith(`${CALLBACK_BASE}/`)).toBe(true);
    return t.http().get(url.slice(CALLBACK_BASE.length)).buffer(true).parse(binary);
  };

  /** A journal of 期刊编辑部 with one uploaded version; answers its id. */
  const journalWithVersion = async (heading: string) => {
    const deptId = (await one<{ id: number }>("SELECT id FROM sys_dept WHERE name = '期刊编辑部'")).id;
    const productId = await insertProduct(db, { name: `协同产品${++seq}`, deptId, period: 'daily', type: '1', contentType: '2' });
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    const res = await t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(editor)).field('journalId', String(journalId)).attach('file', await sampleDocx({ heading }), '日报.docx');
    expect(res.status).toBe(201);
    return journalId;
  };

  interface Opened {
    id: string;
    mode: string;
    key: string;
    s: string;
    config: Record<string, any>;
  }
  const open = async (journalId: number): Promise<Opened> => {
    const res = await as(editor).post('/api/productJournal/downloadWebOfficeJournal', { journalId });
    expect(res.status).toBe(200);
    const config = res.body.onlyoffice.config;
    const callbackUrl = config.editorConfig.callbackUrl as string | undefined;
    return { id: res.body.id, mode: res.body.mode, key: config.document.key, s: callbackUrl ? new URL(callbackUrl).searchParams.get('s')! : '', config };
  };

  /** Serves `bytes` as the document server's result for `key`; answers its URL. */
  const serve = (key: string, name: string, bytes: Buffer) => {
    const path = `/cache/files/data/${key}/${name}`;
    served.set(path, bytes);
    return `${dsUrl}${path}`;
  };

  /** Posts a callback the way the document server does: the body's fields signed into `token` (or the header's `{payload}`). */
  const callback = (s: string, fields: Record<string, unknown>, how: 'body' | 'header' = 'body', secret = SECRET) => {
    const req = t.http().post(`/api/office/onlyoffice/callback?s=${encodeURIComponent(s)}`);
    if (how === 'header') return req.set('Authorization', `Bearer ${jwt.sign({ payload: fields }, { secret, algorithm: 'HS256' })}`).send(fields);
    return req.send({ ...fields, token: jwt.sign(fields, { secret, algorithm: 'HS256' }) });
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const bytes = served.get(req.url ?? '');
      if (bytes) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const office = loadConfig({ NODE_ENV: 'test', OFFICE_EDITOR: 'onlyoffice', OFFICE_URL: dsUrl, OFFICE_CALLBACK_BASE: CALLBACK_BASE, OFFICE_JWT_SECRET: SECRET }).office;
    t = await createTestApp({ office });
    db = t.app.get(DataSource);
    editor = await t.login('editor');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('opens with a signed config: key per version, the document at a capability path under OFFICE_CALLBACK_BASE, zh, forcesave, the callback', async () => {
    const journalId = await journalWithVersion('打开');
    const res = await as(editor).post('/api/productJournal/downloadWebOfficeJournal', { journalId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ editor: 'onlyoffice', mode: 'edit', reason: null, target: { kind: 'journal', id: journalId, version: 1 } });
    expect(res.body).not.toHaveProperty('builtin');
    const { apiJs, config } = res.body.onlyoffice;
    expect(apiJs).toBe(`${dsUrl}/web-apps/apps/api/documents/api.js`);
    const fileId = (await one<{ fileId: number }>('SELECT file_id AS "fileId" FROM product_journal_file WHERE journal_id = $1', [journalId])).fileId;
    expect(config.document.key).toMatch(KEY);
    expect(config.document.key).toMatch(new RegExp(`-j${journalId}-v1-f${fileId}$`));
    expect(config).toMatchObject({
      documentType: 'word',
      document: { fileType: 'docx', title: expect.stringMatching(/^协同产品\d+2026第\d+期\.docx$/), permissions: { edit: true }, referenceData: { fileKey: `j${journalId}`, instanceId: CALLBACK_BASE } },
      editorConfig: { mode: 'edit', lang: 'zh', region: 'zh-CN', user: { id: expect.any(String), name: '张编辑' }, customization: { forcesave: true } },
    });
    expect(config.editorConfig.callbackUrl).toMatch(new RegExp(`^${CALLBACK_BASE}/api/office/onlyoffice/callback\\?s=`));
    // the token is the config signed with the secret (HS256)
    const { token, ...unsigned } = config;
    const claims = jwt.verify(token, { secret: SECRET, algorithms: ['HS256'] });
    expect(claims).toMatchObject(unsigned);
    expect(() => jwt.verify(token, { secret: 'another-secret-0123456789abcdef0123', algorithms: ['HS256'] })).toThrow();
    // the document server downloads the version without a login
    const doc = await fetchBase(config.document.url);
    expect(doc.status).toBe(200);
    expect(documentXml(doc.body as Buffer)).toContain('打开');
    // the key is recorded on the session
    expect(await one('SELECT doc_key AS key FROM office_session WHERE id = $1', [res.body.id])).toEqual({ key: config.document.key });
  });

  it('plays a session: bad signature, 1, 6 (+ repeat, foreign url), 2 with history; then 4 and 2 notmodified on other sessions', async () => {
    const journalId = await journalWithVersion('第一版');
    const session = await open(journalId);
    const userId = Number(session.config.editorConfig.user.id);
    const edited = await sampleDocx({ heading: '强制保存标记' });
    const forceUrl = serve(session.key, 'output.docx', edited);

    // a bad signature (another secret), and a token-less body: 403 {"error":1}, nothing downloaded or stored
    requests.length = 0;
    let res = await callback(session.s, { key: session.key, status: 6, url: forceUrl, users: [String(userId)], forcesavetype: 1 }, 'body', 'wrong-secret-0123456789abcdef0123456');
    expect([res.status, res.body]).toEqual([403, { error: 1 }]);
    res = await t.http().post(`/api/office/onlyoffice/callback?s=${encodeURIComponent(session.s)}`).send({ key: session.key, status: 6, url: forceUrl });
    expect([res.status, res.body]).toEqual([403, { error: 1 }]);
    // a valid token with a forged session capability
    res = await callback(`${session.id}.${'A'.repeat(43)}`, { key: session.key, status: 6, url: forceUrl });
    expect([res.status, res.body]).toEqual([403, { error: 1 }]);
    expect(requests).toEqual([]);
    expect(await versionCount(journalId)).toBe(1);

    // status 1 (header token): nothing stored, the lock renewed
    await db.query("UPDATE office_lock SET expires_at = now() + interval '1 minute' WHERE session_id = $1", [session.id]);
    res = await callback(session.s, { key: session.key, status: 1, users: [String(userId)], actions: [{ type: 1, userid: String(userId) }] }, 'header');
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(await versionCount(journalId)).toBe(1);
    expect(await one('SELECT expires_at > now() + interval \'20 minutes\' AS renewed FROM office_lock WHERE session_id = $1', [session.id])).toEqual({ renewed: true });

    // status 6 with a url on another origin: {"error":1}, no request, nothing stored, the session goes on with the error noted
    requests.length = 0;
    res = await callback(session.s, { key: session.key, status: 6, url: 'http://169.254.169.254/latest/output.docx', users: [String(userId)], forcesavetype: 1, lastsave: 'x' });
    expect([res.status, res.body]).toEqual([200, { error: 1 }]);
    expect(requests).toEqual([]);
    expect(await versionCount(journalId)).toBe(1);
    expect(await one('SELECT state, last_error AS error FROM office_session WHERE id = $1', [session.id])).toEqual({ state: 'open', error: expect.stringContaining('文档下载地址不属于文档服务器') });

    // status 6 (forcesave): a new version by the session's user through ONLYOFFICE; lock and session go on
    const six = { key: session.key, status: 6, url: forceUrl, users: [String(userId)], forcesavetype: 1, lastsave: '2026-11-27T10:00:00.000Z' };
    res = await callback(session.s, six);
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(requests).toEqual([new URL(forceUrl).pathname]);
    expect(await versionCount(journalId)).toBe(2);
    const v2 = await one<{ fileId: number; createBy: string }>('SELECT file_id AS "fileId", create_by AS "createBy" FROM product_journal_file WHERE journal_id = $1 AND version = 2', [journalId]);
    expect(v2.createBy).toBe('editor');
    expect(await one('SELECT editor, user_id AS "userId", forcesave_type AS "forcesaveType", session_id AS "sessionId" FROM office_save WHERE file_id = $1', [v2.fileId])).toEqual({ editor: 'onlyoffice', userId, forcesaveType: 1, sessionId: session.id });
    expect(await one('SELECT state FROM office_session WHERE id = $1', [session.id])).toEqual({ state: 'open' });
    expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [session.id])).toBe(1);
    // the repeat of the same callback: {"error":0}, no second version, no second download
    res = await callback(session.s, six);
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(await versionCount(journalId)).toBe(2);
    expect(requests).toHaveLength(1);

    // the history after the forcesave: v2 shows the live document (the session's key), v1 a key of its own
    const live = await as(editor).get(`/api/office/onlyoffice/history?sessionId=${session.id}`);
    expect(live.status).toBe(200);
    expect(live.body.currentVersion).toBe(2);
    const keys = (live.body.history as Array<{ version: number; key: string }>).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(live.body.history.map((e: { version: number; key: string }) => [e.version, e.key === session.key])).toEqual([
      [1, false],
      [2, true],
    ]);
    const v1Data = await as(editor).get(`/api/office/onlyoffice/historyData?sessionId=${session.id}&version=1`);
    expect(v1Data.status).toBe(200);
    expect(v1Data.body.key).toBe(keys[0]);
    expect(v1Data.body.key).not.toBe(session.key);
    expect(documentXml((await fetchBase(v1Data.body.url)).body as Buffer)).toContain('第一版');

    // the page closes: closing until the document server's last save
    expect((await as(editor).del(`/api/office/sessions/${session.id}`)).status).toBe(204);
    expect((await as(editor).get(`/api/office/sessions/${session.id}`)).body).toMatchObject({ state: 'closing', savedVersion: 2 });

    // status 2 with changes and history: a version, the changes stored, the session saved, the lock released
    const final = await sampleDocx({ heading: '最终保存标记' });
    const history = { serverVersion: '8.2.0', changes: [{ created: '2026-11-27 10:05:00', user: { id: String(userId), name: '张编辑' } }] };
    res = await callback(session.s, { key: session.key, status: 2, url: serve(session.key, 'final.docx', final), changesurl: serve(session.key, 'changes.zip', Buffer.from('PK fake changes')), history, users: [String(userId)], lastsave: '2026-11-27T10:05:00.000Z' });
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(await versionCount(journalId)).toBe(3);
    const v3 = await one<{ fileId: number }>('SELECT file_id AS "fileId" FROM product_journal_file WHERE journal_id = $1 AND version = 3', [journalId]);
    const saved = await one<{ history: unknown; changes: number }>('SELECT oo_history AS history, oo_changes_file_id AS changes FROM office_save WHERE file_id = $1', [v3.fileId]);
    expect(saved.history).toEqual(history);
    expect(await one('SELECT form_type AS "formType", size::int AS size FROM sys_file WHERE id = $1', [saved.changes])).toEqual({ formType: 'office-changes', size: 15 });
    expect((await as(editor).get(`/api/office/sessions/${session.id}`)).body).toMatchObject({ state: 'saved', savedVersion: 3, lock: null });
    expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [session.id])).toBe(0);
    const meta = (await as(editor).get(`/api/office/versions?kind=journal&id=${journalId}`)).body as Array<{ version: number; editor: string | null; hasHistory: boolean }>;
    expect(meta.map((m) => [m.version, m.editor, m.hasHistory])).toEqual([
      [3, 'onlyoffice', true],
      [2, 'onlyoffice', false],
      [1, null, false],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count("SELECT count(*)::int AS n FROM sys_log WHERE description = '在线编辑保存' AND username = 'editor' AND log_type = 'INFO'")).toBeGreaterThanOrEqual(2);

    // the history of a new session: three versions, the third with ONLYOFFICE's changes; its data signed, with the changes and the previous version
    const next = await open(journalId);
    expect(next.key).toMatch(new RegExp(`-v3-f${v3.fileId}$`));
    expect(next.key).not.toBe(session.key);
    const h = await as(editor).get(`/api/office/onlyoffice/history?sessionId=${next.id}`);
    expect(h.status).toBe(200);
    expect(h.body.currentVersion).toBe(3);
    expect(h.body.history).toEqual([
      { version: 1, key: expect.stringMatching(KEY), created: expect.any(String), user: { id: String(userId), name: '张编辑' } },
      { version: 2, key: expect.stringMatching(KEY), created: expect.any(String), user: { id: String(userId), name: '张编辑' } },
      { version: 3, key: next.key, created: expect.any(String), user: { id: String(userId), name: '张编辑' }, changes: history.changes, serverVersion: '8.2.0' },
    ]);
    const data = await as(editor).get(`/api/office/onlyoffice/historyData?sessionId=${next.id}&version=3`);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ version: 3, key: next.key, fileType: 'docx', previous: { key: h.body.history[1].key, fileType: 'docx' } });
    const { token, ...payload } = data.body;
    expect(jwt.verify(token, { secret: SECRET, algorithms: ['HS256'] })).toMatchObject(payload);
    expect(documentXml((await fetchBase(data.body.url)).body as Buffer)).toContain('最终保存标记');
    expect(((await fetchBase(data.body.changesUrl)).body as Buffer).toString()).toBe('PK fake changes');
    expect(documentXml((await fetchBase(data.body.previous.url)).body as Buffer)).toContain('强制保存标记');
    expectError(await as(editor).get(`/api/office/onlyoffice/historyData?sessionId=${next.id}&version=9`), 404, '版本不存在');
    expectError(await as(editor).get(`/api/office/onlyoffice/historyData?sessionId=${next.id}&version=x`), 400, '版本号 必须是整数');

    // status 4 on that session: closed without changes, nothing stored, the lock released
    res = await callback(next.s, { key: next.key, status: 4 }, 'header');
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(await versionCount(journalId)).toBe(3);
    expect(await one('SELECT state FROM office_session WHERE id = $1', [next.id])).toEqual({ state: 'closed' });
    expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [next.id])).toBe(0);

    // status 2 notmodified: nothing downloaded or stored, the session ends
    const third = await open(journalId);
    requests.length = 0;
    res = await callback(third.s, { key: third.key, status: 2, notmodified: true, url: serve(third.key, 'output.docx', final), lastsave: 'n' });
    expect([res.status, res.body]).toEqual([200, { error: 0 }]);
    expect(requests).toEqual([]);
    expect(await versionCount(journalId)).toBe(3);
    expect(await one('SELECT state FROM office_session WHERE id = $1', [third.id])).toEqual({ state: 'closed' });
  });

  it('history needs the read permission held now; a session the document server never called back for ends when the page closes', async () => {
    const journalId = await journalWithVersion('未连接');
    const session = await open(journalId);
    expect(session.mode).toBe('edit');
    // the history is read with the permission the caller holds now: without it 403
    expect((await as(editor).get(`/api/office/onlyoffice/history?sessionId=${session.id}`)).status).toBe(200);
    const revoked: Array<{ roleId: number; menuId: number }> = await db.query(
      `WITH d AS (DELETE FROM sys_roles_menus rm USING sys_menu m, sys_users_roles ur, sys_user u
        WHERE m.id = rm.menu_id AND m.permission = 'productJournal:list' AND ur.role_id = rm.role_id AND u.id = ur.user_id AND u.username = 'editor'
        RETURNING rm.role_id AS "roleId", rm.menu_id AS "menuId") SELECT * FROM d`,
    );
    expect(revoked.length).toBeGreaterThan(0);
    await t.app.get(PrincipalService).invalidate();
    try {
      expectError(await as(editor).get(`/api/office/onlyoffice/history?sessionId=${session.id}`), 403, '没有权限执行此操作');
      expectError(await as(editor).get(`/api/office/onlyoffice/historyData?sessionId=${session.id}&version=1`), 403, '没有权限执行此操作');
    } finally {
      for (const r of revoked) await db.query('INSERT INTO sys_roles_menus (role_id, menu_id) VALUES ($1, $2)', [r.roleId, r.menuId]);
      await t.app.get(PrincipalService).invalidate();
    }
    expect((await as(editor).del(`/api/office/sessions/${session.id}`)).status).toBe(204);
    expect((await as(editor).get(`/api/office/sessions/${session.id}`)).body).toMatchObject({ state: 'closed', lock: null });
    expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [session.id])).toBe(0);
    const other = await as(await t.login('admin')).post('/api/productJournal/downloadWebOfficeJournal', { journalId });
    expect(other.body).toMatchObject({ mode: 'edit', reason: null, lock: { holder: { username: 'admin' } } });
  });

  it('a journal finalised before status 2: {"error":1}, nothing stored, the session in error', async () => {
    const journalId = await journalWithVersion('定稿前');
    const session = await open(journalId);
    await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [journalId]);
    const files = await count('SELECT count(*)::int AS n FROM sys_file');
    const res = await callback(session.s, { key: session.key, status: 2, url: serve(session.key, 'output.docx', await sampleDocx({ heading: '定稿后' })), changesurl: serve(session.key, 'changes.zip', Buffer.from('PK')), lastsave: 'd' });
    expect([res.status, res.body]).toEqual([200, { error: 1 }]);
    expect(await versionCount(journalId)).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM sys_file')).toBe(files);
    expect(await one('SELECT state, last_error AS error FROM office_session WHERE id = $1', [session.id])).toEqual({ state: 'error', error: expect.stringContaining('在线编辑保存失败') });
    // a read-only opener of the done journal gets no callback URL
    const view = await open(journalId);
    expect(view.mode).toBe('view');
    expect(view.config.editorConfig).not.toHaveProperty('callbackUrl');
    expect(view.config.document.permissions.edit).toBe(false);
  });
});

import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { PrincipalService } from '../src/common/auth/principal.service';
import { SettingsStore } from '../src/common/auth/settings.store';
import { sampleDocx } from '../src/common/docx/docx.testing';
import { type OfficeConfig, loadConfig } from '../src/config/config';
import { msToTicks, proofBytes } from '../src/modules/office/wopi/wopi-proof';
import { deriveWopiKey, signWopiToken } from '../src/modules/office/wopi/wopi-token';
import { insertJournal, insertProduct } from './utils/factories';
import { binary } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The WOPI host (issue 15 piece 3; docs/office-design.md §3.5): a fake WOPI client — a `node:http`
 * server serving a Collabora-shaped discovery whose proof key is an RSA key generated here — and
 * requests signed like Collabora's. The walk CheckFileInfo → LOCK → GetFile → PutFile → UNLOCK, the
 * lock conflicts, the token and proof refusals, read-only sessions, a journal finalised meanwhile.
 */
describe('online office editing: the WOPI host', () => {
  let t: TestApp;
  let db: DataSource;
  let fake: Server;
  let discoveryHits = 0;
  let editor: string;
  let colleague: string;
  let seq = 0;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  const CALLBACK = 'http://horizon.test';
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
  const currentKey = rsa();
  const oldKey = rsa();
  const strangerKey = rsa();
  let office: OfficeConfig;

  const b64 = (key: KeyObject, part: 'n' | 'e') => Buffer.from(key.export({ format: 'jwk' })[part]!, 'base64url').toString('base64');
  const discoveryXml = (port: number) => `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery><net-zone name="external-http">
  <app name="writer"><action default="true" ext="docx" name="edit" urlsrc="http://127.0.0.1:${port}/browser/dist/cool.html?"/></app>
  <app name="application/vnd.openxmlformats-officedocument.wordprocessingml.document"><action default="true" ext="" name="edit" urlsrc="http://127.0.0.1:${port}/browser/dist/cool.html?"/></app>
</net-zone>
<proof-key value="unused" modulus="${b64(currentKey.publicKey, 'n')}" exponent="${b64(currentKey.publicKey, 'e')}" oldvalue="unused" oldmodulus="${b64(oldKey.publicKey, 'n')}" oldexponent="${b64(oldKey.publicKey, 'e')}"/>
</wopi-discovery>`;

  const as = (token: string) => requestsAs(t, token);
  const count = async (sql: string, params: unknown[] = []) => ((await db.query(sql, params)) as Array<{ n: number }>)[0].n;

  /** A product of 期刊编辑部 and a journal in edit with one uploaded version. */
  const journalWithVersion = async (heading: string) => {
    const productId = await insertProduct(db, { name: `WOPI产品${++seq}`, deptId: dept['期刊编辑部'], period: 'daily', type: '1', contentType: '2' });
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    const bytes = await sampleDocx({ heading });
    const res = await t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(editor)).field('journalId', String(journalId)).attach('file', bytes, '日报.docx');
    expect(res.status).toBe(201);
    return { journalId, bytes, fileId: res.body.file.id as number };
  };
  const open = (journalId: number, token = editor) => as(token).post('/api/productJournal/downloadWebOfficeJournal', { journalId });

  type Proof = 'current' | 'old' | 'proofOld' | 'stranger' | 'stale' | 'none';
  interface Call {
    method?: 'get' | 'post';
    suffix?: '' | '/contents';
    headers?: Record<string, string>;
    body?: Buffer;
    proof?: Proof;
    /** Sent as `Authorization: Bearer` instead of the query. */
    inHeader?: boolean;
  }

  /** A WOPI request as the client makes it: `?access_token=`, signed with the discovery's key unless told otherwise. */
  const wopi = (fileId: string, token: string, call: Call = {}) => {
    const path = `/api/wopi/files/${fileId}${call.suffix ?? ''}${call.inHeader ? '' : `?access_token=${encodeURIComponent(token)}`}`;
    const proof = call.proof ?? 'current';
    const at = proof === 'stale' ? Date.now() - 21 * 60_000 : Date.now();
    const ticks = msToTicks(at);
    const signed = (key: KeyObject) => sign('RSA-SHA256', proofBytes(token, `${CALLBACK}${path}`, ticks), key).toString('base64');
    let req = (call.method ?? 'get') === 'get' ? t.http().get(path) : t.http().post(path);
    if (call.inHeader) req = req.set('Authorization', bearer(token));
    if (proof !== 'none') {
      const [main, second] = { current: [currentKey, oldKey], old: [oldKey, undefined], proofOld: [strangerKey, currentKey], stranger: [strangerKey, strangerKey], stale: [currentKey, oldKey] }[proof];
      req = req.set('X-WOPI-TimeStamp', ticks.toString()).set('X-WOPI-Proof', signed(main!.privateKey));
      if (second) req = req.set('X-WOPI-ProofOld', signed(second.privateKey));
    }
    for (const [name, value] of Object.entries(call.headers ?? {})) req = req.set(name, value);
    if (call.body) req = req.set('Content-Type', 'application/octet-stream').send(call.body);
    return req;
  };
  const lockOp = (fileId: string, token: string, override: string, headers: Record<string, string> = {}) => wopi(fileId, token, { method: 'post', headers: { 'X-WOPI-Override': override, ...headers } });
  const putFile = (fileId: string, token: string, body: Buffer, headers: Record<string, string> = {}) => wopi(fileId, token, { method: 'post', suffix: '/contents', body, headers });
  const versions = async (journalId: number) => (await as(editor).get(`/api/office/versions?kind=journal&id=${journalId}`)).body as Array<{ version: number; editor: string | null; savedBy: { username: string } | null; autosave: boolean | null; modifiedByUser: boolean | null }>;

  beforeAll(async () => {
    fake = createServer((req, res) => {
      if (req.url === '/hosting/discovery') {
        discoveryHits++;
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        res.end(discoveryXml((fake.address() as AddressInfo).port));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    office = { ...loadConfig({ NODE_ENV: 'test' }).office, editor: 'wopi', url, internalUrl: url, callbackBase: CALLBACK, wopiProof: 'auto' };
    t = await createTestApp({ office });
    db = t.app.get(DataSource);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    editor = await t.login('editor');
    const roles = (await db.query("SELECT id FROM sys_role WHERE name IN ('编辑', '普通用户')")) as Array<{ id: number }>;
    user.colleague = (await t.createUser({ username: 'colleague', nickName: '赵同事', enabled: true, dept: { id: dept['期刊编辑部'] }, roles: roles.map((r) => ({ id: r.id })) }, await t.login('admin'))).id;
    colleague = await t.login('colleague');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('walks CheckFileInfo → LOCK → GetFile → PutFile (a new version) → UNLOCK, with the lock conflicts on the way', async () => {
    const w = await journalWithVersion('WOPI 原文');
    const before = Date.now();
    const opened = await open(w.journalId);
    expect(opened.status).toBe(200);
    const fileId = `j${w.journalId}`;
    const port = (fake.address() as AddressInfo).port;
    expect(opened.body).toMatchObject({ editor: 'wopi', mode: 'edit', reason: null });
    expect(opened.body.builtin).toBeUndefined();
    expect(opened.body.wopi).toEqual({
      actionUrl: `http://127.0.0.1:${port}/browser/dist/cool.html?WOPISrc=${encodeURIComponent(`${CALLBACK}/api/wopi/files/${fileId}`)}&lang=zh-CN&closebutton=1`,
      accessToken: expect.stringMatching(/^office1\./),
      accessTokenTtl: expect.any(Number),
    });
    // access_token_ttl: ms since 1970 when the token expires (OFFICE_TOKEN_TTL_MINUTES, 600 by default)
    expect(opened.body.wopi.accessTokenTtl).toBeGreaterThanOrEqual(before + 600 * 60_000);
    expect(opened.body.wopi.accessTokenTtl).toBeLessThanOrEqual(Date.now() + 600 * 60_000);
    expect(discoveryHits).toBeGreaterThanOrEqual(1);
    const token: string = opened.body.wopi.accessToken;

    const info = await wopi(fileId, token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      BaseFileName: expect.stringMatching(/^WOPI产品\d+2026第\d+期\.docx$/),
      Size: w.bytes.length,
      OwnerId: String(user.editor),
      UserId: String(user.editor),
      UserFriendlyName: '张编辑',
      UserCanWrite: true,
      ReadOnly: false,
      Version: `1-${w.fileId}`,
      LastModifiedTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsUpdate: true,
      SupportsRename: false,
      UserCanRename: false,
      UserCanNotWriteRelative: true,
      IsAdminUser: false,
      EnableOwnerTermination: false,
      SHA256: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      PostMessageOrigin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    // the token may also come as a bearer header
    expect((await wopi(fileId, token, { inHeader: true })).body.UserId).toBe(String(user.editor));

    // LOCK, GET_LOCK, a LOCK with another id (409 + the current), the same id again (a refresh)
    expect((await lockOp(fileId, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('');
    expect((await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    expect((await lockOp(fileId, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('L1');
    const other = await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'L2' });
    expect(other.status).toBe(409);
    expect(other.headers['x-wopi-lock']).toBe('L1');
    expect((await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    expect((await lockOp(fileId, token, 'LOCK', {})).status).toBe(400);
    expect((await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'x'.repeat(1025) })).status).toBe(400);
    expect((await lockOp(fileId, token, 'PUT_RELATIVE')).status).toBe(501);

    // GetFile: the version's bytes
    const got = await wopi(fileId, token, { suffix: '/contents' }).buffer(true).parse(binary);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body as Buffer, w.bytes)).toBe(0);
    expect(got.headers['x-wopi-itemversion']).toBe(`1-${w.fileId}`);

    // PutFile without the lock, with a wrong one: 409 + the current lock, nothing stored
    const edited = await sampleDocx({ heading: 'WOPI 在线编辑测试' });
    const noLock = await putFile(fileId, token, edited);
    expect(noLock.status).toBe(409);
    expect(noLock.headers['x-wopi-lock']).toBe('L1');
    const wrong = await putFile(fileId, token, edited, { 'X-WOPI-Lock': 'L9' });
    expect(wrong.status).toBe(409);
    expect(wrong.headers['x-wopi-lock']).toBe('L1');
    // a timestamp that is not the newest version's time: Collabora's "document changed in storage"
    const stale = await putFile(fileId, token, edited, { 'X-WOPI-Lock': 'L1', 'X-COOL-WOPI-Timestamp': '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ COOLStatusCode: 1010 });
    expect((await versions(w.journalId)).map((v) => v.version)).toEqual([1]);

    // PutFile with the lock and the current timestamp: version 2 by the token's user through WOPI, headers recorded
    const put = await putFile(fileId, token, edited, { 'X-WOPI-Lock': 'L1', 'X-COOL-WOPI-Timestamp': info.body.LastModifiedTime, 'X-COOL-WOPI-IsModifiedByUser': 'true', 'X-COOL-WOPI-IsAutosave': 'false', 'X-LOOL-WOPI-IsExitSave': 'false' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ LastModifiedTime: expect.stringMatching(/Z$/) });
    expect(put.headers['x-wopi-itemversion']).toMatch(/^2-\d+$/);
    expect(await versions(w.journalId)).toEqual([
      expect.objectContaining({ version: 2, editor: 'wopi', savedBy: expect.objectContaining({ username: 'editor' }), autosave: false, modifiedByUser: true }),
      expect.objectContaining({ version: 1, editor: null }),
    ]);
    const getFiles = (await as(editor).get(`/api/productJournal/getFiles?journalId=${w.journalId}`)).body as Array<{ version: number; createBy: { username: string } }>;
    expect(getFiles.map((v) => [v.version, v.createBy.username])).toEqual([
      [2, 'editor'],
      [1, 'editor'],
    ]);
    // the session now stands on version 2: CheckFileInfo and GetFile follow it
    const after = await wopi(fileId, token);
    expect(after.body).toMatchObject({ Version: put.headers['x-wopi-itemversion'], LastModifiedTime: put.body.LastModifiedTime, Size: edited.length });
    expect(Buffer.compare((await wopi(fileId, token, { suffix: '/contents' }).buffer(true).parse(binary)).body as Buffer, edited)).toBe(0);
    // an autosave of unchanged bytes stores nothing
    const same = await putFile(fileId, token, edited, { 'X-WOPI-Lock': 'L1', 'X-COOL-WOPI-IsModifiedByUser': 'false', 'X-COOL-WOPI-IsAutosave': 'true' });
    expect(same.status).toBe(200);
    expect((await versions(w.journalId)).map((v) => v.version)).toEqual([2, 1]);

    // REFRESH_LOCK, UnlockAndRelock, UNLOCK with wrong ids: 409 + the current lock
    expect((await lockOp(fileId, token, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    const badRefresh = await lockOp(fileId, token, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'L2' });
    expect([badRefresh.status, badRefresh.headers['x-wopi-lock']]).toEqual([409, 'L1']);
    expect((await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'L3', 'X-WOPI-OldLock': 'L1' })).status).toBe(200);
    expect((await lockOp(fileId, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('L3');
    const badRelock = await lockOp(fileId, token, 'LOCK', { 'X-WOPI-Lock': 'L4', 'X-WOPI-OldLock': 'L1' });
    expect([badRelock.status, badRelock.headers['x-wopi-lock']]).toEqual([409, 'L3']);
    const badUnlock = await lockOp(fileId, token, 'UNLOCK', { 'X-WOPI-Lock': 'L1' });
    expect([badUnlock.status, badUnlock.headers['x-wopi-lock']]).toEqual([409, 'L3']);
    // the lock's expiry honours X-WOPI-LockExpirationTimeout
    expect((await lockOp(fileId, token, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'L3', 'X-WOPI-LockExpirationTimeout': '120' })).status).toBe(200);
    expect(await count("SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1 AND expires_at < now() + interval '3 minutes'", [opened.body.id])).toBe(1);

    // the page closes first: the session waits for the client's UNLOCK
    expect((await as(editor).del(`/api/office/sessions/${opened.body.id}`)).status).toBe(204);
    expect((await as(editor).get(`/api/office/sessions/${opened.body.id}`)).body).toMatchObject({ state: 'closing', savedVersion: 2 });
    expect((await lockOp(fileId, token, 'UNLOCK', { 'X-WOPI-Lock': 'L3' })).status).toBe(200);
    expect((await as(editor).get(`/api/office/sessions/${opened.body.id}`)).body).toMatchObject({ state: 'saved', lock: null, savedVersion: 2 });
    expect(await count("SELECT count(*)::int AS n FROM office_lock WHERE target_kind = 'journal' AND target_id = $1", [w.journalId])).toBe(0);
    // the session ended: its token is dead
    expect((await wopi(fileId, token)).status).toBe(401);
  });

  it('refuses bad tokens (401) and files the token is not for (404)', async () => {
    const w = await journalWithVersion('令牌');
    const opened = (await open(w.journalId)).body;
    const token: string = opened.wopi.accessToken;
    const fileId = `j${w.journalId}`;
    expect((await wopi(fileId, '', { proof: 'none' })).status).toBe(401);
    expect((await wopi(fileId, 'office1.garbage.x', { proof: 'none' })).status).toBe(401);
    // a login token is no WOPI token
    expect((await wopi(fileId, editor, { proof: 'none' })).status).toBe(401);
    // a changed character breaks the MAC
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await wopi(fileId, forged)).status).toBe(401);
    // an expired token (minted with the deployment's key, as the host does)
    const key = deriveWopiKey(t.config.jwtSecret ?? (await t.app.get(SettingsStore).getOrCreate('jwt.secret', () => 'unused')));
    const expired = signWopiToken(key, { sessionId: opened.id, userId: user.editor, fileId, mode: 'edit', expires: Date.now() - 1000 });
    expect((await wopi(fileId, expired)).status).toBe(401);
    const fresh = signWopiToken(key, { sessionId: opened.id, userId: user.editor, fileId, mode: 'edit', expires: Date.now() + 60_000 });
    expect((await wopi(fileId, fresh)).status).toBe(200);
    // another file than the token's, an id that names nothing
    expect((await wopi(`j${w.journalId + 1000}`, token)).status).toBe(404);
    expect((await wopi(`c${w.journalId}`, token)).status).toBe(404);
    expect((await wopi('nothing', token)).status).toBe(404);
    // a disabled user's token dies with the account
    const theirs: string = (await open(w.journalId, colleague)).body.wopi.accessToken;
    expect((await wopi(fileId, theirs)).status).toBe(200);
    await db.query('UPDATE sys_user SET enabled = false WHERE id = $1', [user.colleague]);
    await t.app.get(PrincipalService).invalidate();
    try {
      expect((await wopi(fileId, theirs)).status).toBe(401);
    } finally {
      await db.query('UPDATE sys_user SET enabled = true WHERE id = $1', [user.colleague]);
      await t.app.get(PrincipalService).invalidate();
    }
  });

  it('checks proof keys: current, old and ProofOld accepted; another key or an old timestamp 401; none accepted under auto, refused under required', async () => {
    const w = await journalWithVersion('签名');
    const token: string = (await open(w.journalId)).body.wopi.accessToken;
    const fileId = `j${w.journalId}`;
    expect((await wopi(fileId, token, { proof: 'current' })).status).toBe(200);
    expect((await wopi(fileId, token, { proof: 'old' })).status).toBe(200);
    expect((await wopi(fileId, token, { proof: 'proofOld' })).status).toBe(200);
    const hits = discoveryHits;
    const bad = await wopi(fileId, token, { proof: 'stranger' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 'WOPI_PROOF_INVALID' });
    // a failed proof refetches the discovery (the keys may have rotated) at most once a minute: it was read just now
    expect(discoveryHits).toBe(hits);
    expect((await wopi(fileId, token, { proof: 'stale' })).status).toBe(401);
    // the proof covers the exact URL: a signature of another URL fails
    const otherUrl = await t.http().get(`/api/wopi/files/${fileId}?access_token=${encodeURIComponent(token)}&x=1`).set('X-WOPI-TimeStamp', msToTicks(Date.now()).toString()).set('X-WOPI-Proof', sign('RSA-SHA256', proofBytes(token, `${CALLBACK}/api/wopi/files/${fileId}?access_token=${encodeURIComponent(token)}`, msToTicks(Date.now())), currentKey.privateKey).toString('base64'));
    expect(otherUrl.status).toBe(401);
    expect((await wopi(fileId, token, { proof: 'none' })).status).toBe(200);
    office.wopiProof = 'required';
    try {
      expect((await wopi(fileId, token, { proof: 'none' })).status).toBe(401);
      expect((await wopi(fileId, token, { proof: 'current' })).status).toBe(200);
    } finally {
      office.wopiProof = 'auto';
    }
  });

  it('read-only sessions: another’s lock, a done journal — UserCanWrite false, LOCK and PutFile refused; an expired lock is free', async () => {
    const w = await journalWithVersion('只读');
    const fileId = `j${w.journalId}`;
    const mine = (await open(w.journalId)).body;
    expect((await lockOp(fileId, mine.wopi.accessToken, 'LOCK', { 'X-WOPI-Lock': 'A' })).status).toBe(200);
    // the colleague opens while the editor edits: read-only, the same WOPISrc (joins the live document)
    const theirs = (await open(w.journalId, colleague)).body;
    expect(theirs).toMatchObject({ mode: 'view', reason: 'locked', lock: { holder: { username: 'editor' } } });
    expect(theirs.wopi.actionUrl).toContain(`WOPISrc=${encodeURIComponent(`${CALLBACK}/api/wopi/files/${fileId}`)}`);
    expect(theirs.wopi.actionUrl).toMatch(/&permission=readonly$/);
    const viewToken: string = theirs.wopi.accessToken;
    expect((await wopi(fileId, viewToken)).body).toMatchObject({ UserCanWrite: false, ReadOnly: true, UserId: String(user.colleague), UserFriendlyName: '赵同事' });
    expect((await lockOp(fileId, viewToken, 'GET_LOCK')).headers['x-wopi-lock']).toBe('A');
    expect((await lockOp(fileId, viewToken, 'LOCK', { 'X-WOPI-Lock': 'B' })).status).toBe(401);
    expect((await lockOp(fileId, viewToken, 'UNLOCK', { 'X-WOPI-Lock': 'A' })).status).toBe(401);
    expect((await putFile(fileId, viewToken, await sampleDocx({ heading: '只读保存' }), { 'X-WOPI-Lock': 'A' })).status).toBe(401);
    expect((await wopi(fileId, viewToken, { suffix: '/contents' })).status).toBe(200);

    // the lock expires (no LOCK, REFRESH_LOCK or heartbeat for 30 minutes): GET_LOCK says none, and another edit session may take it
    await db.query("UPDATE office_lock SET expires_at = now() - interval '1 minute' WHERE target_kind = 'journal' AND target_id = $1", [w.journalId]);
    expect((await lockOp(fileId, mine.wopi.accessToken, 'GET_LOCK')).headers['x-wopi-lock']).toBe('');
    const second = (await open(w.journalId, colleague)).body;
    expect(second).toMatchObject({ mode: 'edit' });
    expect((await lockOp(fileId, second.wopi.accessToken, 'LOCK', { 'X-WOPI-Lock': 'C' })).status).toBe(200);
    // the editor's old session lost the lock: UserCanWrite false, its LOCK is a conflict with the new holder's lock, PutFile too
    expect((await wopi(fileId, mine.wopi.accessToken)).body).toMatchObject({ UserCanWrite: false });
    const taken = await lockOp(fileId, mine.wopi.accessToken, 'LOCK', { 'X-WOPI-Lock': 'A' });
    expect([taken.status, taken.headers['x-wopi-lock']]).toEqual([409, 'C']);
    const lost = await putFile(fileId, mine.wopi.accessToken, await sampleDocx({ heading: '失锁' }), { 'X-WOPI-Lock': 'A' });
    expect([lost.status, lost.headers['x-wopi-lock']]).toEqual([409, 'C']);

    // the journal is finalised while the colleague edits: UserCanWrite false, PutFile and LOCK 409 with the reason, nothing stored
    await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
    expect((await wopi(fileId, second.wopi.accessToken)).body).toMatchObject({ UserCanWrite: false });
    const done = await putFile(fileId, second.wopi.accessToken, await sampleDocx({ heading: '定稿后' }), { 'X-WOPI-Lock': 'C' });
    expect(done.status).toBe(409);
    expect(done.headers['x-wopi-lock']).toBe('C');
    expect(done.headers['x-wopi-lockfailurereason']).toBe('The journal is finalised');
    expect(done.body).toMatchObject({ message: '期刊已定稿，不能修改', code: 'JOURNAL_DONE' });
    const relock = await lockOp(fileId, second.wopi.accessToken, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'C' });
    expect([relock.status, relock.headers['x-wopi-lock']]).toEqual([409, 'C']);
    expect((await versions(w.journalId)).map((v) => v.version)).toEqual([1]);
    // a session opened now is read-only (done) and cannot lock
    const late = (await open(w.journalId)).body;
    expect(late).toMatchObject({ mode: 'view', reason: 'done' });
    expect((await lockOp(fileId, late.wopi.accessToken, 'LOCK', { 'X-WOPI-Lock': 'D' })).status).toBe(401);
    // UNLOCK is still allowed: the client closes the document
    expect((await lockOp(fileId, second.wopi.accessToken, 'UNLOCK', { 'X-WOPI-Lock': 'C' })).status).toBe(200);
    expect((await as(colleague).get(`/api/office/sessions/${second.id}`)).body).toMatchObject({ state: 'closed' });
  });
});

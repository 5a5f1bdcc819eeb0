import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { Principal } from '../src/common/auth/principal';
import { PrincipalService } from '../src/common/auth/principal.service';
import { DomainException } from '../src/common/errors/domain.exception';
import { FileLinkService } from '../src/modules/storage';
import { insertStoredFile } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

const LINK_INVALID = '下载链接已失效，请重新下载';

/**
 * File capability paths `/files/<capability>/<name>` (docs/workbench-api.md "Paths are capabilities"):
 * served without a login, the signed capability is the only credential, bound to its name, expiring
 * after FILE_LINK_TTL_SECONDS; the rights of the user it names are checked again when it is fetched.
 */
describe('file capability paths (/files/<capability>/<name>)', () => {
  let t: TestApp;
  let db: DataSource;
  let links: FileLinkService;
  let admin: string;
  let nobody: string;
  let adminUser: Principal;
  let nobodyId: number;

  const principal = async (userId: number): Promise<Principal> => ({ ...(await t.app.get(PrincipalService).load(userId))!, sessionId: '' });
  const fetch = (path: string) => t.http().get(path).buffer(true).parse(binary);
  const upload = async (bytes: Buffer, name: string) => {
    const res = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).attach('file', bytes, name);
    expect(res.status).toBe(201);
    return res.body as { id: number; realName: string };
  };
  /** A file record without bytes, uploaded by `handlerId` and attached to nothing (readable by its uploader only). */
  const bareFile = (handlerId: number) =>
    insertStoredFile(db, { realName: 'bare.txt', name: 'bare', suffix: 'txt', type: 'other', mime: 'text/plain; charset=utf-8', size: 1, sha256: '0'.repeat(64), storageKey: 'none/bare.txt', handlerId });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    links = t.app.get(FileLinkService);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('nolinks');
    const [{ id: adminId }] = await db.query(`SELECT id FROM sys_user WHERE username = 'admin'`);
    [{ id: nobodyId }] = await db.query(`SELECT id FROM sys_user WHERE username = 'nolinks'`);
    adminUser = await principal(adminId);

    links.register('test-echo', async ({ params, user, name }) => Readable.from([JSON.stringify({ params, userId: user.userId, name })]));
    links.register('test-write', async ({ out }) => {
      out.write('first,');
      await new Promise<void>((resolve) => out.end('second', () => resolve()));
    });
    links.register('test-refuse', async ({ user }) => {
      throw DomainException.forbidden(`用户 ${user.username} 不能下载`);
    });
  });
  afterAll(() => t.close());

  it('a stored file: the path works without a login, as an attachment under its UTF-8 name, never cached', async () => {
    const bytes = Buffer.from('季度统计\n'.repeat(100));
    const file = await upload(bytes, '季度统计 “终版”.txt');
    const path = await links.forFile(adminUser, file.id);
    expect(path).toMatch(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/[^/]+$/);
    expect(decodeURIComponent(path.split('/').pop()!)).toBe('季度统计 “终版”.txt');

    const res = await fetch(path);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="____ ____.txt"; filename*=UTF-8''${encodeURIComponent('季度统计 “终版”.txt')}`);

    // an appended login token (or any access_token) is ignored, as is another user's bearer header
    const withToken = await fetch(`${path}?access_token=${encodeURIComponent(admin)}`);
    expect(withToken.status).toBe(200);
    expect((await fetch(`${path}?access_token=junk`)).status).toBe(200);
    expect((await t.http().get(path).set('Authorization', bearer(nobody)).buffer(true).parse(binary)).status).toBe(200);
  });

  it('is minted only for a file the user may read (404 `文件不存在`), under the name asked for', async () => {
    const file = await upload(Buffer.from('x'), 'secret.txt');
    await expect(links.forFile(await principal(nobodyId), file.id)).rejects.toMatchObject({ status: 404, message: '文件不存在' });
    await expect(links.forFile(adminUser, 99_999_999)).rejects.toMatchObject({ status: 404 });
    const renamed = await links.forFile(adminUser, file.id, '../另存为.txt');
    expect(renamed.endsWith(`/${encodeURIComponent('另存为.txt')}`)).toBe(true);
    expect((await fetch(renamed)).headers['content-disposition']).toContain(encodeURIComponent('另存为.txt'));
  });

  it('401 DOWNLOAD_LINK_INVALID: another name, a forged or malformed capability, a login token, expired', async () => {
    const file = await upload(Buffer.from('abc'), 'abc.txt');
    const path = await links.forFile(adminUser, file.id);
    const [, , capability] = path.split('/');
    const res = await fetch(`/files/${capability}/other.txt`);
    expectError(res, 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    expect(res.headers['content-disposition']).toBeUndefined();

    const [payload, mac] = capability.split('.');
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...wire, f: wire.f + 1 })).toString('base64url');
    expectError(await fetch(`/files/${forged}.${mac}/abc.txt`), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    expectError(await fetch(`/files/${admin}/abc.txt`), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    expectError(await fetch(`/files/junk/abc.txt`), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    expectError(await fetch(`/files/${'a'.repeat(3000)}.${mac}/abc.txt`), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');

    // FILE_LINK_TTL_SECONDS (600 by default): valid for ten minutes, then refused
    expect(t.config.storage.fileLinkTtlMs).toBe(600_000);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 590_000);
    try {
      expect((await fetch(path)).status).toBe(200);
      clock.mockReturnValue(now + 601_000);
      expectError(await fetch(path), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    } finally {
      clock.mockRestore();
    }
  });

  it('checks again when fetched: a disabled user 401; a file no longer readable 404', async () => {
    const owned = await bareFile(nobodyId);
    const path = await links.forFile(await principal(nobodyId), owned);
    await db.query('UPDATE sys_file SET handler_id = NULL WHERE id = $1', [owned]);
    expectError(await fetch(path), 404, '文件不存在');

    const stillOwned = await bareFile(nobodyId);
    const second = await links.forFile(await principal(nobodyId), stillOwned);
    await db.query('UPDATE sys_user SET enabled = false WHERE id = $1', [nobodyId]);
    await t.app.get(PrincipalService).invalidate();
    try {
      expectError(await fetch(second), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
    } finally {
      await db.query('UPDATE sys_user SET enabled = true WHERE id = $1', [nobodyId]);
      await t.app.get(PrincipalService).invalidate();
    }
  });

  it('a stream producer: called with its params and the user, its stream sent as the attachment', async () => {
    const path = links.forStream('test-echo', { journalId: 7, source: true }, adminUser, '周刊 第1期.zip');
    const res = await fetch(`${path}?access_token=ignored`);
    expect(res.status).toBe(200);
    expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({ params: { journalId: 7, source: true }, userId: adminUser.userId, name: '周刊 第1期.zip' });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('周刊 第1期.zip')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const written = await fetch(links.forStream('test-write', {}, adminUser, 'w.txt'));
    expect(written.status).toBe(200);
    expect((written.body as Buffer).toString('utf8')).toBe('first,second');

    // params are signed: another journal is another capability
    const [, , capability, name] = path.split('/');
    const [payload, mac] = capability.split('.');
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...wire, p: { journalId: 8, source: true } })).toString('base64url');
    expectError(await fetch(`/files/${forged}.${mac}/${name}`), 401, LINK_INVALID, 'DOWNLOAD_LINK_INVALID');
  });

  it('a producer that refuses before writing answers its error (not an attachment)', async () => {
    const res = await fetch(links.forStream('test-refuse', { journalId: 1 }, adminUser, 'x.zip'));
    expectError(res, 403, '用户 admin 不能下载');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('kinds: registered once, `file` is reserved, minting an unknown kind is a programming error', () => {
    expect(() => links.register('test-echo', async () => undefined)).toThrow(/already registered/);
    expect(() => links.register('file', async () => undefined)).toThrow(/not a valid/);
    expect(() => links.register('Bad Kind', async () => undefined)).toThrow(/not a valid/);
    expect(() => links.forStream('no-such-kind', {}, adminUser, 'x.zip')).toThrow(/no producer/);
  });
});

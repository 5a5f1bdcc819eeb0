import PizZip from 'pizzip';
import { DataSource } from 'typeorm';
import { findSoffice } from '../src/common/docx';
import { sampleDocx } from '../src/common/docx/docx.testing';
import { OfficeCleanupService } from '../src/modules/office/office-cleanup.service';
import { makeDoc } from './fixtures/word-files';
import { insertJournal, insertProduct, insertRow } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * Online office editing, the core (issue 15 piece 1; docs/office-api.md): opening a journal version
 * (`downloadWebOfficeJournal`) or a journal copy (`openWebOffice`) in the built-in editor, the rules
 * (permission, ownership → read-only `forbidden`, done → `done`, another's lock → `locked` with the
 * holder, the same user's takeover), heartbeat, state and close, the built-in save (a new version with
 * who, when, which editor; identical bytes; stale; lock lost; done; ownership lost), the version
 * metadata, the cleanup.
 *
 * Seeded users: editor (张编辑, 期刊编辑部, role 编辑: productJournal:*) owns the products of 期刊编辑部;
 * `colleague` has the same role in the same unit; `outsider` has the role in 国际新闻部 (reads, owns
 * nothing); translator holds no productJournal permission.
 */
describe('online office editing: sessions, locks, built-in saves', () => {
  let t: TestApp;
  let db: DataSource;
  let editor: string;
  let colleague: string;
  let outsider: string;
  let translator: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let seq = 0;

  const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const DONE = '期刊已定稿，不能修改';
  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];
  const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;
  const fileCount = () => count('SELECT count(*)::int AS n FROM sys_file');

  interface World {
    productId: number;
    journalId: number;
    columnId: number;
  }

  /** A product of 期刊编辑部 with one column and a journal in edit. */
  const world = async (): Promise<World> => {
    const productId = await insertProduct(db, { name: `在线编辑产品${++seq}`, deptId: dept['期刊编辑部'], period: 'daily', type: '1', contentType: '2' });
    const columnId = await insertRow(db, 'product_column', { productId, name: '要闻', sort: 1, status: true });
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    return { productId, journalId, columnId };
  };

  /** `uploadJournal`: a new journal version; answers the getFiles entry. */
  const uploadJournal = async (journalId: number, data: Buffer, name = '日报.docx', token = editor) => {
    const res = await t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(token)).field('journalId', String(journalId)).attach('file', data, name);
    expect(res.status).toBe(201);
    return res.body as { id: number; version: number; title: string; file: { id: number } };
  };

  /** `uploadManu`: a copy uploaded straight into the journal; answers its id. */
  const uploadCopy = async (w: World, data: Buffer, name = '稿件.docx') => {
    const res = await t
      .http()
      .post('/api/productManuscript/uploadManu')
      .set('Authorization', bearer(editor))
      .field('journalId', String(w.journalId))
      .field('columnId', String(w.columnId))
      .field('title', '在线编辑稿件')
      .field('firstAuthor', '编辑部')
      .field('authorIds', String(user.editor))
      .field('deptId', String(dept['期刊编辑部']))
      .attach('file', data, name);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  const openJournal = (body: unknown, token = editor) => as(token).post('/api/productJournal/downloadWebOfficeJournal', body);
  const openCopy = (query: string, token = editor) => as(token).get(`/api/productManuscript/openWebOffice?${query}`);
  const save = (sessionId: string | null, data: Buffer, name = '在线编辑.docx', token = editor) => {
    let req = t.http().post('/api/office/builtin/save').set('Authorization', bearer(token));
    if (sessionId !== null) req = req.field('sessionId', sessionId);
    return req.attach('file', data, name);
  };
  const fetchPath = (path: string) => t.http().get(path).buffer(true).parse(binary);
  const documentXml = (data: Buffer) => new PizZip(data).file('word/document.xml')!.asText();
  const journalVersions = async (journalId: number) => (await as(editor).get(`/api/productJournal/getFiles?journalId=${journalId}`)).body as Array<{ id: number; version: number; title: string; file: { id: number; realName: string }; createBy: { username: string } }>;
  const logRows = async (description: string) => count('SELECT count(*)::int AS n FROM sys_log WHERE description = $1', [description]);
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    editor = await t.login('editor');
    translator = await t.login('translator');
    const roles = (await db.query("SELECT id FROM sys_role WHERE name IN ('编辑', '普通用户')")) as Array<{ id: number }>;
    const admin = await t.login('admin');
    user.colleague = (await t.createUser({ username: 'colleague', nickName: '赵同事', enabled: true, dept: { id: dept['期刊编辑部'] }, roles: roles.map((r) => ({ id: r.id })) }, admin)).id;
    user.outsider = (await t.createUser({ username: 'outsider', nickName: '外部编辑', enabled: true, dept: { id: dept['国际新闻部'] }, roles: roles.map((r) => ({ id: r.id })) }, admin)).id;
    colleague = await t.login('colleague');
    outsider = await t.login('outsider');
  });
  afterAll(() => t.close());

  describe('open, save, close (built-in editor)', () => {
    it('opens a journal version from its getFiles entry: an edit session holding the lock, the bytes at a capability path', async () => {
      const w = await world();
      const original = await sampleDocx({ heading: '第一版标题' });
      const v1 = await uploadJournal(w.journalId, original, '日报2026第1期.docx');
      const before = await logRows('在线编辑');
      // the journal-file payload as getFiles answers it
      const [entry] = await journalVersions(w.journalId);
      const res = await openJournal(entry);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        editor: 'builtin',
        mode: 'edit',
        reason: null,
        target: { kind: 'journal', id: w.journalId, journalId: w.journalId, version: 1, latest: 1, title: expect.stringMatching(/^在线编辑产品\d+2026第\d+期$/), fileName: '日报2026第1期.docx' },
        lock: { holder: { id: user.editor, username: 'editor', nickName: '张编辑' }, since: expect.stringMatching(TIME), editor: 'builtin' },
        expiresAt: expect.stringMatching(TIME),
        builtin: { fileUrl: expect.stringMatching(/^\/files\/[^/]+\/%E6%97%A5%E6%8A%A52026%E7%AC%AC1%E6%9C%9F\.docx$/) },
      });
      // the page fetches the bytes without a login
      const bytes = await fetchPath(res.body.builtin.fileUrl);
      expect(bytes.status).toBe(200);
      expect(Buffer.compare(bytes.body as Buffer, original)).toBe(0);
      // the other forms of the payload
      expect((await openJournal({ journalId: w.journalId })).body.target).toMatchObject({ version: 1 });
      expect((await openJournal({ journalId: w.journalId, version: 1, file: v1.file, title: 'ignored' })).body.target).toMatchObject({ version: 1 });
      await waitFor(async () => (await logRows('在线编辑')) >= before + 3);
      expect(await logRows('在线编辑')).toBe(before + 3);
    });

    it('saves a new version: who, when, which editor; the text and the table and picture are in it; identical bytes store nothing', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '原标题' }), '日报.docx');
      const session = (await openJournal({ journalId: w.journalId })).body;
      const files = await fileCount();
      const edited = await sampleDocx({ heading: '在线编辑测试' });
      const res = await save(session.id, edited, '日报.docx');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        version: 2,
        // the title of the version it was edited from (uploadJournal: the file name without suffix)
        title: '日报',
        file: expect.objectContaining({ realName: '日报.docx', type: 'word' }),
        createTime: expect.stringMatching(TIME),
        createBy: { id: user.editor, username: 'editor' },
        created: true,
        editor: 'builtin',
        stale: false,
        baseVersion: 1,
        latestBefore: null,
      });
      expect(await fileCount()).toBe(files + 1);
      const versions = await journalVersions(w.journalId);
      expect(versions.map((v) => [v.version, v.createBy.username])).toEqual([
        [2, 'editor'],
        [1, 'editor'],
      ]);
      const stored = (await fetchPath((await openJournal({ journalId: w.journalId, version: 2 }, colleague)).body.builtin.fileUrl)).body as Buffer;
      const xml = documentXml(stored);
      expect(xml).toContain('在线编辑测试');
      expect(xml.match(/<w:tbl>/g)).toHaveLength(1);
      expect(xml.match(/<a:blip /g)).toHaveLength(1);
      // the metadata: version 2 by the built-in editor, version 1 uploaded
      const meta = await as(editor).get(`/api/office/versions?kind=journal&id=${w.journalId}`);
      expect(meta.status).toBe(200);
      expect(meta.body).toEqual([
        { fileId: res.body.file.id, version: 2, editor: 'builtin', savedBy: { id: user.editor, username: 'editor', nickName: '张编辑' }, savedAt: expect.stringMatching(TIME), stale: false, autosave: null, modifiedByUser: null, hasHistory: false },
        { fileId: versions[1].file.id, version: 1, editor: null, savedBy: null, savedAt: null, stale: false, autosave: null, modifiedByUser: null, hasHistory: false },
      ]);
      expect(await one('SELECT session_id AS "sessionId", user_id AS "userId", base_version AS "baseVersion", target_kind AS kind FROM office_save WHERE file_id = $1', [res.body.file.id])).toEqual({ sessionId: session.id, userId: user.editor, baseVersion: 1, kind: 'journal' });
      // the same bytes again: 200, the current version, no new version and no file left behind
      const again = await save(session.id, edited, '日报.docx');
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ version: 2, created: false, stale: false, baseVersion: 2 });
      expect(await fileCount()).toBe(files + 1);
      // the session now edits version 2; its state names it
      const state = await as(editor).get(`/api/office/sessions/${session.id}`);
      expect(state.body).toEqual({ id: session.id, state: 'open', mode: 'edit', lock: { holder: { id: user.editor, username: 'editor', nickName: '张编辑' }, since: expect.stringMatching(TIME), editor: 'builtin' }, savedVersion: 2, error: null });
      await waitFor(async () => (await logRows('在线编辑保存')) >= 2);
      expect(await logRows('在线编辑保存')).toBeGreaterThanOrEqual(2);
    });

    it('heartbeat renews the lock; close releases it and ends the session; an ended session neither beats nor saves', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '心跳' }));
      const session = (await openJournal({ journalId: w.journalId })).body;
      await db.query("UPDATE office_lock SET expires_at = now() + interval '1 minute' WHERE session_id = $1", [session.id]);
      expect((await as(editor).post(`/api/office/sessions/${session.id}/heartbeat`, {})).status).toBe(204);
      const expires = await one<{ minutes: number }>('SELECT extract(epoch FROM expires_at - now()) / 60 AS minutes FROM office_lock WHERE session_id = $1', [session.id]);
      expect(Number(expires.minutes)).toBeGreaterThan(29);
      expect((await as(editor).del(`/api/office/sessions/${session.id}`)).status).toBe(204);
      expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [session.id])).toBe(0);
      expect((await as(editor).get(`/api/office/sessions/${session.id}`)).body).toMatchObject({ state: 'closed', lock: null, savedVersion: null });
      expectError(await as(editor).post(`/api/office/sessions/${session.id}/heartbeat`, {}), 409, '编辑会话已结束，请重新打开', 'OFFICE_SESSION_ENDED');
      const files = await fileCount();
      expectError(await save(session.id, await sampleDocx({ heading: '关闭后' })), 409, '编辑会话已结束，请重新打开', 'OFFICE_SESSION_ENDED');
      expect(await fileCount()).toBe(files);
      // closing again changes nothing
      expect((await as(editor).del(`/api/office/sessions/${session.id}`)).status).toBe(204);
    });

    it('opens a copy (openWebOffice) and saves it as the copy’s next version', async () => {
      const w = await world();
      const copyId = await uploadCopy(w, await sampleDocx({ heading: '稿件原文' }), '稿件原文.docx');
      const res = await openCopy(`id=${copyId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ editor: 'builtin', mode: 'edit', reason: null, target: { kind: 'copy', id: copyId, journalId: w.journalId, version: 1, latest: 1, title: '在线编辑稿件', fileName: '稿件原文.docx' } });
      const saved = await save(res.body.id, await sampleDocx({ heading: '稿件修改' }), '稿件原文.docx');
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({ version: 2, title: '稿件原文.docx', created: true, editor: 'builtin', createBy: { id: user.editor, username: 'editor' } });
      const versions = (await as(editor).get(`/api/productManuscript/versions?id=${copyId}`)).body as Array<{ version: number; file: { id: number } }>;
      expect(versions.map((v) => v.version)).toEqual([2, 1]);
      const info = (await as(editor).get(`/api/productJournal/info?journalId=${w.journalId}`)).body;
      expect(info.columns[0].manuList[0]).toMatchObject({ id: copyId, version: 2, file: { id: saved.body.file.id } });
      expect((await as(editor).get(`/api/office/versions?kind=copy&id=${copyId}`)).body.map((m: { version: number; editor: string | null }) => [m.version, m.editor])).toEqual([
        [2, 'builtin'],
        [1, null],
      ]);
      // an older version opens too
      expect((await openCopy(`id=${copyId}&version=1`)).body.target).toMatchObject({ version: 1, latest: 2 });
    });

    it('a save on top of an older version is stored and marked stale', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '一' }));
      const session = (await openJournal({ journalId: w.journalId })).body;
      await uploadJournal(w.journalId, await sampleDocx({ heading: '他人上传的第二版' }), '第二版.docx', colleague);
      const res = await save(session.id, await sampleDocx({ heading: '基于第一版' }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ version: 3, stale: true, baseVersion: 1, latestBefore: 2 });
      const meta = (await as(editor).get(`/api/office/versions?kind=journal&id=${w.journalId}`)).body as Array<{ version: number; stale: boolean }>;
      expect(meta.map((m) => [m.version, m.stale])).toEqual([
        [3, true],
        [2, false],
        [1, false],
      ]);
      // the next save of the session is based on version 3: not stale
      expect((await save(session.id, await sampleDocx({ heading: '再存一次' }))).body).toMatchObject({ version: 4, stale: false, baseVersion: 3 });
    });

    it('answers the configured editor', async () => {
      expect((await as(translator).get('/api/office/config')).body).toEqual({ editor: 'builtin', enabled: true });
    });
  });

  describe('rules: read-only sessions and the single writer', () => {
    it('a journal held by another opens read-only, naming the holder; their save is refused; after the close it opens writable', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '锁' }));
      const mine = (await openJournal({ journalId: w.journalId })).body;
      const theirs = await openJournal({ journalId: w.journalId }, colleague);
      expect(theirs.status).toBe(200);
      expect(theirs.body).toMatchObject({ mode: 'view', reason: 'locked', lock: { holder: { id: user.editor, username: 'editor', nickName: '张编辑' }, editor: 'builtin' }, expiresAt: null, builtin: { fileUrl: expect.any(String) } });
      const files = await fileCount();
      expectError(await save(theirs.body.id, await sampleDocx({ heading: '只读保存' }), 'x.docx', colleague), 403, '只读方式打开的文档不能保存', 'OFFICE_READ_ONLY');
      expect(await fileCount()).toBe(files);
      // a read-only session beats without a lock
      expect((await as(colleague).post(`/api/office/sessions/${theirs.body.id}/heartbeat`, {})).status).toBe(204);
      // another user's session is not found
      expectError(await as(colleague).get(`/api/office/sessions/${mine.id}`), 404, '编辑会话不存在');
      expectError(await as(colleague).del(`/api/office/sessions/${mine.id}`), 404, '编辑会话不存在');
      expectError(await save(mine.id, await sampleDocx({ heading: '别人的会话' }), 'x.docx', colleague), 404, '编辑会话不存在');
      expect((await as(editor).del(`/api/office/sessions/${mine.id}`)).status).toBe(204);
      expect((await openJournal({ journalId: w.journalId }, colleague)).body).toMatchObject({ mode: 'edit', reason: null, lock: { holder: { username: 'colleague', nickName: '赵同事' } } });
    });

    it('an expired lock of another user is free', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '过期' }));
      const mine = (await openJournal({ journalId: w.journalId })).body;
      await db.query("UPDATE office_lock SET expires_at = now() - interval '1 second' WHERE session_id = $1", [mine.id]);
      expect((await openJournal({ journalId: w.journalId }, colleague)).body).toMatchObject({ mode: 'edit', reason: null });
      expectError(await as(editor).post(`/api/office/sessions/${mine.id}/heartbeat`, {}), 409, '编辑锁已失效，请重新打开', 'OFFICE_LOCK_LOST');
    });

    it('the same user opening again takes the lock over: the older session loses it (heartbeat and save 409)', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '接管' }));
      const first = (await openJournal({ journalId: w.journalId })).body;
      const second = (await openJournal({ journalId: w.journalId })).body;
      expect(second).toMatchObject({ mode: 'edit', reason: null });
      expectError(await as(editor).post(`/api/office/sessions/${first.id}/heartbeat`, {}), 409, '编辑锁已失效，请重新打开', 'OFFICE_LOCK_LOST');
      const files = await fileCount();
      expectError(await save(first.id, await sampleDocx({ heading: '旧窗口' })), 409, '编辑锁已失效，请重新打开', 'OFFICE_LOCK_LOST');
      expect(await fileCount()).toBe(files);
      expect((await save(second.id, await sampleDocx({ heading: '新窗口' }))).status).toBe(201);
    });

    it('a save whose session lost the lock meanwhile is refused with 409 OFFICE_LOCK_LOST, nothing stored', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '失锁' }));
      const mine = (await openJournal({ journalId: w.journalId })).body;
      await db.query("UPDATE office_lock SET expires_at = now() - interval '1 second' WHERE session_id = $1", [mine.id]);
      await openJournal({ journalId: w.journalId }, colleague);
      const files = await fileCount();
      expectError(await save(mine.id, await sampleDocx({ heading: '失锁保存' })), 409, '编辑锁已失效，请重新打开', 'OFFICE_LOCK_LOST');
      expect(await fileCount()).toBe(files);
      expect((await journalVersions(w.journalId)).map((v) => v.version)).toEqual([1]);
    });

    it('a done journal opens read-only (done); a save of a session opened before the finalisation is 409 JOURNAL_DONE', async () => {
      const w = await world();
      const copyId = await uploadCopy(w, await sampleDocx({ heading: '定稿稿件' }));
      await uploadJournal(w.journalId, await sampleDocx({ heading: '定稿' }));
      const journalSession = (await openJournal({ journalId: w.journalId })).body;
      const copySession = (await openCopy(`id=${copyId}`)).body;
      await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
      expect((await openJournal({ journalId: w.journalId })).body).toMatchObject({ mode: 'view', reason: 'done', builtin: { fileUrl: expect.any(String) } });
      expect((await openCopy(`id=${copyId}`)).body).toMatchObject({ mode: 'view', reason: 'done' });
      const files = await fileCount();
      expectError(await save(journalSession.id, await sampleDocx({ heading: '定稿后' })), 409, DONE, 'JOURNAL_DONE');
      expectError(await save(copySession.id, await sampleDocx({ heading: '定稿后' })), 409, DONE, 'JOURNAL_DONE');
      expect(await fileCount()).toBe(files);
      expect((await journalVersions(w.journalId)).map((v) => v.version)).toEqual([1]);
    });

    it('a reader who may not write (not the product’s unit) opens read-only (forbidden) and takes no lock', async () => {
      const w = await world();
      const copyId = await uploadCopy(w, await sampleDocx({ heading: '外部' }));
      await uploadJournal(w.journalId, await sampleDocx({ heading: '外部期刊' }));
      const journal = await openJournal({ journalId: w.journalId }, outsider);
      expect(journal.status).toBe(200);
      expect(journal.body).toMatchObject({ mode: 'view', reason: 'forbidden', lock: null, expiresAt: null });
      expect((await openCopy(`id=${copyId}`, outsider)).body).toMatchObject({ mode: 'view', reason: 'forbidden' });
      expect(await count("SELECT count(*)::int AS n FROM office_lock WHERE target_kind = 'journal' AND target_id = $1", [w.journalId])).toBe(0);
      expect((await openJournal({ journalId: w.journalId })).body).toMatchObject({ mode: 'edit' });
    });

    it('403 without the permission (both open calls, the metadata) and 403 PRODUCT_NOT_OWNED when the ownership went meanwhile', async () => {
      const w = await world();
      const copyId = await uploadCopy(w, await sampleDocx({ heading: '权限' }));
      await uploadJournal(w.journalId, await sampleDocx({ heading: '权限期刊' }));
      for (const res of [
        await openJournal({ journalId: w.journalId }, translator),
        await openCopy(`id=${copyId}`, translator),
        await as(translator).get(`/api/office/versions?kind=journal&id=${w.journalId}`),
        await as(translator).get(`/api/office/versions?kind=copy&id=${copyId}`),
      ]) {
        expectError(res, 403, '没有权限执行此操作');
      }
      const session = (await openJournal({ journalId: w.journalId })).body;
      await db.query('UPDATE product_setting SET dept_id = $2 WHERE id = $1', [w.productId, dept['国际新闻部']]);
      const files = await fileCount();
      expectError(await save(session.id, await sampleDocx({ heading: '失去权限' })), 403, '没有权限操作该产品的期刊', 'PRODUCT_NOT_OWNED');
      expect(await fileCount()).toBe(files);
    });

    it('401 without a login', async () => {
      const calls = [
        t.http().post('/api/productJournal/downloadWebOfficeJournal').send({ journalId: 1 }),
        t.http().get('/api/productManuscript/openWebOffice?id=1'),
        t.http().get('/api/office/sessions/00000000-0000-4000-8000-000000000000'),
        t.http().post('/api/office/sessions/00000000-0000-4000-8000-000000000000/heartbeat'),
        t.http().delete('/api/office/sessions/00000000-0000-4000-8000-000000000000'),
        t.http().post('/api/office/builtin/save').field('sessionId', '00000000-0000-4000-8000-000000000000'),
        t.http().get('/api/office/versions?kind=journal&id=1'),
        t.http().get('/api/office/config'),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 401, '登录状态已过期，请重新登录');
    });
  });

  describe('bad requests and unknown records', () => {
    it('400: missing or malformed fields, a copy without a file, a non-Word save, a save without a session', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '四百' }));
      expectError(await openJournal({}), 400, '请选择期刊版本');
      expectError(await openJournal({ journalId: 'x' }), 400, '期刊 id 必须是整数');
      expectError(await openCopy(''), 400, '稿件 id 不能为空');
      expectError(await openCopy('id=0'), 400, '稿件 id 必须是正整数');
      expectError(await as(editor).get('/api/office/versions?kind=news&id=1'), 400, 'kind 必须是 journal 或 copy');
      // a dynamic copy (HTML, no file)
      const sourceId = await insertRow(db, 'manuscript', { title: '动态稿', content: '<p>正文</p>', firstAuthor: '编辑部', authorIds: String(user.editor), deptId: dept['期刊编辑部'], productId: w.productId, createById: user.editor, createBy: 'editor' });
      await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [sourceId, w.columnId]);
      const [dynamicCopy] = (await as(editor).post('/api/productManuscript', { journalId: w.journalId, columnId: w.columnId, manuIds: [sourceId] })).body.ids as number[];
      expectError(await openCopy(`id=${dynamicCopy}`), 400, '该稿件没有文件');
      const session = (await openJournal({ journalId: w.journalId })).body;
      const files = await fileCount();
      expectError(await save(session.id, Buffer.from('not a word file'), 'x.docx'), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await save(null, await sampleDocx({ heading: '无会话' })), 400, 'sessionId 不能为空');
      expectError(await save('not-a-uuid', await sampleDocx({ heading: '坏会话' })), 400, '会话 id 格式不正确');
      expectError(await as(editor).get('/api/office/sessions/not-a-uuid'), 400, '会话 id 格式不正确');
      expect(await fileCount()).toBe(files);
    });

    it('a .doc opens in the built-in editor only through LibreOffice (converted when fetched): without it 400 仅支持 .docx 文件在线编辑', async () => {
      const w = await world();
      const copyId = await uploadCopy(w, makeDoc(), '旧格式.doc');
      if (findSoffice()) {
        const res = await openCopy(`id=${copyId}`);
        expect(res.status).toBe(200);
        expect(res.body.target).toMatchObject({ version: 1, fileName: '旧格式.docx' });
        expect(res.body.builtin.fileUrl).toMatch(/^\/files\/[^/]+\/%E6%97%A7%E6%A0%BC%E5%BC%8F\.docx$/);
        await as(editor).del(`/api/office/sessions/${res.body.id}`);
      }
      const path = process.env.PATH;
      process.env.PATH = '/nonexistent';
      try {
        expectError(await openCopy(`id=${copyId}`), 400, '仅支持 .docx 文件在线编辑');
      } finally {
        process.env.PATH = path;
      }
    });

    it('404: unknown journal, version, copy, session; a version row id that does not exist', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '四百零四' }));
      expectError(await openJournal({ journalId: 999999 }), 404, '期刊不存在');
      expectError(await openJournal({ journalId: w.journalId, version: 9 }), 404, '版本不存在');
      expectError(await openJournal({ id: 999999 }), 404, '版本不存在');
      expectError(await openCopy('id=999999'), 404, '稿件不存在');
      expectError(await openCopy(`id=${await uploadCopy(w, await sampleDocx({ heading: 'v' }))}&version=5`), 404, '版本不存在');
      // a journal without any version
      const empty = await insertJournal(db, { productId: w.productId, journalNo: ++seq });
      expectError(await openJournal({ journalId: empty }), 404, '版本不存在');
      expectError(await as(editor).get('/api/office/sessions/00000000-0000-4000-8000-000000000000'), 404, '编辑会话不存在');
      expectError(await as(editor).get('/api/office/versions?kind=journal&id=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/office/versions?kind=copy&id=999999'), 404, '稿件不存在');
    });

    it('OFFICE_EDITOR=none, or a document server whose adapter is not connected: 404 NOT_CONFIGURED', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '未配置' }));
      const office = t.config.office;
      const editorName = office.editor;
      try {
        office.editor = 'none';
        expectError(await openJournal({ journalId: w.journalId }), 404, '在线编辑未启用', 'NOT_CONFIGURED');
        expect((await as(editor).get('/api/office/config')).body).toEqual({ editor: 'none', enabled: false });
        office.editor = 'onlyoffice';
        expectError(await openJournal({ journalId: w.journalId }), 404, '在线编辑方式 onlyoffice 尚未接入', 'NOT_CONFIGURED');
        expect((await as(editor).get('/api/office/config')).body).toEqual({ editor: 'onlyoffice', enabled: false });
      } finally {
        office.editor = editorName;
      }
    });
  });

  describe('cleanup', () => {
    it('ends sessions nobody has seen for a day, deletes old ended sessions and the metadata of deleted versions', async () => {
      const w = await world();
      await uploadJournal(w.journalId, await sampleDocx({ heading: '清理' }));
      const idle = (await openJournal({ journalId: w.journalId })).body;
      const saved = await save(idle.id, await sampleDocx({ heading: '清理保存' }));
      expect(saved.status).toBe(201);
      const old = (await openJournal({ journalId: w.journalId }, colleague)).body;
      await as(colleague).del(`/api/office/sessions/${old.id}`);
      await db.query("UPDATE office_session SET seen_at = now() - interval '2 days' WHERE id = $1", [idle.id]);
      await db.query("UPDATE office_session SET ended_at = now() - interval '31 days' WHERE id = $1", [old.id]);
      // the saved version is deleted: its file goes, its metadata is an orphan
      expect((await as(editor).del('/api/productJournal/version', { journalId: w.journalId, version: 2 })).status).toBe(200);
      const result = await t.app.get(OfficeCleanupService).run();
      expect(result).toEqual({ idle: expect.any(Number), sessions: expect.any(Number), saves: expect.any(Number) });
      expect(result!.idle).toBeGreaterThanOrEqual(1);
      expect(result!.sessions).toBeGreaterThanOrEqual(1);
      expect(result!.saves).toBeGreaterThanOrEqual(1);
      expect(await one('SELECT state, ended_at IS NOT NULL AS ended FROM office_session WHERE id = $1', [idle.id])).toEqual({ state: 'closed', ended: true });
      expect(await count('SELECT count(*)::int AS n FROM office_lock WHERE session_id = $1', [idle.id])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM office_session WHERE id = $1', [old.id])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM office_save WHERE file_id = $1', [saved.body.file.id])).toBe(0);
    });
  });
});

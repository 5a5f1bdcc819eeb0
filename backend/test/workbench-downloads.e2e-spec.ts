import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { Open } from 'unzipper';
import type { Principal } from '../src/common/auth/principal';
import { PrincipalService } from '../src/common/auth/principal.service';
import { FileLinkService } from '../src/modules/storage';
import { makeDoc, makeDocx } from './fixtures/word-files';
import { insertJournal, insertProduct, insertRow, insertRows } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The journal's downloads and what else the workbench needed (issue 14, docs/workbench-api.md):
 * the zips `downloadZip` (`source=true`: the sources' original files) and `downloadZipForWeekly`,
 * answered as capability paths and streamed when fetched; the xlsx of a journal's copies
 * (`downloadExcel`, `downloadJournalExcel?ids=`); deleting a journal version
 * (`DELETE api/productJournal/version`); manuscript management never reaching a journal copy.
 *
 * Seeded users: editor (期刊编辑部, productJournal:manu/edit) owns the products of 期刊编辑部;
 * translator holds no productJournal permission; `outsider` holds the 编辑 role in 国际新闻部.
 */
describe('journal workbench downloads, journal versions, copies outside manuscript management', () => {
  let t: TestApp;
  let db: DataSource;
  let links: FileLinkService;
  let admin: string;
  let editor: string;
  let translator: string;
  let nobody: string;
  let outsider: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let seq = 0;

  const FORBIDDEN = '没有权限执行此操作';
  const NOT_OWNED = '没有权限操作该产品的期刊';
  const DONE = '期刊已定稿，不能修改';
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];
  const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;
  const principal = async (userId: number): Promise<Principal> => ({ ...(await t.app.get(PrincipalService).load(userId))!, sessionId: '' });
  /** A path fetched as a client does: no login, the body as bytes. */
  const fetchPath = (path: string) => t.http().get(path).buffer(true).parse(binary);
  const download = (url: string, token = editor) => t.http().get(url).set('Authorization', bearer(token)).buffer(true).parse(binary);

  interface World {
    productId: number;
    productName: string;
    journalId: number;
    col: { news: number; comment: number };
  }

  const world = async (): Promise<World> => {
    const productName = `下载产品${++seq}`;
    const productId = await insertProduct(db, { name: productName, deptId: dept['期刊编辑部'], period: 'daily', type: '1', contentType: '2' });
    const [news, comment] = await insertRows(db, 'product_column', [
      { productId, name: '要闻', sort: 1, status: true },
      { productId, name: '评论', sort: 2, status: true },
    ]);
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    return { productId, productName, journalId, col: { news, comment } };
  };

  const poolManuscript = async (productId: number, columnId: number, title: string, content: string): Promise<number> => {
    const id = await insertRow(db, 'manuscript', { title, content, abstracts: '摘要', firstAuthor: '编译部', authorIds: `${user.editor}`, deptId: dept['编译部'], productId, createById: user.translator, createBy: 'translator' });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };

  const pick = async (journalId: number, columnId: number, manuIds: number[]): Promise<number[]> => {
    const res = await as(editor).post('/api/productManuscript', { journalId, columnId, manuIds });
    expect(res.status).toBe(201);
    return res.body.ids as number[];
  };

  /** `uploadManu` / `uploadManuAndManu` of a Word file into a column; the copy. */
  const upload = async (path: 'uploadManu' | 'uploadManuAndManu', w: World, columnId: number, title: string, file: { data: Buffer; name: string }) => {
    const res = await t
      .http()
      .post(`/api/productManuscript/${path}`)
      .set('Authorization', bearer(editor))
      .field('journalId', String(w.journalId))
      .field('columnId', String(columnId))
      .field('title', title)
      .field('firstAuthor', '驻外记者站')
      .field('authorIds', `${user.reviewer}`)
      .field('deptId', String(dept['国际新闻部']))
      .attach('file', file.data, file.name);
    expect(res.status).toBe(201);
    return res.body as { id: number; sourceManu: { id: number } | null; file: { id: number } };
  };
  const newVersion = async (copyId: number, file: { data: Buffer; name: string }) => {
    const res = await t.http().post('/api/productManuscript/uploadManu').set('Authorization', bearer(editor)).field('manuId', String(copyId)).attach('file', file.data, file.name);
    expect(res.status).toBe(201);
  };

  /** The path a zip call answers (200 text/plain). */
  const zipPath = async (url: string, token = editor): Promise<string> => {
    const res = await as(token).get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/[^/]+\.zip$/);
    return res.text;
  };
  /** The zip at `path`, fetched without a login: its entries in order, with their bytes. */
  const unzip = async (path: string): Promise<Array<{ path: string; data: Buffer }>> => {
    const res = await fetchPath(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await Open.buffer(res.body as Buffer);
    return Promise.all(zip.files.filter((f) => f.type === 'File').map(async (f) => ({ path: f.path, data: await f.buffer() })));
  };
  /** The text of a .docx (its word/document.xml without tags). */
  const docxText = async (data: Buffer): Promise<string> => {
    const doc = (await Open.buffer(data)).files.find((f) => f.path === 'word/document.xml')!;
    return (await doc.buffer()).toString('utf8').replace(/<[^>]+>/g, '');
  };
  const setWeekly = (productId: number | null) => db.query('UPDATE product_setting SET is_weekly = (id = $1)', [productId ?? 0]);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    links = t.app.get(FileLinkService);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    nobody = await t.loginWithoutRoles('dlnobody');
    const roles = (await db.query("SELECT id, name FROM sys_role WHERE name IN ('编辑', '普通用户')")) as Array<{ id: number; name: string }>;
    await t.createUser({ username: 'dloutsider', nickName: '外部编辑', enabled: true, dept: { id: dept['国际新闻部'] }, roles: roles.map((r) => ({ id: r.id })) }, admin);
    outsider = await t.login('dloutsider');
  });
  afterAll(() => t.close());

  /**
   * A journal with: 要闻 = [乙 (uploaded with its pool manuscript, then a new version), 甲 (picked,
   * dynamic)] after a saveSort; 评论 = [评/论:稿 (uploaded straight into the journal, a .doc)].
   */
  const stocked = async () => {
    const w = await world();
    const [dynamicCopy] = await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, '甲', '<p>甲的正文</p><p>第二段 &amp; 结尾</p>')]);
    const original = await makeDocx('乙的原件');
    const uploaded = await upload('uploadManuAndManu', w, w.col.news, '乙', { data: original, name: '乙.docx' });
    const edited = await makeDocx('乙的编辑版');
    await newVersion(uploaded.id, { data: edited, name: '乙编辑版.docx' });
    const doc = makeDoc();
    const direct = await upload('uploadManu', w, w.col.comment, '评/论:稿', { data: doc, name: '评论.doc' });
    expect((await as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news, ids: [uploaded.id, dynamicCopy] })).status).toBe(200);
    return { w, dynamicCopy, uploaded, direct, bytes: { original, edited, doc } };
  };

  describe('downloadZip', () => {
    it('answers a capability path; fetched without a login it streams every copy’s current file in column folders, in order', async () => {
      const { w, bytes } = await stocked();
      const path = await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}`);
      expect(decodeURIComponent(path.split('/').pop()!)).toBe(`${w.productName}2026第${seq}期.zip`);
      const res = await fetchPath(`${path}?access_token=ignored`);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${w.productName}2026第${seq}期.zip`)}`);
      const entries = await unzip(path);
      expect(entries.map((e) => e.path)).toEqual(['1-要闻/1-乙.docx', '1-要闻/2-甲.docx', '2-评论/1-评 论 稿.doc']);
      // stored files: byte for byte the current version
      expect(entries[0].data.equals(bytes.edited)).toBe(true);
      expect(entries[2].data.equals(bytes.doc)).toBe(true);
      // a dynamic copy: a .docx of its title and text
      const text = await docxText(entries[1].data);
      expect(text).toContain('甲');
      expect(text).toContain('甲的正文');
      expect(text).toContain('第二段 &amp; 结尾');
    });

    it('source=true: the sources’ original files; copies without a source file are left out', async () => {
      const { w, bytes } = await stocked();
      const path = await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}&source=true`);
      expect(decodeURIComponent(path.split('/').pop()!)).toBe(`${w.productName}2026第${seq}期-源附件.zip`);
      const entries = await unzip(path);
      expect(entries.map((e) => e.path)).toEqual(['1-要闻/1-乙.docx']);
      expect(entries[0].data.equals(bytes.original)).toBe(true);
      // source=false is the plain zip
      expect(decodeURIComponent((await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}&source=false`)).split('/').pop()!)).toBe(`${w.productName}2026第${seq}期.zip`);
    });

    it('a journal with nothing to download: a zip holding 空.txt', async () => {
      const w = await world();
      expect(await unzip(await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}`))).toEqual([{ path: '空.txt', data: Buffer.from('该期刊没有可下载的稿件。') }]);
      // copies, but none with a source file
      await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, '无附件', '<p>x</p>')]);
      expect(await unzip(await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}&source=true`))).toEqual([{ path: '空.txt', data: Buffer.from('该期刊的稿件没有来源附件。') }]);
    });
  });

  describe('downloadZipForWeekly', () => {
    afterEach(() => setWeekly(null));

    it('only for a journal of the weekly product; the checked copies only', async () => {
      const { w, dynamicCopy, direct, bytes } = await stocked();
      expectError(await as(editor).get(`/api/productJournal/downloadZipForWeekly?journalId=${w.journalId}`), 400, '只有周刊可以下载选稿');
      await setWeekly(w.productId);
      const empty = await zipPath(`/api/productJournal/downloadZipForWeekly?journalId=${w.journalId}`);
      expect(await unzip(empty)).toEqual([{ path: '空.txt', data: Buffer.from('该周刊没有已选的稿件。') }]);
      for (const id of [dynamicCopy, direct.id]) expect((await as(editor).get(`/api/productManuscript/changeCheck?id=${id}&isCheck=true`)).status).toBe(200);
      const path = await zipPath(`/api/productJournal/downloadZipForWeekly?journalId=${w.journalId}`);
      expect(decodeURIComponent(path.split('/').pop()!)).toBe(`${w.productName}2026第${seq}期-选稿.zip`);
      const entries = await unzip(path);
      expect(entries.map((e) => e.path)).toEqual(['1-要闻/1-甲.docx', '2-评论/1-评 论 稿.doc']);
      expect(entries[1].data.equals(bytes.doc)).toBe(true);
      // the rule is checked again when the path is fetched
      await setWeekly(null);
      expectError(await fetchPath(path), 400, '只有周刊可以下载选稿');
    });
  });

  describe('zip access', () => {
    it('401 without a session; 403 without productJournal:manu; 404 unknown journal; 400 bad query', async () => {
      const w = await world();
      for (const url of [`/api/productJournal/downloadZip?journalId=${w.journalId}`, `/api/productJournal/downloadZipForWeekly?journalId=${w.journalId}`]) {
        expectError(await t.http().get(url), 401, '登录状态已过期，请重新登录');
        for (const token of [translator, nobody]) expectError(await as(token).get(url), 403, FORBIDDEN);
      }
      expectError(await as(editor).get('/api/productJournal/downloadZip?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/productJournal/downloadZipForWeekly?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/productJournal/downloadZip'), 400, '期刊 id 不能为空');
      expectError(await as(editor).get('/api/productJournal/downloadZipForWeekly?journalId=abc'), 400, '期刊 id 必须是整数');
      expectError(await as(editor).get(`/api/productJournal/downloadZip?journalId=${w.journalId}&source=maybe`), 400, 'source必须是 true 或 false');
    });

    it('reads need no ownership and work on a done journal', async () => {
      const { w } = await stocked();
      await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
      const entries = await unzip(await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}`, outsider));
      expect(entries).toHaveLength(3);
    });

    it('the producer checks again when fetched: the permission of the user now, the journal still there', async () => {
      const w = await world();
      const forTranslator = links.forStream('journal-zip', { journalId: w.journalId, mode: 'all' }, await principal(user.translator), 'x.zip');
      expectError(await fetchPath(forTranslator), 403, FORBIDDEN);
      const path = await zipPath(`/api/productJournal/downloadZip?journalId=${w.journalId}`);
      await db.query('DELETE FROM product_journal WHERE id = $1', [w.journalId]);
      expectError(await fetchPath(path), 404, '期刊不存在');
    });
  });

  describe('journal xlsx', () => {
    const sheet = async (res: { body: unknown }) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as Parameters<ExcelJS.Xlsx['load']>[0]);
      const rows: unknown[][] = [];
      book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const HEADERS = ['序号', '栏目', '标题', '稿件类型', '行业类型', '国家', '来源单位', '投稿人', '供稿', '审稿', '备注', '投稿时间'];

    it('downloadExcel: the workbench table’s columns, copies in column order, dictionary labels', async () => {
      const { w, dynamicCopy } = await stocked();
      expect((await as(editor).put('/api/productManuscript', { id: dynamicCopy, firstAuthor: '编辑部', authorIds: `${user.reviewer},${user.editor}`, memo: '备注甲', domainType: '2', country: 'US' })).status).toBe(204);
      const res = await download(`/api/productJournal/downloadExcel?journalId=${w.journalId}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${w.productName}2026第${seq}期`));
      const rows = await sheet(res);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
        [1, '要闻', '乙', '本地上传'],
        [2, '要闻', '甲', '动态稿件'],
        [3, '评论', '评/论:稿', '本地上传'],
      ]);
      // 投稿时间 as the workbench shows it
      const info = await as(editor).get(`/api/productJournal/info?journalId=${w.journalId}`);
      const shown = (info.body.columns as Array<{ manuList: Array<{ id: number; submitTime: string }> }>).flatMap((c) => c.manuList).find((m) => m.id === dynamicCopy)!;
      expect(rows[2]).toEqual([2, '要闻', '甲', '动态稿件', '经济', '美国', '编译部', 'translator', '编辑部', '王审校、张编辑', '备注甲', shown.submitTime]);
      expect(rows[1].slice(6, 9)).toEqual(['国际新闻部', 'editor', '驻外记者站']);
    });

    it('downloadJournalExcel?ids=1&ids=2: these copies in the order given; one ids= too; not copies → 404', async () => {
      const { w, dynamicCopy, uploaded, direct } = await stocked();
      const res = await download(`/api/productManuscript/downloadJournalExcel?ids=${direct.id}&ids=${dynamicCopy}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX);
      const rows = await sheet(res);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
        [1, '评论', '评/论:稿'],
        [2, '要闻', '甲'],
      ]);
      const single = await sheet(await download(`/api/productManuscript/downloadJournalExcel?ids=${uploaded.id}`));
      expect(single.slice(1).map((r) => r[2])).toEqual(['乙']);
      // the pool manuscript behind a copy is not a copy
      expectError(await download(`/api/productManuscript/downloadJournalExcel?ids=${uploaded.sourceManu!.id}&ids=${direct.id}`), 404, '稿件不存在');
      expectError(await download('/api/productManuscript/downloadJournalExcel?ids=999999'), 404, '稿件不存在');
      expectError(await download('/api/productManuscript/downloadJournalExcel'), 400, '请选择稿件');
      expectError(await download('/api/productManuscript/downloadJournalExcel?ids=x'), 400, '稿件 id 必须是正整数');
      expectError(await download(`/api/productJournal/downloadExcel?journalId=999999`), 404, '期刊不存在');
      expectError(await download('/api/productJournal/downloadExcel'), 400, '期刊 id 不能为空');
      expect((await download(`/api/productJournal/downloadExcel?journalId=${w.journalId}`, outsider)).status).toBe(200);
    });

    it('401 without a session, 403 without productJournal:manu', async () => {
      const w = await world();
      for (const url of [`/api/productJournal/downloadExcel?journalId=${w.journalId}`, '/api/productManuscript/downloadJournalExcel?ids=1']) {
        expectError(await t.http().get(url), 401, '登录状态已过期，请重新登录');
        for (const token of [translator, nobody]) expectError(await download(url, token), 403, FORBIDDEN);
      }
    });
  });

  describe('DELETE api/productJournal/version', () => {
    const uploadVersion = async (journalId: number, text: string) => {
      const res = await t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(editor)).field('journalId', String(journalId)).attach('file', await makeDocx(text), `${text}.docx`);
      expect(res.status).toBe(201);
      return res.body as { id: number; version: number; file: { id: number } };
    };
    const versionsOf = async (journalId: number) => ((await as(editor).get(`/api/productJournal/getFiles?journalId=${journalId}`)).body as Array<{ version: number }>).map((v) => v.version);
    const del = (body: unknown, token = editor) => as(token).del('/api/productJournal/version', body);

    it('deletes a version (never the first) and frees its file', async () => {
      const w = await world();
      await uploadVersion(w.journalId, '一');
      const second = await uploadVersion(w.journalId, '二');
      await uploadVersion(w.journalId, '三');
      const res = await del({ journalId: w.journalId, version: 2 });
      expect(res.status).toBe(200);
      expect(await versionsOf(w.journalId)).toEqual([3, 1]);
      expect(await count('SELECT count(*)::int AS n FROM sys_file WHERE id = $1', [second.file.id])).toBe(0);
      // the newest version may go too; a later upload takes the next number
      expect((await del({ journalId: w.journalId, version: 3 })).status).toBe(200);
      expect((await uploadVersion(w.journalId, '四')).version).toBe(2);
      expectError(await del({ journalId: w.journalId, version: 1 }), 400, '第一个版本不能删除');
      expectError(await del({ journalId: w.journalId, version: 9 }), 404, '版本不存在');
      expectError(await del({ journalId: 999999, version: 2 }), 404, '期刊不存在');
      expectError(await del({ journalId: w.journalId }), 400, '版本号 不能为空');
      expectError(await del({ version: 2 }), 400, '期刊 id 不能为空');
      expectError(await del({ journalId: w.journalId, version: 'x' }), 400, '版本号 必须是整数');
      expect(await versionsOf(w.journalId)).toEqual([2, 1]);
    });

    it('401, 403 without the permission, 403 PRODUCT_NOT_OWNED, 409 JOURNAL_DONE; nothing deleted', async () => {
      const w = await world();
      await uploadVersion(w.journalId, '一');
      await uploadVersion(w.journalId, '二');
      expectError(await t.http().delete('/api/productJournal/version').send({ journalId: w.journalId, version: 2 }), 401, '登录状态已过期，请重新登录');
      for (const token of [translator, nobody]) expectError(await del({ journalId: w.journalId, version: 2 }, token), 403, FORBIDDEN);
      expectError(await del({ journalId: w.journalId, version: 2 }, outsider), 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
      await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
      expectError(await del({ journalId: w.journalId, version: 2 }), 409, DONE, 'JOURNAL_DONE');
      expect(await versionsOf(w.journalId)).toEqual([2, 1]);
      // the admin owns every product, once the journal is open again
      await db.query("UPDATE product_journal SET status = 'review' WHERE id = $1", [w.journalId]);
      expect((await del({ journalId: w.journalId, version: 2 }, admin)).status).toBe(200);
    });
  });

  describe('manuscript management does not reach journal copies', () => {
    it('GET, versions, PUT, updateColumn, updateAbstracts, DELETE and a new version with a copy’s id → 404, and the copy is unchanged', async () => {
      const w = await world();
      const source = await poolManuscript(w.productId, w.col.news, '源稿', '<p>源</p>');
      const [copy] = await pick(w.journalId, w.col.news, [source]);
      const before = await one('SELECT title, abstracts, version, update_time AS "updateTime" FROM manuscript WHERE id = $1', [copy]);
      const NOT_FOUND = '稿件不存在';
      expectError(await as(admin).get(`/api/manuscript/${copy}`), 404, NOT_FOUND);
      expectError(await as(admin).get(`/api/manuscript/${copy}/versions`), 404, NOT_FOUND);
      expectError(await as(admin).put('/api/manuscript', { id: copy, title: '越界', firstAuthor: '编辑部', authorIds: `${user.editor}` }), 404, NOT_FOUND);
      expectError(await as(admin).put('/api/manuscript/updateColumn', { id: copy, productList: [w.col.comment] }), 404, NOT_FOUND);
      expectError(await as(admin).put('/api/manuscript/updateAbstracts', { id: copy, abstracts: '越界摘要' }), 404, NOT_FOUND);
      expectError(await as(admin).del('/api/manuscript', [copy]), 404, NOT_FOUND);
      const version = await t.http().post('/api/manuscript/uploadManu').set('Authorization', bearer(admin)).field('manuId', String(copy)).attach('file', await makeDocx('越界'), '越界.docx');
      expectError(version, 404, NOT_FOUND);
      expect(await one('SELECT title, abstracts, version, update_time AS "updateTime" FROM manuscript WHERE id = $1', [copy])).toEqual(before);
      expect(await count('SELECT count(*)::int AS n FROM manuscript_column WHERE manuscript_id = $1 AND column_id = $2', [copy, w.col.news])).toBe(1);
      // the source is still managed as before
      expect((await as(admin).get(`/api/manuscript/${source}`)).status).toBe(200);
      expect((await as(admin).put('/api/manuscript/updateAbstracts', { id: source, abstracts: '新摘要' })).status).toBe(204);
      expect((await as(admin).del('/api/manuscript', [source])).status).toBe(200);
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE id = $1', [copy])).toBe(1);
    });
  });
});

import { Document, Packer, Paragraph } from 'docx';
import { DataSource } from 'typeorm';
import { formatDateTime } from '../src/common/time/time';
import { insertJournal, insertProduct, insertRow, insertRows } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The journal workbench's files and cross-journal calls (issue 14, docs/workbench-api.md): Word files
 * uploaded into a journal (`uploadManu`, `uploadManuAndManu`), file versions of a copy, pushing daily
 * journals into the weekly, and the copies going with a deleted journal. Picking, info, order and the
 * access matrix are in workbench.e2e-spec.ts.
 */
describe('journal workbench: uploads, versions, weekly push, journal deletion', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let seq = 0;

  const DONE = '期刊已定稿，不能修改';
  const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];
  const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;
  const docx = (text: string) => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
  const fileCount = () => count('SELECT count(*)::int AS n FROM sys_file');

  interface World {
    productId: number;
    journalId: number;
    col: { news: number; comment: number; off: number };
  }

  const world = async (names: [string, string] = ['要闻', '评论'], period = 'daily'): Promise<World> => {
    const productId = await insertProduct(db, { name: `上传产品${++seq}`, deptId: dept['期刊编辑部'], period, type: '1', contentType: '2' });
    const [news, comment, off] = await insertRows(db, 'product_column', [
      { productId, name: names[0], sort: 1, status: true },
      { productId, name: names[1], sort: 2, status: true },
      { productId, name: '停用', sort: 3, status: false },
    ]);
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    return { productId, journalId, col: { news, comment, off } };
  };

  const poolManuscript = async (productId: number, columnId: number, title: string): Promise<number> => {
    const id = await insertRow(db, 'manuscript', { title, content: `<p>${title}</p>`, abstracts: '摘要', firstAuthor: '编译部', authorIds: `${user.editor}`, deptId: dept['编译部'], productId, createById: user.translator, createBy: 'translator' });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };

  const pick = async (journalId: number, columnId: number, manuIds: number[]): Promise<number[]> => {
    const res = await as(editor).post('/api/productManuscript', { journalId, columnId, manuIds });
    expect(res.status).toBe(201);
    return res.body.ids as number[];
  };

  /** A multipart upload to `path` with the text fields and (when given) a file part. */
  const upload = (path: 'uploadManu' | 'uploadManuAndManu', form: Record<string, string>, file?: { data: Buffer; name: string }, token: string | null = editor) => {
    let req = t.http().post(`/api/productManuscript/${path}`);
    if (token) req = req.set('Authorization', bearer(token));
    for (const [k, v] of Object.entries(form)) req = req.field(k, v);
    if (file) req = req.attach('file', file.data, file.name);
    return req;
  };
  const fields = (w: World, extra: Record<string, string> = {}) => ({
    journalId: String(w.journalId),
    columnId: String(w.col.news),
    title: '本地上传稿',
    firstAuthor: '驻外记者站',
    authorIds: `${user.reviewer}`,
    deptId: String(dept['国际新闻部']),
    memo: '上传备注',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  describe('uploadManu', () => {
    it('without manuId: a new copy without source at the end of the column, its file version 1', async () => {
      const w = await world();
      const [picked] = await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, '先选的')]);
      const res = await upload('uploadManu', fields(w), { data: await docx('上传正文'), name: '上传稿.docx' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: '本地上传稿',
        memo: '上传备注',
        type: 'upload',
        firstAuthor: '驻外记者站',
        authorIds: `${user.reviewer}`,
        authors: [{ id: user.reviewer, username: 'reviewer' }],
        dept: { id: dept['国际新闻部'], name: '国际新闻部' },
        productColumn: { id: w.col.news, name: '要闻' },
        journal: { id: w.journalId },
        sourceManu: null,
        sort: 2,
        version: 1,
        file: { realName: '上传稿.docx', type: 'word' },
        submitBy: { id: user.editor, username: 'editor' },
        submitTime: expect.stringMatching(TIME),
        abstractOrigin: null,
      });
      expect(res.body.submitTime).toBe(res.body.createTime);
      const info = await as(editor).get(`/api/productJournal/info?journalId=${w.journalId}`);
      expect(info.body.columns[0].manuList.map((m: { id: number }) => m.id)).toEqual([picked, res.body.id]);
      // a journal copy is not a submission: manuscript management and the day's counts do not see it
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE product_id = $1 AND journal_id IS NULL', [w.productId])).toBe(1);
      // the file belongs to the copy (its readers: productJournal:list, the uploader)
      expect(await one('SELECT form_type AS "formType", form_id AS "formId" FROM sys_file WHERE id = $1', [res.body.file.id])).toEqual({ formType: 'manuscript', formId: res.body.id });
      expect((await t.http().get(`/api/localStorage/download/${res.body.file.id}`).set('Authorization', bearer(editor))).status).toBe(200);
    });

    it('refuses what is not Word, bad fields, unknown journal / column / unit — and keeps no file behind', async () => {
      const w = await world();
      const other = await world();
      const before = await fileCount();
      const word = async () => ({ data: await docx('x'), name: 'x.docx' });
      expectError(await upload('uploadManu', fields(w), { data: Buffer.from('just text'), name: 'notes.txt' }), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await upload('uploadManu', fields(w), { data: Buffer.from('just text'), name: 'renamed.docx' }), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await upload('uploadManu', fields(w, { title: ' ' }), await word()), 400, '稿件标题为必填项');
      expectError(await upload('uploadManu', fields(w, { firstAuthor: '' }), await word()), 400, '供稿为必填项');
      expectError(await upload('uploadManu', fields(w, { deptId: '' }), await word()), 400, '请选择单位');
      expectError(await upload('uploadManu', fields(w, { deptId: '999999' }), await word()), 400, '单位不存在');
      expectError(await upload('uploadManu', fields(w, { columnId: '' }), await word()), 400, '请选择投稿栏目');
      expectError(await upload('uploadManu', fields(w, { columnId: String(other.col.news) }), await word()), 400, '请选择投稿栏目');
      expectError(await upload('uploadManu', fields(w, { columnId: String(w.col.off) }), await word()), 400, '请选择投稿栏目');
      expectError(await upload('uploadManu', fields(w, { journalId: '' }), await word()), 400, '期刊 id 不能为空');
      expectError(await upload('uploadManu', fields(w, { journalId: '999999' }), await word()), 404, '期刊不存在');
      expectError(await upload('uploadManu', fields(w, { authorIds: 'abc' }), await word()), 400, '审稿人 id 必须是正整数');
      expectError(await upload('uploadManu', fields(w, { authorIds: '999999' }), await word()), 400, '审稿人不存在');
      expectError(await upload('uploadManu', { manuId: '999999' }, await word()), 404, '稿件不存在');
      expectError(await upload('uploadManu', { manuId: 'x' }, await word()), 400, 'manuId 必须是整数');
      expect((await upload('uploadManu', fields(w))).status).toBe(400);
      expect(await fileCount()).toBe(before);
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE journal_id = $1', [w.journalId])).toBe(0);
      // without a reviewer the upload is taken (the edit form asks for one later)
      const bare = await upload('uploadManu', fields(w, { authorIds: '' }), await word());
      expect(bare.status).toBe(201);
      expect(bare.body).toMatchObject({ authorIds: '', authors: [] });
    });

    it('with manuId: a new file version of the copy; versions newest first; deleting a version', async () => {
      const w = await world();
      const first = await upload('uploadManu', fields(w), { data: await docx('第一版'), name: '第一版.docx' });
      const id = first.body.id as number;
      const second = await upload('uploadManu', { manuId: String(id), title: '被忽略' }, { data: await docx('第二版'), name: '第二版.docx' });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ id, title: '本地上传稿', version: 2, file: { realName: '第二版.docx' } });
      const third = await upload('uploadManu', { manuId: String(id) }, { data: await docx('第三版'), name: '第三版.docx' }, admin);
      expect(third.body.version).toBe(3);
      const versions = await as(editor).get(`/api/productManuscript/versions?id=${id}`);
      expect(versions.status).toBe(200);
      expect(versions.body.map((v: { version: number; title: string; createBy: { username: string } }) => [v.version, v.title, v.createBy.username])).toEqual([
        [3, '第三版.docx', 'admin'],
        [2, '第二版.docx', 'editor'],
        [1, '第一版.docx', 'editor'],
      ]);
      expect(versions.body[0]).toEqual({ id: expect.any(Number), version: 3, title: '第三版.docx', file: expect.objectContaining({ id: third.body.file.id }), createTime: expect.stringMatching(TIME), createBy: { id: user.admin, username: 'admin' } });
      const delVersion = (version: unknown) => as(editor).del('/api/productManuscript/versions', { id, version });
      expectError(await delVersion(1), 400, '第一个版本不能删除');
      expectError(await delVersion(9), 404, '版本不存在');
      expectError(await delVersion('x'), 400, 'version 必须是整数');
      // deleting a version that is not current keeps the current one; its file goes
      expect((await delVersion(2)).status).toBe(200);
      expect(await count('SELECT count(*)::int AS n FROM sys_file WHERE id = $1', [second.body.file.id])).toBe(0);
      expect((await as(editor).get(`/api/productManuscript/versions?id=${id}`)).body.map((v: { version: number }) => v.version)).toEqual([3, 1]);
      // deleting the current version makes the newest remaining one current
      expect((await delVersion(3)).status).toBe(200);
      const info = await as(editor).get(`/api/productJournal/info?journalId=${w.journalId}`);
      expect(info.body.columns[0].manuList[0]).toMatchObject({ id, version: 1, file: { id: first.body.file.id } });
      expectError(await delVersion(1), 400, '第一个版本不能删除');
      expectError(await as(editor).get('/api/productManuscript/versions?id=999999'), 404, '稿件不存在');
      expectError(await as(editor).get('/api/productManuscript/versions'), 400, 'id 不能为空');
    });

    it('a picked copy’s version 1 is its source’s current file; a new version leaves the source alone', async () => {
      const w = await world();
      // a pool manuscript uploaded through manuscript management (the translator's own submission)
      const submitted = await t
        .http()
        .post('/api/manuscript/uploadManu')
        .set('Authorization', bearer(translator))
        .field('title', '投稿原件')
        .field('firstAuthor', '编译部')
        .field('authorIds', String(user.editor))
        .field('abstracts', '原件摘要')
        .field('productId', String(w.productId))
        .field('productList', String(w.col.news))
        .attach('file', await docx('原件'), '原件.docx');
      expect(submitted.status).toBe(201);
      const [copy] = await pick(w.journalId, w.col.news, [submitted.body.id]);
      const versions = await as(editor).get(`/api/productManuscript/versions?id=${copy}`);
      expect(versions.body).toEqual([expect.objectContaining({ version: 1, title: '原件.docx', file: expect.objectContaining({ id: submitted.body.fileId }) })]);
      const newer = await upload('uploadManu', { manuId: String(copy) }, { data: await docx('编辑版'), name: '编辑版.docx' });
      expect(newer.body).toMatchObject({ id: copy, version: 2, type: 'upload', file: { realName: '编辑版.docx' } });
      expect(await one('SELECT file_id AS "fileId", version FROM manuscript WHERE id = $1', [submitted.body.id])).toEqual({ fileId: submitted.body.fileId, version: 1 });
      // deleting the copy frees the copy's own file, never the source's
      expect((await as(editor).del('/api/productManuscript', [copy])).status).toBe(200);
      expect(await count('SELECT count(*)::int AS n FROM sys_file WHERE id = $1', [newer.body.file.id])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM sys_file WHERE id = $1', [submitted.body.fileId])).toBe(1);
    });
  });

  describe('uploadManuAndManu', () => {
    it('also creates the pool manuscript: a submission in manuscript management and the day’s counts', async () => {
      const w = await world();
      const today = formatDateTime(new Date()).slice(0, 10);
      const dayCount = async () => {
        const res = await t.http().get(`/api/manuscript/calculate?date=${today}`).set('Authorization', bearer(editor));
        expect(res.status).toBe(200);
        return (res.body as Array<{ product: { id: number }; total: number }>).find((e) => e.product.id === w.productId)?.total ?? 0;
      };
      expect(await dayCount()).toBe(0);
      const res = await upload('uploadManuAndManu', fields(w, { manuId: '999999' }), { data: await docx('双份'), name: '双份.docx' });
      expect(res.status).toBe(201);
      const pool = (await as(editor).get(`/api/manuscript?tab=all&productId=${w.productId}&size=100`)).body.content as Array<Record<string, unknown> & { id: number }>;
      expect(pool).toHaveLength(1);
      expect(pool[0]).toMatchObject({
        title: '本地上传稿',
        journal: null,
        type: 'upload',
        columns: [{ id: w.col.news, name: '要闻' }],
        dept: { id: dept['国际新闻部'] },
        createBy: { id: user.editor, username: 'editor' },
        files: [{ id: res.body.file.id }],
      });
      expect(res.body).toMatchObject({ sourceManu: { id: pool[0].id }, file: { id: res.body.file.id }, version: 1, journal: { id: w.journalId }, productColumn: { id: w.col.news } });
      expect(await dayCount()).toBe(1);
      // the pool list marks it as in the journal
      const listed = await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&journalId=${w.journalId}`);
      expect(listed.body.content).toEqual([expect.objectContaining({ id: pool[0].id, inJournal: true })]);
      // refusals remove the stored bytes
      const before = await fileCount();
      expectError(await upload('uploadManuAndManu', fields(w, { title: '' }), { data: await docx('x'), name: 'x.docx' }), 400, '稿件标题为必填项');
      expectError(await upload('uploadManuAndManu', fields(w, { journalId: '999999' }), { data: await docx('x'), name: 'x.docx' }), 404, '期刊不存在');
      expect(await fileCount()).toBe(before);
    });
  });

  describe('pushDailyToWeekly', () => {
    it('copies the dailies’ copies into the same-name column of the weekly (else its first), skipping sources present', async () => {
      const weekly = await world(['综合', '要闻'], 'weekly');
      await db.query('UPDATE product_setting SET is_weekly = (id = $1)', [weekly.productId]);
      try {
        const d1 = await world(['要闻', '评论']);
        const d2 = await world(['要闻', '评论']);
        const [a, b, c] = [await poolManuscript(d1.productId, d1.col.news, '日一要闻'), await poolManuscript(d1.productId, d1.col.comment, '日一评论'), await poolManuscript(d1.productId, d1.col.news, '日一要闻二')];
        const [ca, cc] = await pick(d1.journalId, d1.col.news, [a, c]);
        const [cb] = await pick(d1.journalId, d1.col.comment, [b]);
        await db.query("UPDATE manuscript SET title = '日刊中改过的标题' WHERE id = $1", [ca]);
        const direct = await upload('uploadManu', fields(d2, { title: '日二直传' }), { data: await docx('直传'), name: '直传.docx' });
        const e = await poolManuscript(d2.productId, d2.col.comment, '日二评论');
        const [ce] = await pick(d2.journalId, d2.col.comment, [e]);
        const existing = await poolManuscript(weekly.productId, weekly.col.comment, '周刊自有');
        await pick(weekly.journalId, weekly.col.comment, [existing]);

        const push = (body: unknown) => as(editor).post('/api/productJournal/pushDailyToWeekly', body);
        const res = await push({ weeklyId: weekly.journalId, dailyIds: [d2.journalId, d1.journalId] });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ count: 5 });
        const rows = (await db.query(
          `SELECT m.title, m.source_id AS "sourceId", c.name AS "column", m.sort FROM manuscript m JOIN manuscript_column mc ON mc.manuscript_id = m.id
             JOIN product_column c ON c.id = mc.column_id WHERE m.journal_id = $1 ORDER BY c.sort, m.sort`,
          [weekly.journalId],
        )) as Array<{ title: string; sourceId: number; column: string; sort: number }>;
        // 评论 is not a column of the weekly: its copies go to the first column (综合); 要闻 to 要闻, after what is there
        expect(rows).toEqual([
          { title: '日二评论', sourceId: e, column: '综合', sort: 1 },
          { title: '日一评论', sourceId: b, column: '综合', sort: 2 },
          { title: '周刊自有', sourceId: existing, column: '要闻', sort: 1 },
          { title: '日二直传', sourceId: direct.body.id, column: '要闻', sort: 2 },
          { title: '日刊中改过的标题', sourceId: a, column: '要闻', sort: 3 },
          { title: '日一要闻二', sourceId: c, column: '要闻', sort: 4 },
        ]);
        void [cc, cb, ce];
        // pushing again copies nothing: every source is present
        expect((await push({ weeklyId: weekly.journalId, dailyIds: [d1.journalId, d2.journalId] })).body).toEqual({ count: 0 });
        // errors
        expectError(await push({ weeklyId: d1.journalId, dailyIds: [d2.journalId] }), 400, '只能同步到周刊');
        expectError(await push({ weeklyId: weekly.journalId, dailyIds: [d1.journalId, 999999] }), 404, '期刊不存在');
        expectError(await push({ weeklyId: 999999, dailyIds: [d1.journalId] }), 404, '期刊不存在');
        expectError(await push({ weeklyId: weekly.journalId, dailyIds: [] }), 400, '请选择日刊');
        expectError(await push({ dailyIds: [d1.journalId] }), 400, '周刊 id 不能为空');
        await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [weekly.journalId]);
        expectError(await push({ weeklyId: weekly.journalId, dailyIds: [d1.journalId] }), 409, DONE, 'JOURNAL_DONE');
      } finally {
        await db.query('UPDATE product_setting SET is_weekly = false');
      }
    });
  });

  describe('deleting a journal', () => {
    it('deletes its copies and the files only they held; sources and other journals keep theirs', async () => {
      const w = await world();
      const keep = await insertJournal(db, { productId: w.productId, journalNo: ++seq });
      const a = await poolManuscript(w.productId, w.col.news, '源稿');
      const [copy] = await pick(w.journalId, w.col.news, [a]);
      const [kept] = await pick(keep, w.col.news, [a]);
      const direct = await upload('uploadManu', fields(w), { data: await docx('直传'), name: '直传.docx' });
      const version = await upload('uploadManu', { manuId: String(copy) }, { data: await docx('新版'), name: '新版.docx' });
      const res = await as(editor).del('/api/productJournal', [w.journalId]);
      expect(res.status).toBe(200);
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE journal_id = $1', [w.journalId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM manuscript_file WHERE manuscript_id = ANY($1::int[])', [[copy, direct.body.id]])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM sys_file WHERE id = ANY($1::int[])', [[direct.body.file.id, version.body.file.id]])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE id = ANY($1::int[])', [[a, kept]])).toBe(2);
      // a done journal is still refused whole, its copies kept
      await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [keep]);
      expectError(await as(editor).del('/api/productJournal', [keep]), 409, '已完成的期刊不能删除');
      expect(await count('SELECT count(*)::int AS n FROM manuscript WHERE journal_id = $1', [keep])).toBe(1);
    });
  });
});

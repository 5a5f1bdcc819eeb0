import { Document, Packer, Paragraph } from 'docx';
import { DataSource } from 'typeorm';
import { formatDateTime } from '../src/common/time/time';
import { insertJournal, insertProduct, insertRow, insertRows } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The journal editing workbench (issue 14, docs/workbench-api.md): picking pool manuscripts into a
 * journal as copies, `info` with its columns, order, the edit form, review and weekly flags, deletion,
 * the access rules (permission, product ownership, done journals). Uploads, versions, the weekly push
 * and journal deletion are in workbench-uploads.e2e-spec.ts.
 *
 * Seeded users: editor (期刊编辑部, holds productJournal:manu) owns the products of 期刊编辑部;
 * translator holds no productJournal permission; `outsider` holds the 编辑 role in 国际新闻部.
 */
describe('journal workbench (api/productManuscript, api/productJournal/info)', () => {
  let t: TestApp;
  let db: DataSource;
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
  const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];

  interface World {
    productId: number;
    journalId: number;
    /** 专题 (sort 0), 要闻 (1), 评论 (2), 停用 (3, disabled). */
    col: { top: number; news: number; comment: number; off: number };
  }

  /** A product of 期刊编辑部 with four columns and a journal in edit. */
  const world = async (): Promise<World> => {
    const productId = await insertProduct(db, { name: `工作台产品${++seq}`, deptId: dept['期刊编辑部'], period: 'daily', type: '1', contentType: '2' });
    const [top, news, comment, off] = await insertRows(db, 'product_column', [
      { productId, name: '专题', sort: 0, status: true },
      { productId, name: '要闻', sort: 1, status: true },
      { productId, name: '评论', sort: 2, status: true },
      { productId, name: '停用', sort: 3, status: false },
    ]);
    const journalId = await insertJournal(db, { productId, journalNo: ++seq });
    return { productId, journalId, col: { top, news, comment, off } };
  };

  /** A submitted (pool) manuscript of the translator's unit in `columnId`; dynamic unless `content` is null. */
  const poolManuscript = async (productId: number, columnId: number, title: string, content: string | null = `<p>${title}正文</p>`): Promise<number> => {
    const id = await insertRow(db, 'manuscript', {
      title,
      content,
      abstracts: `${title}摘要`,
      firstAuthor: '编译部',
      authorIds: `${user.reviewer},${user.editor}`,
      deptId: dept['编译部'],
      productId,
      createById: user.translator,
      createBy: 'translator',
      newsId: 4242,
    });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };

  const pick = (journalId: number, columnId: number, manuIds: unknown, token = editor) => as(token).post('/api/productManuscript', { journalId, columnId, manuIds });
  const info = async (journalId: number, token = editor) => {
    const res = await as(token).get(`/api/productJournal/info?journalId=${journalId}`);
    expect(res.status).toBe(200);
    return res.body as { columns: Array<{ id: number; name: string; sort: number; status: boolean; manuList: Array<Record<string, unknown> & { id: number; sort: number }> }> } & Record<string, unknown>;
  };
  /** The copies of each shown column: `{columnName: [copy ids]}` in order. */
  const layout = async (journalId: number) => Object.fromEntries((await info(journalId)).columns.map((c) => [c.name, c.manuList.map((m) => m.id)]));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    nobody = await t.loginWithoutRoles('benchless');
    const roles = (await db.query("SELECT id, name FROM sys_role WHERE name IN ('编辑', '普通用户')")) as Array<{ id: number; name: string }>;
    await t.createUser({ username: 'outsider', nickName: '外部编辑', enabled: true, dept: { id: dept['国际新闻部'] }, roles: roles.map((r) => ({ id: r.id })) }, admin);
    outsider = await t.login('outsider');
  });
  afterAll(() => t.close());

  describe('picking (copies) and info', () => {
    it('copies in the given order at the end of the column, skipping sources already in the journal', async () => {
      const w = await world();
      const [a, b, c] = [await poolManuscript(w.productId, w.col.news, '甲'), await poolManuscript(w.productId, w.col.news, '乙'), await poolManuscript(w.productId, w.col.comment, '丙')];
      const first = await pick(w.journalId, w.col.news, [b, a]);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ count: 2, ids: [expect.any(Number), expect.any(Number)] });
      const [cb, ca] = first.body.ids as number[];
      // a is already in the journal (not counted), c is new; repeats in one call count once
      const second = await pick(w.journalId, w.col.news, [a, c, c]);
      expect(second.status).toBe(201);
      expect(second.body).toEqual({ count: 1, ids: [expect.any(Number)] });
      const [cc] = second.body.ids as number[];
      // a source already in another column of the journal is skipped too
      expect((await pick(w.journalId, w.col.comment, [a])).body).toEqual({ count: 0, ids: [] });
      const rows = (await db.query('SELECT id, source_id AS "sourceId", sort FROM manuscript WHERE journal_id = $1 ORDER BY sort', [w.journalId])) as Array<{ id: number; sourceId: number; sort: number }>;
      expect(rows).toEqual([
        { id: cb, sourceId: b, sort: 1 },
        { id: ca, sourceId: a, sort: 2 },
        { id: cc, sourceId: c, sort: 3 },
      ]);
      expect(await layout(w.journalId)).toEqual({ 专题: [], 要闻: [cb, ca, cc], 评论: [] });
    });

    it('a copy has its own id, the source, column, product and journal; the wire shape of the contract', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '形状稿');
      const [id] = (await pick(w.journalId, w.col.comment, [a])).body.ids as number[];
      const source = await one<{ createTime: Date }>('SELECT create_time AS "createTime" FROM manuscript WHERE id = $1', [a]);
      const { columns, ...journal } = await info(w.journalId);
      expect(journal).toMatchObject({ id: w.journalId, productId: w.productId, canEdit: true, files: [] });
      const copy = columns.find((col) => col.id === w.col.comment)!.manuList[0];
      expect(Object.keys(copy).sort()).toEqual(
        [
          'abstractEdit', 'abstractOrigin', 'authorIds', 'authors', 'contentType', 'country', 'createTime', 'dept', 'domainType', 'file', 'firstAuthor', 'id', 'isCheck',
          'isExamine', 'journal', 'memo', 'product', 'productColumn', 'sort', 'sourceManu', 'submitBy', 'submitTime', 'title', 'type', 'updateTime', 'version',
        ].sort(),
      );
      expect(copy).toEqual({
        id,
        title: '形状稿',
        memo: null,
        type: 'dynamic',
        contentType: null,
        domainType: null,
        country: null,
        abstractOrigin: '形状稿摘要',
        abstractEdit: null,
        firstAuthor: '编译部',
        authorIds: `${user.reviewer},${user.editor}`,
        authors: [
          { id: user.reviewer, username: 'reviewer', nickName: '王审校' },
          { id: user.editor, username: 'editor', nickName: '张编辑' },
        ],
        dept: { id: dept['编译部'], name: '编译部' },
        productColumn: { id: w.col.comment, name: '评论' },
        product: { id: w.productId, name: expect.stringMatching(/^工作台产品/) },
        journal: { id: w.journalId },
        sourceManu: { id: a, newsId: 4242 },
        isExamine: false,
        isCheck: false,
        sort: 1,
        version: 0,
        file: null,
        submitBy: { id: user.translator, username: 'translator' },
        submitTime: formatDateTime(source.createTime),
        createTime: expect.stringMatching(TIME),
        updateTime: expect.stringMatching(TIME),
      });
      expect(id).not.toBe(a);
    });

    it('info: enabled columns by sort, then disabled columns that hold copies; copies by sort then id', async () => {
      const w = await world();
      const [a, b, c] = [await poolManuscript(w.productId, w.col.top, '一'), await poolManuscript(w.productId, w.col.top, '二'), await poolManuscript(w.productId, w.col.news, '三')];
      const [ca] = (await pick(w.journalId, w.col.top, [a])).body.ids as number[];
      const [cb, cc] = (await pick(w.journalId, w.col.news, [b, c])).body.ids as number[];
      // equal sorts fall back to the id
      await db.query('UPDATE manuscript SET sort = 5 WHERE id = ANY($1::int[])', [[cb, cc]]);
      expect((await info(w.journalId)).columns.map((c) => [c.name, c.sort, c.status])).toEqual([
        ['专题', 0, true],
        ['要闻', 1, true],
        ['评论', 2, true],
      ]);
      // 专题 disabled while it holds a copy: it moves after the enabled ones; 停用 (empty) stays hidden
      await db.query('UPDATE product_column SET status = false WHERE id = $1', [w.col.top]);
      expect(await layout(w.journalId)).toEqual({ 要闻: [cb, cc], 评论: [], 专题: [ca] });
      expect((await info(w.journalId)).columns.map((c) => c.name)).toEqual(['要闻', '评论', '专题']);
      // info's errors stay the journal module's
      expectError(await as(editor).get('/api/productJournal/info?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/productJournal/info'), 400, '期刊 id 不能为空');
    });

    it('answers 400 / 404 for what cannot be picked, and nothing is copied', async () => {
      const w = await world();
      const other = await world();
      const a = await poolManuscript(w.productId, w.col.news, '本产品');
      const foreign = await poolManuscript(other.productId, other.col.news, '外产品');
      const [copy] = (await pick(other.journalId, other.col.news, [foreign])).body.ids as number[];
      expectError(await pick(w.journalId, w.col.news, [a, foreign]), 400, '稿件不属于该期刊的产品');
      expectError(await pick(w.journalId, other.col.news, [a]), 400, '请选择投稿栏目');
      expectError(await pick(w.journalId, w.col.off, [a]), 400, '请选择投稿栏目');
      expectError(await pick(w.journalId, w.col.news, [a, 999999]), 404, '稿件不存在');
      expectError(await pick(w.journalId, w.col.news, [copy]), 404, '稿件不存在');
      expectError(await pick(999999, w.col.news, [a]), 404, '期刊不存在');
      expectError(await pick(w.journalId, w.col.news, []), 400, '请选择稿件');
      expectError(await as(editor).post('/api/productManuscript', { columnId: w.col.news, manuIds: [a] }), 400, '期刊 id 不能为空');
      expectError(await as(editor).post('/api/productManuscript', { journalId: w.journalId, manuIds: [a] }), 400, '请选择投稿栏目');
      expectError(await pick(w.journalId, w.col.news, ['x']), 400, '稿件 id 必须是正整数');
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM manuscript WHERE journal_id = $1', [w.journalId])).n).toBe(0);
    });
  });

  describe('the pool', () => {
    it('lists the product’s submitted manuscripts (not copies), inJournal for those picked, 15 a page by default', async () => {
      const w = await world();
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) ids.push(await poolManuscript(w.productId, i < 10 ? w.col.news : w.col.comment, `池${i}`));
      await pick(w.journalId, w.col.news, [ids[0], ids[15]]);
      const res = await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&journalId=${w.journalId}`);
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(16);
      expect(res.body.content).toHaveLength(15);
      // newest first (createTime desc, then id desc)
      expect(res.body.content[0]).toMatchObject({ id: ids[15], title: '池15', inJournal: true, journal: null, columns: [{ id: w.col.comment, name: '评论' }] });
      expect(res.body.content.find((m: { id: number }) => m.id === ids[1]).inJournal).toBe(false);
      const all = await as(editor).get(`/api/productManuscript/list?journalId=${w.journalId}&size=100&sort=id,asc`);
      expect(all.body.content.map((m: { id: number }) => m.id)).toEqual(ids);
      expect(all.body.content.filter((m: { inJournal: boolean }) => m.inJournal).map((m: { id: number }) => m.id)).toEqual([ids[0], ids[15]]);
      const column = await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&columnId=${w.col.comment}&size=100`);
      expect(column.body.totalElements).toBe(6);
      expect(column.body.content.every((m: { inJournal: boolean }) => m.inJournal === false)).toBe(true);
      const titled = await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&title=${encodeURIComponent('池1')}&size=100`);
      expect(titled.body.totalElements).toBe(7);
      expectError(await as(editor).get('/api/productManuscript/list'), 400, '请选择产品');
      expectError(await as(editor).get('/api/productManuscript/list?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&sort=nope,asc`), 400);
    });
  });

  describe('copies are independent of their source', () => {
    it('editing a copy leaves the source; manuscript management still lists the source, never the copy', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '原标题');
      const [copy] = (await pick(w.journalId, w.col.news, [a])).body.ids as number[];
      const edit = await as(editor).put('/api/productManuscript', {
        id: copy,
        title: '编辑后标题',
        memo: '编辑备注',
        firstAuthor: '编辑部',
        authorIds: `${user.editor}`,
        abstractEdit: '编辑摘要',
        abstracts: '投稿摘要不可改',
        contentType: 'news',
        country: 'US',
      });
      expect(edit.status).toBe(204);
      const [shown] = (await info(w.journalId)).columns.find((c) => c.id === w.col.news)!.manuList;
      expect(shown).toMatchObject({ id: copy, title: '编辑后标题', memo: '编辑备注', firstAuthor: '编辑部', authorIds: `${user.editor}`, abstractEdit: '编辑摘要', abstractOrigin: '原标题摘要', contentType: 'news', country: 'US', domainType: null });
      const source = await one<Record<string, unknown>>('SELECT title, memo, first_author AS "firstAuthor", abstracts, abstract_edit AS "abstractEdit" FROM manuscript WHERE id = $1', [a]);
      expect(source).toEqual({ title: '原标题', memo: null, firstAuthor: '编译部', abstracts: '原标题摘要', abstractEdit: null });
      const managed = await as(editor).get(`/api/manuscript?tab=all&productId=${w.productId}&size=100`);
      expect(managed.status).toBe(200);
      expect(managed.body.content.map((m: { id: number }) => m.id)).toEqual([a]);
      // omitted optional fields keep their value, blank ones are cleared
      expect((await as(editor).put('/api/productManuscript', { id: copy, firstAuthor: '编辑部', authorIds: `${user.editor}`, memo: '' })).status).toBe(204);
      expect(await one('SELECT title, memo, abstract_edit AS "abstractEdit" FROM manuscript WHERE id = $1', [copy])).toEqual({ title: '编辑后标题', memo: null, abstractEdit: '编辑摘要' });
    });

    it('the edit form answers the spec’s messages; only copies are edited', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '校验稿');
      const [copy] = (await pick(w.journalId, w.col.news, [a])).body.ids as number[];
      const body = { id: copy, title: '标题', firstAuthor: '编辑部', authorIds: `${user.editor}` };
      expectError(await as(editor).put('/api/productManuscript', { ...body, firstAuthor: '' }), 400, '供稿为必填项');
      expectError(await as(editor).put('/api/productManuscript', { ...body, authorIds: '' }), 400, '审稿为必填项');
      expectError(await as(editor).put('/api/productManuscript', { ...body, title: '  ' }), 400, '稿件标题为必填项');
      expectError(await as(editor).put('/api/productManuscript', { ...body, authorIds: '999999' }), 400, '审稿人不存在');
      expectError(await as(editor).put('/api/productManuscript', { ...body, id: a }), 404, '稿件不存在');
      expectError(await as(editor).put('/api/productManuscript', { ...body, id: 999999 }), 404, '稿件不存在');
      expect((await one<{ title: string }>('SELECT title FROM manuscript WHERE id = $1', [copy])).title).toBe('校验稿');
    });

    it('editTitleAndMemo and setExamine answer the copy', async () => {
      const w = await world();
      const [copy] = (await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, '旧')])).body.ids as number[];
      const renamed = await as(editor).post('/api/productManuscript/editTitleAndMemo', { id: copy, title: '新标题', memo: '新备注' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: copy, title: '新标题', memo: '新备注' });
      expectError(await as(editor).post('/api/productManuscript/editTitleAndMemo', { id: copy, title: '' }), 400, '稿件标题为必填项');
      const examined = await as(editor).post('/api/productManuscript/setExamine', { id: copy, isExamine: true });
      expect(examined.status).toBe(200);
      expect(examined.body).toMatchObject({ id: copy, isExamine: true });
      expect((await as(editor).post('/api/productManuscript/setExamine', { id: copy, isExamine: 'false' })).body.isExamine).toBe(false);
      expectError(await as(editor).post('/api/productManuscript/setExamine', { id: copy, isExamine: 'maybe' }), 400, 'isExamine必须是 true 或 false');
      expectError(await as(editor).post('/api/productManuscript/setExamine', { id: 999999, isExamine: true }), 404, '稿件不存在');
    });

    it('changeCheck selects a copy of the weekly only', async () => {
      const w = await world();
      const [copy] = (await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, '日刊稿')])).body.ids as number[];
      expectError(await as(editor).get(`/api/productManuscript/changeCheck?id=${copy}&isCheck=true`), 400, '只有周刊可以选稿');
      const weekly = await world();
      await db.query('UPDATE product_setting SET is_weekly = (id = $1)', [weekly.productId]);
      try {
        const [weeklyCopy] = (await pick(weekly.journalId, weekly.col.news, [await poolManuscript(weekly.productId, weekly.col.news, '周刊稿')])).body.ids as number[];
        const res = await as(editor).get(`/api/productManuscript/changeCheck?id=${weeklyCopy}&isCheck=true`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: weeklyCopy, isCheck: true });
        expect((await as(editor).get(`/api/productManuscript/changeCheck?id=${weeklyCopy}&isCheck=false`)).body.isCheck).toBe(false);
        expectError(await as(editor).get(`/api/productManuscript/changeCheck?id=${weeklyCopy}`), 400, 'isCheck必须是 true 或 false');
        // it writes: one operation-log row per call
        const logged = await one<{ n: number }>("SELECT count(*)::int AS n FROM sys_log WHERE description = '周刊选稿'");
        expect(logged.n).toBeGreaterThanOrEqual(3);
      } finally {
        await db.query('UPDATE product_setting SET is_weekly = false');
      }
    });
  });

  describe('order and deletion', () => {
    it('saveSort writes the column’s order; ids that are not exactly the column’s copies → 409 SORT_STALE', async () => {
      const w = await world();
      const ids = (await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, 'A'), await poolManuscript(w.productId, w.col.news, 'B'), await poolManuscript(w.productId, w.col.news, 'C')])).body.ids as number[];
      const [other] = (await pick(w.journalId, w.col.comment, [await poolManuscript(w.productId, w.col.comment, 'D')])).body.ids as number[];
      const sort = (list: unknown) => as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news, ids: list });
      const res = await sort([ids[2], ids[0], ids[1]]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 3 });
      expect(await layout(w.journalId)).toEqual({ 专题: [], 要闻: [ids[2], ids[0], ids[1]], 评论: [other] });
      for (const stale of [[ids[2], ids[0]], [...ids, other], [ids[0], ids[0], ids[1]], [ids[0], ids[1], 999999]]) {
        expectError(await sort(stale), 409, '稿件顺序已变化，请刷新后重试', 'SORT_STALE');
      }
      expect(await layout(w.journalId)).toEqual({ 专题: [], 要闻: [ids[2], ids[0], ids[1]], 评论: [other] });
      // an empty column sorts to nothing
      expect((await as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.top, ids: [] })).body).toEqual({ count: 0 });
      expectError(await as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news }), 400, '稿件 id 不能为空');
      // a picked copy goes after the saved order
      const [late] = (await pick(w.journalId, w.col.news, [await poolManuscript(w.productId, w.col.news, 'E')])).body.ids as number[];
      expect((await layout(w.journalId))['要闻']).toEqual([ids[2], ids[0], ids[1], late]);
    });

    it('deletes copies only: a pool id is 404 and nothing goes; the source stays', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '留源');
      const b = await poolManuscript(w.productId, w.col.news, '另一');
      const [ca, cb] = (await pick(w.journalId, w.col.news, [a, b])).body.ids as number[];
      expectError(await as(editor).del('/api/productManuscript', [ca, a]), 404, '稿件不存在');
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM manuscript WHERE id = ANY($1::int[])', [[ca, a]])).n).toBe(2);
      const res = await as(editor).del('/api/productManuscript/', [ca]);
      expect(res.status).toBe(200);
      expect(await layout(w.journalId)).toEqual({ 专题: [], 要闻: [cb], 评论: [] });
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM manuscript WHERE id = $1', [a])).n).toBe(1);
      expectError(await as(editor).del('/api/productManuscript', [ca]), 404, '稿件不存在');
      expectError(await as(editor).del('/api/productManuscript', []), 400, '请选择要操作的数据（id 数组）');
      // the source can be picked again
      expect((await pick(w.journalId, w.col.news, [a])).body.count).toBe(1);
    });
  });

  describe('access', () => {
    it('answers 401 without a session on every call', async () => {
      const calls = [
        t.http().get('/api/productJournal/info?journalId=1'),
        t.http().get('/api/productManuscript/list?productId=1'),
        t.http().get('/api/productManuscript/versions?id=1'),
        t.http().post('/api/productManuscript').send({ journalId: 1, columnId: 1, manuIds: [1] }),
        t.http().post('/api/productManuscript/saveSort').send({ journalId: 1, columnId: 1, ids: [] }),
        t.http().put('/api/productManuscript').send({ id: 1 }),
        t.http().post('/api/productManuscript/editTitleAndMemo').send({ id: 1, title: 'x' }),
        t.http().post('/api/productManuscript/setExamine').send({ id: 1, isExamine: true }),
        t.http().get('/api/productManuscript/changeCheck?id=1&isCheck=true'),
        t.http().delete('/api/productManuscript').send([1]),
        t.http().delete('/api/productManuscript/versions').send({ id: 1, version: 2 }),
        t.http().post('/api/productManuscript/uploadManu').field('journalId', '1'),
        t.http().post('/api/productManuscript/uploadManuAndManu').field('journalId', '1'),
        t.http().post('/api/productJournal/pushDailyToWeekly').send({ weeklyId: 1, dailyIds: [2] }),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 401, '登录状态已过期，请重新登录');
    });

    it('answers 403 without the permission (productJournal:manu; info: productJournal:list), and changes nothing', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '权限稿');
      const [copy] = (await pick(w.journalId, w.col.news, [a])).body.ids as number[];
      const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] }));
      for (const token of [translator, nobody]) {
        const calls = [
          as(token).get(`/api/productJournal/info?journalId=${w.journalId}`),
          as(token).get(`/api/productManuscript/list?productId=${w.productId}`),
          as(token).get(`/api/productManuscript/versions?id=${copy}`),
          pick(w.journalId, w.col.news, [a], token),
          as(token).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news, ids: [copy] }),
          as(token).put('/api/productManuscript', { id: copy, title: '越权', firstAuthor: 'x', authorIds: `${user.editor}` }),
          as(token).post('/api/productManuscript/editTitleAndMemo', { id: copy, title: '越权' }),
          as(token).post('/api/productManuscript/setExamine', { id: copy, isExamine: true }),
          as(token).get(`/api/productManuscript/changeCheck?id=${copy}&isCheck=true`),
          as(token).del('/api/productManuscript', [copy]),
          as(token).del('/api/productManuscript/versions', { id: copy, version: 2 }),
          t.http().post('/api/productManuscript/uploadManu').set('Authorization', bearer(token)).field('manuId', String(copy)).attach('file', docx, 'x.docx'),
          t.http().post('/api/productManuscript/uploadManuAndManu').set('Authorization', bearer(token)).field('journalId', String(w.journalId)).attach('file', docx, 'x.docx'),
          as(token).post('/api/productJournal/pushDailyToWeekly', { weeklyId: w.journalId, dailyIds: [w.journalId] }),
        ];
        for (const res of await Promise.all(calls)) expectError(res, 403, FORBIDDEN);
      }
      expect(await one('SELECT title, is_examine AS "isExamine" FROM manuscript WHERE id = $1', [copy])).toEqual({ title: '权限稿', isExamine: false });
    });

    it('a holder of the permission who does not own the product reads but gets 403 PRODUCT_NOT_OWNED on every write', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '他人产品稿');
      const b = await poolManuscript(w.productId, w.col.news, '待选稿');
      const [copy] = (await pick(w.journalId, w.col.news, [a])).body.ids as number[];
      const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] }));
      const files = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM sys_file')).n;
      const before = await files();
      expect((await as(outsider).get(`/api/productJournal/info?journalId=${w.journalId}`)).body.canEdit).toBe(false);
      expect((await as(outsider).get(`/api/productManuscript/list?productId=${w.productId}`)).status).toBe(200);
      expect((await as(outsider).get(`/api/productManuscript/versions?id=${copy}`)).status).toBe(200);
      const writes = [
        pick(w.journalId, w.col.news, [b], outsider),
        as(outsider).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news, ids: [copy] }),
        as(outsider).put('/api/productManuscript', { id: copy, title: '越权', firstAuthor: 'x', authorIds: `${user.editor}` }),
        as(outsider).post('/api/productManuscript/editTitleAndMemo', { id: copy, title: '越权' }),
        as(outsider).post('/api/productManuscript/setExamine', { id: copy, isExamine: true }),
        as(outsider).get(`/api/productManuscript/changeCheck?id=${copy}&isCheck=true`),
        as(outsider).del('/api/productManuscript', [copy]),
        as(outsider).del('/api/productManuscript/versions', { id: copy, version: 2 }),
        t.http().post('/api/productManuscript/uploadManu').set('Authorization', bearer(outsider)).field('manuId', String(copy)).attach('file', docx, 'x.docx'),
        t
          .http()
          .post('/api/productManuscript/uploadManuAndManu')
          .set('Authorization', bearer(outsider))
          .field('journalId', String(w.journalId))
          .field('columnId', String(w.col.news))
          .field('title', '越权上传')
          .field('firstAuthor', '外部')
          .field('deptId', String(dept['国际新闻部']))
          .attach('file', docx, 'x.docx'),
        as(outsider).post('/api/productJournal/pushDailyToWeekly', { weeklyId: w.journalId, dailyIds: [w.journalId] }),
      ];
      for (const res of await Promise.all(writes)) expectError(res, 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
      expect(await one('SELECT title, is_examine AS "isExamine" FROM manuscript WHERE id = $1', [copy])).toEqual({ title: '他人产品稿', isExamine: false });
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM manuscript WHERE journal_id = $1', [w.journalId])).n).toBe(1);
      // refused uploads leave no stored file
      expect(await files()).toBe(before);
      // the admin owns every product
      expect((await pick(w.journalId, w.col.news, [b], admin)).status).toBe(201);
    });

    it('a done journal refuses every editing call with 409 JOURNAL_DONE; reads still answer', async () => {
      const w = await world();
      const a = await poolManuscript(w.productId, w.col.news, '定稿前');
      const b = await poolManuscript(w.productId, w.col.news, '定稿后');
      const [copy] = (await pick(w.journalId, w.col.news, [a])).body.ids as number[];
      await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
      const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] }));
      const writes = [
        pick(w.journalId, w.col.news, [b]),
        as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.col.news, ids: [copy] }),
        as(editor).put('/api/productManuscript', { id: copy, title: '定稿后改', firstAuthor: 'x', authorIds: `${user.editor}` }),
        as(editor).post('/api/productManuscript/editTitleAndMemo', { id: copy, title: '定稿后改' }),
        as(editor).post('/api/productManuscript/setExamine', { id: copy, isExamine: true }),
        as(editor).get(`/api/productManuscript/changeCheck?id=${copy}&isCheck=true`),
        as(editor).del('/api/productManuscript', [copy]),
        as(editor).del('/api/productManuscript/versions', { id: copy, version: 2 }),
        t.http().post('/api/productManuscript/uploadManu').set('Authorization', bearer(editor)).field('manuId', String(copy)).attach('file', docx, 'x.docx'),
        t
          .http()
          .post('/api/productManuscript/uploadManu')
          .set('Authorization', bearer(editor))
          .field('journalId', String(w.journalId))
          .field('columnId', String(w.col.news))
          .field('title', '定稿后上传')
          .field('firstAuthor', '编辑部')
          .field('deptId', String(dept['期刊编辑部']))
          .attach('file', docx, 'x.docx'),
        as(editor).post('/api/productJournal/pushDailyToWeekly', { weeklyId: w.journalId, dailyIds: [w.journalId] }),
      ];
      for (const res of await Promise.all(writes)) expectError(res, 409, DONE, 'JOURNAL_DONE');
      expect(await layout(w.journalId)).toEqual({ 专题: [], 要闻: [copy], 评论: [] });
      expect((await as(editor).get(`/api/productManuscript/list?productId=${w.productId}&journalId=${w.journalId}`)).status).toBe(200);
      expect((await as(editor).get(`/api/productManuscript/versions?id=${copy}`)).status).toBe(200);
    });
  });
});

import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { formatDateTime } from '../src/common/time/time';
import { insertNews, insertProduct as insertProductRow } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Manuscripts (issue 6, docs/production-api.md "Manuscripts"): submission of reviewed news items
 * (one → several columns, batches), the tabbed list, edits, deletion, daily counts, local Word
 * uploads with versions, and the statistics report of `api/productJournal/generateStatistic`.
 *
 * Seeded users: translator (编译部) and reviewer (国际新闻部) share the work department 新闻中心;
 * editor (期刊编辑部) works for 出版中心 and holds manuscript:edit/del/admin; admin for 总部.
 */
describe('manuscripts (api/manuscript, api/productJournal/generateStatistic)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let product: number;
  let otherProduct: number;
  let col: { a: number; b: number; off: number; other: number };
  let seq = 0;

  const send = (r: ReturnType<ReturnType<TestApp['http']>['get']>, token: string | null) => (token ? r.set('Authorization', bearer(token)) : r);
  const post = (path: string, body: unknown, token: string | null) => send(t.http().post(`/api/manuscript${path}`).send(body as object), token);
  const put = (path: string, body: unknown, token: string | null) => send(t.http().put(`/api/manuscript${path}`).send(body as object), token);
  const del = (ids: unknown, token: string | null) => send(t.http().delete('/api/manuscript').send(ids as object), token);
  const get = (path: string, query: object, token: string | null) => send(t.http().get(`/api/manuscript${path}`).query(query), token);
  const list = async (query: object, token: string): Promise<number[]> => {
    const res = await get('', { size: 1000, ...query }, token);
    expect(res.status).toBe(200);
    return res.body.content.map((m: { id: number }) => m.id);
  };

  async function newsItem(titleCn: string | null = null): Promise<number> {
    seq += 1;
    return insertNews(db, { title: `Manuscript test item ${seq}`, titleCn, content: 'Original text.', contentCn: '机器翻译。', country: '美国', language: 'en' });
  }

  const translate = (id: number, status: string, token: string, extra: object = {}) =>
    t.http().post('/api/news/submitTranslate').set('Authorization', bearer(token)).send({ id, deptId: dept['新闻中心'], content: { status, ...extra } });

  /** An item claimed, translated and submitted by translator (left in examine unless reviewed). */
  async function translatedItem(opts: { titleCn?: string | null; text?: string; review?: boolean } = {}): Promise<number> {
    const id = await newsItem(opts.titleCn ?? null);
    expect((await translate(id, 'edit', translator)).status).toBe(200);
    expect((await translate(id, 'examine', translator, { contentTrans: opts.text ?? `<p>人工译文 ${id}</p>` })).status).toBe(200);
    if (opts.review !== false) expect((await translate(id, 'done', reviewer)).status).toBe(200);
    return id;
  }

  const submission = (newsId: number, extra: object = {}) => ({
    newsId,
    productId: product,
    productList: [col.a, col.b],
    firstAuthor: '编译部',
    authorIds: `${user.translator},${user.editor}`,
    abstracts: '报送摘要',
    memo: '报送备注',
    ...extra,
  });

  /** A minimal real Word document. */
  const docx = (text: string) => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    [admin, editor, translator, reviewer] = await Promise.all(['admin', 'editor', 'translator', 'reviewer'].map((u) => t.login(u)));
    nobody = await t.loginWithoutRoles('no-manuscript-roles');
    for (const r of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[r.name] = r.id;
    for (const r of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[r.username] = r.id;
    const insertProduct = (name: string, deptId: number) => insertProductRow(db, { name, deptId, period: null, type: '1', contentType: '2' });
    const insertColumn = async (productId: number, name: string, sort: number, status = true) =>
      Number((await db.query('INSERT INTO product_column (product_id, name, sort, status) VALUES ($1, $2, $3, $4) RETURNING id', [productId, name, sort, status]))[0].id);
    product = await insertProduct('稿件测试周刊', dept['出版中心']);
    otherProduct = await insertProduct('稿件测试日报', dept['出版中心']);
    col = {
      b: await insertColumn(product, '综述', 2),
      a: await insertColumn(product, '要闻', 1),
      off: await insertColumn(product, '停用栏目', 3, false),
      other: await insertColumn(otherProduct, '日报要闻', 1),
    };
  });
  afterAll(() => t.close());

  describe('oneToMany', () => {
    it('submits a reviewed item to two columns with the session identity; listed in my for the submitter and in all for the editor', async () => {
      const newsId = await translatedItem({ titleCn: '美国发布新能源政策', text: '<p>审核后的译文。</p>' });
      const res = await post('/oneToMany', submission(newsId, { createBy: { id: user.admin }, dept: { id: dept['国际新闻部'] } }), reviewer);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: '美国发布新能源政策',
        abstracts: '报送摘要',
        abstractOrigin: '报送摘要',
        memo: '报送备注',
        firstAuthor: '编译部',
        authorIds: `${user.translator},${user.editor}`,
        authors: [
          { id: user.translator, nickName: expect.any(String) },
          { id: user.editor, nickName: expect.any(String) },
        ],
        columns: [
          { id: col.a, name: '要闻' },
          { id: col.b, name: '综述' },
        ],
        productColumn: { id: col.a, name: '要闻' },
        product: { id: product, name: '稿件测试周刊' },
        dept: { id: dept['新闻中心'], name: '新闻中心' },
        createBy: { id: user.reviewer, username: 'reviewer' },
        newsId,
        version: 1,
        type: 'dynamic',
        files: [],
        journal: null,
        country: 'US',
      });
      expect(res.body).not.toHaveProperty('content');
      expect(res.body.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const id = res.body.id as number;
      const [row] = await db.query('SELECT dept_id AS "deptId", create_by_id AS "createById", create_by AS "createBy" FROM manuscript WHERE id = $1', [id]);
      expect(row).toEqual({ deptId: dept['新闻中心'], createById: user.reviewer, createBy: 'reviewer' });

      expect(await list({ tab: 'my' }, reviewer)).toContain(id);
      expect(await list({ tab: 'all' }, editor)).toContain(id);
      expect(await list({ tab: 'all', deptId: dept['总部'] }, editor)).toContain(id);
      expect(await list({ tab: 'all', deptId: dept['新闻中心'] }, editor)).toContain(id);
      expect(await list({ tab: 'all', deptId: dept['出版中心'] }, editor)).not.toContain(id);

      const one = await get(`/${id}`, {}, reviewer);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id, content: '<p>审核后的译文。</p>', type: 'dynamic' });
    });

    it('title: the payload title, else the department Chinese title, else the Chinese title, else the original title', async () => {
      const a = await translatedItem({ titleCn: '中文标题' });
      await db.query('UPDATE news_dept SET title_cn = $1 WHERE news_id = $2 AND dept_id = $3', ['部门中文标题', a, dept['新闻中心']]);
      expect((await post('/oneToMany', submission(a), reviewer)).body.title).toBe('部门中文标题');
      expect((await post('/oneToMany', submission(a, { title: '自拟标题' }), reviewer)).body.title).toBe('自拟标题');
      const b = await translatedItem({ titleCn: null });
      const res = await post('/oneToMany', submission(b), reviewer);
      expect(res.status).toBe(201);
      expect(res.body.title).toMatch(/^Manuscript test item \d+$/);
    });

    it('content is the reviewed version, not a revision being drafted', async () => {
      const newsId = await translatedItem({ text: '<p>已审核的第一版。</p>' });
      const draft = await translate(newsId, 'edit', translator, { contentTrans: '<p>修订中的草稿</p>' });
      expect(draft.body).toMatchObject({ transStatus: 'edit', isProcessed: 'done', contentTrans: '<p>修订中的草稿</p>' });
      const res = await post('/oneToMany', submission(newsId), reviewer);
      expect(res.status).toBe(201);
      expect((await get(`/${res.body.id}`, {}, reviewer)).body.content).toBe('<p>已审核的第一版。</p>');
    });

    it('409 NEWS_NOT_REVIEWED for an item not reviewed in the caller’s work department; 404 for an unknown item', async () => {
      const pending = await translatedItem({ review: false });
      expectError(await post('/oneToMany', submission(pending), reviewer), 409, '只能报送已审核的新闻', 'NEWS_NOT_REVIEWED');
      const untouched = await newsItem('未处理');
      expectError(await post('/oneToMany', submission(untouched), reviewer), 409, '只能报送已审核的新闻', 'NEWS_NOT_REVIEWED');
      // Reviewed in another department only.
      await db.query(`INSERT INTO news_dept (news_id, dept_id, is_processed, content_trans) VALUES ($1, $2, 'done', '别处的译文')`, [untouched, dept['出版中心']]);
      expectError(await post('/oneToMany', submission(untouched), reviewer), 409, '只能报送已审核的新闻', 'NEWS_NOT_REVIEWED');
      expectError(await post('/oneToMany', submission(987654321), reviewer), 404, '新闻不存在');
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM manuscript WHERE news_id = ANY($1::bigint[])', [[pending, untouched]]);
      expect(n).toBe(0);
    });

    it('400 with each contract message, 404 for an unknown product', async () => {
      const id = await translatedItem();
      const cases: Array<[object, string]> = [
        [{ productId: undefined }, '请选择产品'],
        [{ productId: '' }, '请选择产品'],
        [{ productList: [] }, '请选择投稿栏目'],
        [{ productList: [col.other] }, '请选择投稿栏目'],
        [{ productList: [col.a, col.off] }, '请选择投稿栏目'],
        [{ productList: [99999] }, '请选择投稿栏目'],
        [{ firstAuthor: ' ' }, '供稿为必填项'],
        [{ authorIds: '' }, '审稿为必填项'],
        [{ authorIds: [] }, '审稿为必填项'],
        [{ abstracts: '' }, '稿件摘要为必填项'],
        [{ authorIds: '999999' }, '审稿人不存在'],
      ];
      for (const [extra, message] of cases) expect([extra, (await post('/oneToMany', submission(id, extra), reviewer)).body.message]).toEqual([extra, message]);
      expectError(await post('/oneToMany', submission(id, { productId: 999999 }), reviewer), 404, '产品不存在');
    });

    it('401 without a session, 403 without news:push, 403 for another department; the own department is accepted', async () => {
      const id = await translatedItem();
      expect((await post('/oneToMany', submission(id), null)).status).toBe(401);
      expect((await post('/oneToMany', submission(id), translator)).status).toBe(403);
      expect((await post('/oneToMany', submission(id), nobody)).status).toBe(403);
      expectError(await post('/oneToMany', submission(id, { deptId: dept['出版中心'] }), reviewer), 403, '只能以本部门名义投稿');
      const own = await post('/oneToMany', submission(id, { deptId: dept['国际新闻部'] }), reviewer);
      expect(own.status).toBe(201);
      expect(own.body.dept.id).toBe(dept['新闻中心']);
      expect((await post('/oneToMany', submission(id, { deptId: dept['新闻中心'] }), reviewer)).status).toBe(201);
    });
  });

  describe('the spec submission payload (product: {id}, dept: {id}, createBy: {id}, content)', () => {
    /** news-tracking §3 "Manuscript submission", field for field. */
    const specPayload = (newsId: number, extra: object = {}) => ({
      newsId,
      product: { id: product },
      title: '规范载荷标题',
      content: '<p>客户端带来的正文</p>',
      memo: '规范载荷备注',
      firstAuthor: '编译部',
      authorIds: `${user.translator}`,
      abstracts: '规范载荷摘要',
      createBy: { id: user.reviewer },
      dept: { id: dept['国际新闻部'] },
      productList: [col.a],
      ...extra,
    });

    it('oneToMany takes it (201): product from the stub; submitter and department from the session; content is the reviewed translation', async () => {
      const newsId = await translatedItem({ text: '<p>审核通过的译文。</p>' });
      const res = await post('/oneToMany', specPayload(newsId), reviewer);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: '规范载荷标题',
        memo: '规范载荷备注',
        abstracts: '规范载荷摘要',
        product: { id: product, name: '稿件测试周刊' },
        columns: [{ id: col.a, name: '要闻' }],
        dept: { id: dept['新闻中心'], name: '新闻中心' },
        createBy: { id: user.reviewer, username: 'reviewer' },
        newsId,
      });
      expect((await get(`/${res.body.id}`, {}, reviewer)).body.content).toBe('<p>审核通过的译文。</p>');
    });

    it('createBy never changes who submitted; a dept stub follows the deptId rule (own or work department, else 403)', async () => {
      const newsId = await translatedItem();
      const asAdmin = await post('/oneToMany', specPayload(newsId, { createBy: { id: user.admin, username: 'admin' } }), reviewer);
      expect(asAdmin.status).toBe(201);
      expect(asAdmin.body.createBy).toEqual({ id: user.reviewer, username: 'reviewer', nickName: expect.any(String) });
      const [row] = await db.query('SELECT create_by_id AS "createById", create_by AS "createBy" FROM manuscript WHERE id = $1', [asAdmin.body.id]);
      expect(row).toEqual({ createById: user.reviewer, createBy: 'reviewer' });
      expectError(await post('/oneToMany', specPayload(newsId, { dept: { id: dept['出版中心'] } }), reviewer), 403, '只能以本部门名义投稿');
      expect((await post('/oneToMany', specPayload(newsId, { dept: { id: dept['新闻中心'] } }), reviewer)).body.dept.id).toBe(dept['新闻中心']);
      expect((await post('/oneToMany', specPayload(newsId, { dept: null }), reviewer)).status).toBe(201);
    });

    it('the product stub answers the same messages as productId; the flat productId wins when both are sent', async () => {
      const newsId = await translatedItem();
      const cases: Array<[object, number, string]> = [
        [{ product: {} }, 400, '请选择产品'],
        [{ product: { id: null } }, 400, '请选择产品'],
        [{ product: { id: 'x' } }, 400, '请选择产品'],
        [{ product: { id: true } }, 400, '请选择产品'],
        [{ product: null }, 400, '请选择产品'],
        [{ product: { id: 999999 } }, 404, '产品不存在'],
        [{ product: { id: otherProduct } }, 400, '请选择投稿栏目'],
      ];
      for (const [extra, status, message] of cases) {
        const res = await post('/oneToMany', specPayload(newsId, extra), reviewer);
        expect([extra, res.status, res.body.message]).toEqual([extra, status, message]);
      }
      expect((await post('/oneToMany', specPayload(newsId, { product: { id: String(product) } }), reviewer)).status).toBe(201);
      const both = await post('/oneToMany', specPayload(newsId, { productId: otherProduct, product: { id: product }, productList: [col.other] }), reviewer);
      expect([both.status, both.body.product]).toEqual([201, { id: otherProduct, name: '稿件测试日报' }]);
      // (later tests count the manuscripts of otherProduct)
      await db.query('DELETE FROM manuscript WHERE id = $1', [both.body.id]);
    });

    it('manyToMany takes the same stubs', async () => {
      const ids = [await translatedItem({ titleCn: '规范批量一' }), await translatedItem({ titleCn: '规范批量二' })];
      const body = { newsIds: ids, product: { id: product }, productList: [col.b], memo: '批量', firstAuthor: '编译部', authorIds: `${user.translator}`, createBy: { id: user.admin }, dept: { id: dept['国际新闻部'] } };
      const res = await post('/manyToMany', body, reviewer);
      expect([res.status, res.body.count]).toEqual([201, 2]);
      const rows: Array<{ productId: number; deptId: number; createById: number }> = await db.query(
        'SELECT product_id AS "productId", dept_id AS "deptId", create_by_id AS "createById" FROM manuscript WHERE id = ANY($1::int[])',
        [res.body.ids],
      );
      expect(rows).toEqual([
        { productId: product, deptId: dept['新闻中心'], createById: user.reviewer },
        { productId: product, deptId: dept['新闻中心'], createById: user.reviewer },
      ]);
      expectError(await post('/manyToMany', { ...body, product: {} }, reviewer), 400, '请选择产品');
      expectError(await post('/manyToMany', { ...body, dept: { id: dept['技术部'] } }, reviewer), 403, '只能以本部门名义投稿');
    });
  });

  describe('manyToMany', () => {
    it('a batch of three: same columns and memo; abstracts from the department or the translation', async () => {
      const ids = [
        await translatedItem({ titleCn: '批量一', text: '<p>第一条译文。</p>' }),
        await translatedItem({ titleCn: '批量二', text: '第二条译文'.repeat(80) }),
        await translatedItem({ titleCn: '批量三' }),
      ];
      await db.query('UPDATE news_dept SET abstracts = $1 WHERE news_id = $2 AND dept_id = $3', ['部门摘要三', ids[2], dept['新闻中心']]);
      const res = await post('/manyToMany', { newsIds: ids, productId: product, productList: [col.b], memo: '批量备注', firstAuthor: '编译部', authorIds: [user.translator] }, reviewer);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ count: 3, ids: expect.any(Array) });
      const rows: Array<{ id: number; newsId: string; title: string; abstracts: string; memo: string; content: string; deptId: number }> = await db.query(
        `SELECT id, news_id AS "newsId", title, abstracts, memo, content, dept_id AS "deptId" FROM manuscript WHERE id = ANY($1::int[]) ORDER BY id`,
        [res.body.ids],
      );
      expect(rows.map((r) => [Number(r.newsId), r.title, r.memo, r.deptId])).toEqual([
        [ids[0], '批量一', '批量备注', dept['新闻中心']],
        [ids[1], '批量二', '批量备注', dept['新闻中心']],
        [ids[2], '批量三', '批量备注', dept['新闻中心']],
      ]);
      expect(rows[0].abstracts).toBe('第一条译文。');
      expect(rows[1].abstracts).toBe('第二条译文'.repeat(60));
      expect(rows[2].abstracts).toBe('部门摘要三');
      const columns = await db.query('SELECT DISTINCT column_id AS c FROM manuscript_column WHERE manuscript_id = ANY($1::int[])', [res.body.ids]);
      expect(columns).toEqual([{ c: col.b }]);
      const mine = await list({ tab: 'my', productId: product }, reviewer);
      expect(mine).toEqual(expect.arrayContaining(res.body.ids));
    });

    it('all or nothing: one unreviewed item → 409 naming it, nothing created; unknown item → 404', async () => {
      const a = await translatedItem({ titleCn: '已审核甲' });
      const b = await translatedItem({ titleCn: '待审核乙', review: false });
      const c = await translatedItem({ titleCn: '已审核丙' });
      const body = { newsIds: [a, b, c], productId: product, productList: [col.a], firstAuthor: '编译部', authorIds: `${user.translator}` };
      const res = await post('/manyToMany', body, reviewer);
      expectError(res, 409, '只能报送已审核的新闻：《待审核乙》未审核', 'NEWS_NOT_REVIEWED');
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM manuscript WHERE news_id = ANY($1::bigint[])', [[a, b, c]]);
      expect(n).toBe(0);
      expectError(await post('/manyToMany', { ...body, newsIds: [a, 987654321] }, reviewer), 404, '新闻不存在');
      expectError(await post('/manyToMany', { ...body, newsIds: [] }, reviewer), 400, '请选择要报送的新闻');
      expectError(await post('/manyToMany', { ...body, productList: [] }, reviewer), 400, '请选择投稿栏目');
      expect((await post('/manyToMany', body, null)).status).toBe(401);
      expect((await post('/manyToMany', body, translator)).status).toBe(403);
    });
  });

  describe('POST, list tabs, GET', () => {
    let translatorMs: number;
    let editorMs: number;

    beforeAll(async () => {
      const a = await post('', { title: '译者自写稿', abstracts: '自写摘要', content: '<p>正文</p>', firstAuthor: '编译部', authorIds: `${user.reviewer}`, productId: product, productList: [col.a], contentType: '1', country: 'US' }, translator);
      expect(a.status).toBe(201);
      translatorMs = a.body.id;
      expect(a.body).toMatchObject({ title: '译者自写稿', type: 'dynamic', dept: { id: dept['新闻中心'] }, createBy: { id: user.translator, username: 'translator' }, contentType: '1', newsId: null });
      const b = await post('', { title: '编辑部稿件', abstracts: '编辑摘要', firstAuthor: '出版中心', authorIds: `${user.reviewer}`, productId: otherProduct, productList: `${col.other}` }, editor);
      expect(b.status).toBe(201);
      editorMs = b.body.id;
      expect(b.body).toMatchObject({ type: 'upload', dept: { id: dept['出版中心'] }, files: [] });
    });

    it('POST answers the contract messages and permissions', async () => {
      const body = { title: 'x', abstracts: 'y', firstAuthor: 'z', authorIds: `${user.reviewer}`, productId: product, productList: [col.a] };
      expectError(await post('', { ...body, title: '' }, translator), 400, '稿件标题为必填项');
      expectError(await post('', { ...body, abstracts: undefined }, translator), 400, '稿件摘要为必填项');
      expectError(await post('', { ...body, productId: undefined }, translator), 400, '请选择产品');
      expectError(await post('', { ...body, fileId: 999999 }, translator), 400, '文件不存在');
      expect((await post('', body, null)).status).toBe(401);
      expect((await post('', body, nobody)).status).toBe(403);
    });

    it('my = own, dept = the work department, all = manuscript:admin / admin only', async () => {
      expect(await list({}, translator)).toContain(translatorMs);
      expect(await list({ tab: 'my' }, reviewer)).not.toContain(translatorMs);
      expect(await list({ tab: 'dept' }, reviewer)).toContain(translatorMs);
      expect(await list({ tab: 'dept' }, reviewer)).not.toContain(editorMs);
      expect(await list({ tab: 'dept' }, editor)).toEqual(expect.arrayContaining([editorMs]));
      expect(await list({ tab: 'dept' }, editor)).not.toContain(translatorMs);
      expectError(await get('', { tab: 'all' }, translator), 403, '没有权限访问此资源');
      expect(await list({ tab: 'all' }, admin)).toEqual(expect.arrayContaining([translatorMs, editorMs]));
      expectError(await get('', { tab: 'other' }, translator), 400, 'tab 只能是 my、dept 或 all');
      expect((await get('', {}, null)).status).toBe(401);
      expect((await get('', {}, nobody)).status).toBe(403);
    });

    it('filters, sort whitelist and paging', async () => {
      expect(await list({ tab: 'all', title: '自写' }, editor)).toEqual([translatorMs]);
      expect(await list({ tab: 'all', abstracts: '编辑摘要' }, editor)).toEqual([editorMs]);
      expect(await list({ tab: 'all', productId: otherProduct }, editor)).toEqual([editorMs]);
      expect(await list({ tab: 'all', createBy: 'translator', title: '自写' }, editor)).toEqual([translatorMs]);
      expect(await list({ tab: 'all', createBy: String(user.editor) }, editor)).toEqual([editorMs]);
      const paged = await get('', { tab: 'all', size: 1, page: 0, sort: 'id,asc' }, editor);
      expect(paged.status).toBe(200);
      expect(paged.body.content).toHaveLength(1);
      expect(paged.body.totalElements).toBeGreaterThan(3);
      const ids = await list({ tab: 'all', sort: 'createTime,desc' }, editor);
      expect(ids.indexOf(editorMs)).toBeLessThan(ids.indexOf(translatorMs));
      expect((await get('', { sort: 'nope,asc' }, editor)).status).toBe(400);
      // fromNews=1: only manuscripts submitted from news items (动态加工 已报送)
      const fromNews = await list({ tab: 'all', fromNews: '1' }, editor);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM manuscript WHERE news_id IS NOT NULL');
      expect(fromNews.length).toBe(n);
      expect(n).toBeGreaterThan(0);
      expect(fromNews).not.toContain(translatorMs);
      const badFromNews = await get('', { fromNews: '2' }, editor);
      expect(badFromNews.status).toBe(400);
      expect(badFromNews.body.message).toBe('fromNews 只能是 1');
      const far = await get('', { tab: 'all', page: 1e12, size: 1000 }, editor);
      expect(far.status).toBe(200);
      expect(far.body.content).toEqual([]);
    });

    it('GET one: content, 404 稿件不存在, 403 for a manuscript of another department', async () => {
      const one = await get(`/${translatorMs}`, {}, reviewer);
      expect(one.status).toBe(200);
      expect(one.body.content).toBe('<p>正文</p>');
      expectError(await get('/999999', {}, reviewer), 404, '稿件不存在');
      expect((await get(`/${editorMs}`, {}, translator)).status).toBe(403);
      expect((await get(`/${translatorMs}`, {}, editor)).status).toBe(200);
      expect((await get(`/${translatorMs}`, {}, null)).status).toBe(401);
      expect((await get(`/${translatorMs}`, {}, nobody)).status).toBe(403);
      expect((await get('/abc', {}, reviewer)).status).toBe(400);
    });

    it('PUT: manuscript:edit, fields kept when omitted, cleared with null', async () => {
      const res = await put('', { id: translatorMs, title: '改后的标题', firstAuthor: '改后供稿', authorIds: [user.editor], abstractEdit: '编辑加工摘要', memo: null, domainType: '4' }, editor);
      expect(res.status).toBe(204);
      const after = (await get(`/${translatorMs}`, {}, editor)).body;
      expect(after).toMatchObject({ title: '改后的标题', firstAuthor: '改后供稿', authorIds: `${user.editor}`, abstractEdit: '编辑加工摘要', memo: null, domainType: '4', abstracts: '自写摘要', contentType: '1', country: 'US' });
      expect(after.updateTime >= after.createTime).toBe(true);
      expectError(await put('', { id: translatorMs, authorIds: '1' }, editor), 400, '供稿为必填项');
      expectError(await put('', { id: translatorMs, firstAuthor: 'x' }, editor), 400, '审稿为必填项');
      expectError(await put('', { id: translatorMs, firstAuthor: 'x', authorIds: '1', title: ' ' }, editor), 400, '稿件标题为必填项');
      expectError(await put('', { id: 999999, firstAuthor: 'x', authorIds: '1' }, editor), 404, '稿件不存在');
      expect((await put('', { id: translatorMs, firstAuthor: 'x', authorIds: '1' }, translator)).status).toBe(403);
      expect((await put('', { id: translatorMs, firstAuthor: 'x', authorIds: '1' }, null)).status).toBe(401);
    });

    it('updateColumn: replaces the columns with enabled columns of the manuscript’s product', async () => {
      expect((await put('/updateColumn', { id: translatorMs, productList: [col.b, col.a] }, editor)).status).toBe(204);
      const after = (await get(`/${translatorMs}`, {}, editor)).body;
      expect(after.columns).toEqual([
        { id: col.a, name: '要闻' },
        { id: col.b, name: '综述' },
      ]);
      expect((await put('/updateColumn', { id: translatorMs, productList: [col.b] }, editor)).status).toBe(204);
      expect((await get(`/${translatorMs}`, {}, editor)).body.columns).toEqual([{ id: col.b, name: '综述' }]);
      expectError(await put('/updateColumn', { id: translatorMs, productList: [col.other] }, editor), 400, '请选择投稿栏目');
      expectError(await put('/updateColumn', { id: translatorMs, productList: [] }, editor), 400, '请选择投稿栏目');
      expectError(await put('/updateColumn', { id: 999999, productList: [col.a] }, editor), 404, '稿件不存在');
      expect((await put('/updateColumn', { id: translatorMs, productList: [col.a] }, translator)).status).toBe(403);
      expect((await put('/updateColumn', { id: translatorMs, productList: [col.a] }, null)).status).toBe(401);
    });

    it('updateColumn: simultaneous replacements run one after the other (each 204, the columns are one of the lists)', async () => {
      const lists = [[col.a], [col.b], [col.a, col.b], [col.b, col.a]];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(lists.map((productList) => put('/updateColumn', { id: translatorMs, productList }, editor)));
        expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);
        const rows: Array<{ columnId: number }> = await db.query('SELECT column_id AS "columnId" FROM manuscript_column WHERE manuscript_id = $1 ORDER BY column_id', [translatorMs]);
        const got = rows.map((r) => r.columnId);
        expect(lists.map((l) => [...l].sort((x, y) => x - y))).toContainEqual(got);
      }
    });

    it('updateAbstracts: manuscript:edit, or the submitter for their own', async () => {
      expect((await put('/updateAbstracts', { id: translatorMs, abstracts: '译者改摘要' }, translator)).status).toBe(204);
      expect((await get(`/${translatorMs}`, {}, translator)).body.abstracts).toBe('译者改摘要');
      expectError(await put('/updateAbstracts', { id: translatorMs, abstracts: '审校改摘要' }, reviewer), 403, '只能操作自己提交的稿件');
      expect((await put('/updateAbstracts', { id: translatorMs, abstracts: '编辑改摘要' }, editor)).status).toBe(204);
      expect((await get(`/${translatorMs}`, {}, editor)).body.abstractOrigin).toBe('编辑改摘要');
      expectError(await put('/updateAbstracts', { id: translatorMs, abstracts: '' }, editor), 400, '稿件摘要为必填项');
      expectError(await put('/updateAbstracts', { id: 999999, abstracts: 'x' }, editor), 404, '稿件不存在');
      expect((await put('/updateAbstracts', { id: translatorMs, abstracts: 'x' }, nobody)).status).toBe(403);
      expect((await put('/updateAbstracts', { id: translatorMs, abstracts: 'x' }, null)).status).toBe(401);
    });
  });

  describe('DELETE', () => {
    it('manuscript:del deletes any; the submitter only their own; all or nothing', async () => {
      const body = { abstracts: '删', firstAuthor: '删', authorIds: `${user.editor}`, productId: product, productList: [col.a] };
      const mine = (await post('', { ...body, title: '译者的待删稿' }, translator)).body.id as number;
      const theirs = (await post('', { ...body, title: '审校的待删稿' }, reviewer)).body.id as number;
      expectError(await del([mine, theirs], translator), 403, '只能操作自己提交的稿件');
      expect((await get(`/${mine}`, {}, translator)).status).toBe(200);
      expect((await del([mine], translator)).status).toBe(200);
      expectError(await get(`/${mine}`, {}, translator), 404, '稿件不存在');
      expect((await del([theirs], editor)).status).toBe(200);
      expectError(await del([theirs], editor), 404, '稿件不存在');
      expect((await del([], editor)).status).toBe(400);
      expect((await del([theirs], nobody)).status).toBe(403);
      expect((await del([theirs], null)).status).toBe(401);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM manuscript_column WHERE manuscript_id = ANY($1::int[])', [[mine, theirs]]);
      expect(n).toBe(0);
    });
  });

  describe('calculate', () => {
    it('counts the day’s manuscripts by product and department', async () => {
      const today = formatDateTime(new Date()).slice(0, 10);
      const res = await get('/calculate', { date: today }, translator);
      expect(res.status).toBe(200);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM manuscript WHERE product_id = $1 AND journal_id IS NULL', [product]);
      const entry = res.body.find((e: { product: { id: number } }) => e.product.id === product);
      expect(entry).toMatchObject({ product: { id: product, name: '稿件测试周刊' }, total: n });
      const center = entry.counts.find((c: { dept: { id: number } }) => c.dept.id === dept['新闻中心']);
      expect(center).toMatchObject({ dept: { id: dept['新闻中心'], name: '新闻中心' } });
      expect(entry.counts.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(n);
      const [{ c }] = await db.query('SELECT count(*)::int AS c FROM manuscript WHERE product_id = $1 AND dept_id = $2', [product, dept['新闻中心']]);
      expect(center.count).toBe(c);
      // Without a date: today.
      expect((await get('/calculate', {}, translator)).body).toEqual(res.body);
      expect((await get('/calculate', { date: '2001-01-01' }, translator)).body).toEqual([]);
      expectError(await get('/calculate', { date: '2026-02-30' }, translator), 400, '日期格式不正确');
      expectError(await get('/calculate', { date: 'yesterday' }, translator), 400, '日期格式不正确');
      expect((await get('/calculate', {}, null)).status).toBe(401);
      expect((await get('/calculate', {}, nobody)).status).toBe(403);
    });
  });

  describe('uploadManu (local Word upload, versions)', () => {
    const fields = () => ({
      title: '本地上传稿',
      firstAuthor: '编译部',
      authorIds: `${user.reviewer},${user.editor}`,
      abstracts: '上传摘要',
      productId: String(product),
      productList: `${col.a},${col.b}`,
      memo: '上传备注',
    });
    const upload = (token: string | null, form: Record<string, string>, file?: { data: Buffer; name: string }) => {
      let req = t.http().post('/api/manuscript/uploadManu');
      if (token) req = req.set('Authorization', bearer(token));
      for (const [k, v] of Object.entries(form)) req = req.field(k, v);
      if (file) req = req.attach('file', file.data, file.name);
      return req;
    };
    const fileCount = async () => Number((await db.query('SELECT count(*)::int AS n FROM sys_file'))[0].n);

    it('creates a local-upload manuscript, then new versions (uploader or manuscript:edit)', async () => {
      const first = await upload(translator, fields(), { data: await docx('第一版'), name: '上传稿.docx' });
      expect(first.status).toBe(201);
      const id = first.body.id as number;
      expect(first.body).toMatchObject({
        title: '本地上传稿',
        type: 'upload',
        version: 1,
        dept: { id: dept['新闻中心'] },
        createBy: { id: user.translator },
        columns: [{ id: col.a }, { id: col.b }],
        files: [{ realName: '上传稿.docx', type: 'word' }],
      });
      expect(first.body.fileId).toBe(first.body.files[0].id);
      expect(first.body.manuFileId).toBe(first.body.fileId);
      const [stored] = await db.query('SELECT form_type AS "formType", form_id AS "formId" FROM sys_file WHERE id = $1', [first.body.fileId]);
      expect(stored).toEqual({ formType: 'manuscript', formId: id });

      const second = await upload(translator, { manuId: String(id) }, { data: await docx('第二版'), name: '第二版.docx' });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ id, version: 2, files: [{ realName: '第二版.docx' }] });
      expect(second.body.fileId).not.toBe(first.body.fileId);

      expectError(await upload(reviewer, { manuId: String(id) }, { data: await docx('他人'), name: 'x.docx' }), 403, '只能操作自己提交的稿件');
      const third = await upload(editor, { manuId: String(id) }, { data: await docx('第三版'), name: '第三版.docx' });
      expect(third.status).toBe(201);
      expect(third.body.version).toBe(3);

      const versions = await get(`/${id}/versions`, {}, translator);
      expect(versions.status).toBe(200);
      expect(versions.body.map((v: { version: number; file: { realName: string }; createBy: string }) => [v.version, v.file.realName, v.createBy])).toEqual([
        [3, '第三版.docx', 'editor'],
        [2, '第二版.docx', 'translator'],
        [1, '上传稿.docx', 'translator'],
      ]);
      expect(versions.body[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expectError(await get('/999999/versions', {}, translator), 404, '稿件不存在');
      expectError(await upload(translator, { manuId: '999999' }, { data: await docx('x'), name: 'x.docx' }), 404, '稿件不存在');

      // Who may download a manuscript's file: the submitter, the same work department (reviewer, 国际新闻部
      // under 新闻中心 like the translator's 编译部), manuscript:edit (editor); anyone else gets 404.
      const download = (fileId: number, token: string) => send(t.http().get(`/api/localStorage/download/${fileId}`), token);
      for (const token of [translator, reviewer, editor, admin]) expect((await download(first.body.fileId, token)).status).toBe(200);
      expectError(await download(first.body.fileId, nobody), 404, '文件不存在');
      expectError(await send(t.http().post(`/api/localStorage/downloadToken/${first.body.fileId}`), nobody), 404, '文件不存在');

      // Deleting the manuscript removes its versions' files, which nothing else refers to.
      const fileIds = [first.body.fileId, second.body.fileId, third.body.fileId];
      expect((await del([id], translator)).status).toBe(200);
      expect(await db.query('SELECT id FROM sys_file WHERE id = ANY($1::int[])', [fileIds])).toEqual([]);
    });

    it('refuses what is not Word and bad fields — and keeps no file behind', async () => {
      const before = await fileCount();
      expectError(await upload(translator, fields(), { data: Buffer.from('just text'), name: 'notes.txt' }), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await upload(translator, fields(), { data: Buffer.from('just text'), name: 'renamed.docx' }), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await upload(translator, { ...fields(), title: '' }, { data: await docx('无标题'), name: 'a.docx' }), 400, '稿件标题为必填项');
      expectError(await upload(translator, { ...fields(), productList: '' }, { data: await docx('无栏目'), name: 'a.docx' }), 400, '请选择投稿栏目');
      expectError(await upload(translator, { ...fields(), productId: '999999' }, { data: await docx('无产品'), name: 'a.docx' }), 404, '产品不存在');
      expectError(await upload(translator, { ...fields(), deptId: String(dept['出版中心']) }, { data: await docx('别部门'), name: 'a.docx' }), 403, '只能以本部门名义投稿');
      expect((await upload(translator, fields())).status).toBe(400);
      expect(await fileCount()).toBe(before);
      expect((await upload(null, fields(), { data: await docx('x'), name: 'x.docx' })).status).toBe(401);
      expect((await upload(nobody, fields(), { data: await docx('x'), name: 'x.docx' })).status).toBe(403);
    });

    it('POST with the id of an uploaded Word file makes it version 1', async () => {
      const stored = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).attach('file', await docx('预先上传'), '预先上传.docx');
      expect(stored.status).toBe(201);
      // someone else's upload cannot be claimed by its id
      expectError(
        await post('', { title: '别人的附件', abstracts: '摘要', firstAuthor: '总部', authorIds: `${user.editor}`, productId: product, productList: [col.a], fileId: stored.body.id }, editor),
        400,
        '文件不存在',
      );
      const res = await post('', { title: '附件稿', abstracts: '摘要', firstAuthor: '总部', authorIds: `${user.editor}`, productId: product, productList: [col.a], fileId: stored.body.id }, admin);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: 'upload', fileId: stored.body.id, files: [{ id: stored.body.id }] });
      expect((await get(`/${res.body.id}/versions`, {}, admin)).body).toEqual([expect.objectContaining({ version: 1, file: expect.objectContaining({ id: stored.body.id }) })]);
      // The file now belongs to the manuscript: it cannot be attached again.
      expect((await post('', { title: '再用', abstracts: '摘要', firstAuthor: '总部', authorIds: `${user.editor}`, productId: product, productList: [col.a], fileId: stored.body.id }, admin)).status).toBe(409);
    });

    it('POST with the id of a general upload that is only named .docx is refused (the content decides, not the name)', async () => {
      const fake = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).attach('file', Buffer.from('只是文本'), '伪装.docx');
      expect(fake.status).toBe(201);
      const before = await db.query('SELECT count(*)::int AS n FROM manuscript');
      const res = await post('', { title: '伪装附件稿', abstracts: '摘要', firstAuthor: '总部', authorIds: `${user.editor}`, productId: product, productList: [col.a], fileId: fake.body.id }, admin);
      expectError(res, 400, '只能上传 .doc 或 .docx 文件');
      expect(await db.query('SELECT count(*)::int AS n FROM manuscript')).toEqual(before);
    });
  });

  describe('generateStatistic', () => {
    const gen = (query: object, token: string | null) => send(t.http().get('/api/productJournal/generateStatistic').query(query), token);

    it('stores an xlsx of manuscripts per column × department and answers its capability path (text/plain)', async () => {
      const today = formatDateTime(new Date()).slice(0, 10);
      const res = await gen({ productId: product, startDate: today, endDate: `${today} 00:00:00` }, editor);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const path = res.text;
      expect(path).toMatch(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/[^/?]+\.xlsx$/);
      const name = decodeURIComponent(path.split('/').pop()!);
      expect(name).toContain('稿件测试周刊');
      const [stored] = await db.query('SELECT id, form_type AS "formType", suffix, type FROM sys_file WHERE real_name = $1 ORDER BY id DESC LIMIT 1', [name]);
      expect(stored).toMatchObject({ formType: 'report', suffix: 'xlsx', type: 'excel' });

      // the path needs no login: the client appends it to its file base URL (an appended access_token is ignored)
      const file = await t.http().get(`${path}?access_token=${encodeURIComponent(editor)}`).buffer(true).parse(binary);
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect((await t.http().get(`/api/localStorage/download/${stored.id}`).set('Authorization', bearer(editor))).status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body as ArrayBuffer);
      const sheet = book.worksheets[0];
      const rows = Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
      expect(rows[1]).toEqual(['单位', '要闻', '综述', '合计']);
      const expected: Array<{ name: string; a: number; b: number }> = await db.query(
        `SELECT d.name, count(*) FILTER (WHERE mc.column_id = $2)::int AS a, count(*) FILTER (WHERE mc.column_id = $3)::int AS b
         FROM manuscript m JOIN manuscript_column mc ON mc.manuscript_id = m.id JOIN sys_dept d ON d.id = m.dept_id
         WHERE m.product_id = $1 GROUP BY d.name`,
        [product, col.a, col.b],
      );
      expect(expected.length).toBeGreaterThan(0);
      for (const e of expected) expect(rows).toContainEqual([e.name, e.a, e.b, e.a + e.b]);
      const sumA = expected.reduce((s, e) => s + e.a, 0);
      const sumB = expected.reduce((s, e) => s + e.b, 0);
      expect(rows[rows.length - 1]).toEqual(['合计', sumA, sumB, sumA + sumB]);

      const empty = await gen({ productId: product, startDate: '2001-01-01', endDate: '2001-01-31' }, admin);
      expect(empty.status).toBe(200);
    });

    it('400 / 404 / 401 / 403', async () => {
      const ok = { productId: product, startDate: '2026-01-01', endDate: '2026-01-31' };
      expectError(await gen({ ...ok, productId: undefined }, editor), 400, '请选择产品');
      expectError(await gen({ ...ok, productId: 'x' }, editor), 400, '请选择产品');
      expectError(await gen({ ...ok, startDate: undefined }, editor), 400, '开始日期格式不正确');
      expectError(await gen({ ...ok, startDate: '2026/01/01' }, editor), 400, '开始日期格式不正确');
      expectError(await gen({ ...ok, endDate: '2026-02-30' }, editor), 400, '结束日期格式不正确');
      expectError(await gen({ ...ok, startDate: '2026-02-01' }, editor), 400, '开始日期不能晚于结束日期');
      expectError(await gen({ ...ok, productId: 999999 }, editor), 404, '产品不存在');
      expect((await gen(ok, null)).status).toBe(401);
      expect((await gen(ok, translator)).status).toBe(403);
      expect((await gen(ok, nobody)).status).toBe(403);
    });
  });

  describe('access of the remaining routes', () => {
    it('versions and uploadManu: 401 without a session, 403 without the permission (before the upload is read)', async () => {
      const id = 1; // the guard answers before the manuscript is looked up
      expect((await get(`/${id}/versions`, {}, null)).status).toBe(401);
      expectError(await get(`/${id}/versions`, {}, nobody), 403, '没有权限执行此操作');
      const before = Number((await db.query('SELECT count(*)::int AS n FROM sys_file'))[0].n);
      const upload = (token: string | null) => send(t.http().post('/api/manuscript/uploadManu').field('title', '越权').attach('file', Buffer.from('x'), 'x.docx'), token);
      expect((await upload(null)).status).toBe(401);
      expectError(await upload(nobody), 403, '没有权限执行此操作');
      expect(Number((await db.query('SELECT count(*)::int AS n FROM sys_file'))[0].n)).toBe(before);
    });
  });
});

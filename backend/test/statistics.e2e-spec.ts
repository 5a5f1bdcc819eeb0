import { DataSource } from 'typeorm';
import { docxText } from '../src/common/docx';
import { formatDateTime } from '../src/common/time/time';
import { insertJournal, insertManuscript, insertNews, insertProduct } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * 统计 (docs/statistics.md): `GET api/statistic/manuscripts|translations|journals` (one chart each,
 * `manuscript:list`, data scope) and the .docx statistics report (`generateStatistic?format=docx`).
 *
 * Seeded users: translator (编译部) and reviewer (国际新闻部) share the work department 新闻中心 and
 * hold 本级 scopes; editor (期刊编辑部, 出版中心) also 本级; admin sees every department.
 */
describe('statistics (api/statistic)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let weekly: number;
  let daily: number;
  const today = formatDateTime(new Date()).slice(0, 10);
  const period = { startDate: today, endDate: today };

  const get = (path: string, query: object, token: string | null) => {
    const r = t.http().get(`/api/statistic/${path}`).query(query);
    return token ? r.set('Authorization', bearer(token)) : r;
  };

  const translate = (id: number, status: string, token: string, extra: object = {}) =>
    t.http().post('/api/news/submitTranslate').set('Authorization', bearer(token)).send({ id, deptId: dept['新闻中心'], content: { status, ...extra } });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    [admin, editor, translator, reviewer] = await Promise.all(['admin', 'editor', 'translator', 'reviewer'].map((u) => t.login(u)));
    nobody = await t.loginWithoutRoles('no-statistics-roles');
    for (const r of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[r.name] = r.id;
    for (const r of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[r.username] = r.id;

    weekly = await insertProduct(db, { name: '统计测试周刊', deptId: dept['出版中心'], type: '1', contentType: '2' });
    daily = await insertProduct(db, { name: '统计测试日报', deptId: dept['新闻中心'], type: '1', contentType: '2' });
    const column = async (productId: number, name: string, sort: number) =>
      Number((await db.query('INSERT INTO product_column (product_id, name, sort, status) VALUES ($1, $2, $3, true) RETURNING id', [productId, name, sort]))[0].id);
    const [focus, review, dailyNews] = [await column(weekly, '要闻', 1), await column(weekly, '综述', 2), await column(daily, '要闻', 1)];
    const manuscript = async (productId: number, deptId: number, columns: number[], createTime?: string) => {
      const id = await insertManuscript(db, { productId, deptId });
      for (const c of columns) await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, c]);
      if (createTime) await db.query('UPDATE manuscript SET create_time = $2 WHERE id = $1', [id, createTime]);
      return id;
    };
    // the period: 3 of 出版中心 in 周刊 (one in both columns), 1 of 新闻中心 in 周刊, 2 of 新闻中心 in 日报
    await manuscript(weekly, dept['出版中心'], [focus, review]);
    await manuscript(weekly, dept['出版中心'], [focus]);
    await manuscript(weekly, dept['出版中心'], [review]);
    await manuscript(weekly, dept['新闻中心'], [focus]);
    await manuscript(daily, dept['新闻中心'], [dailyNews]);
    await manuscript(daily, dept['新闻中心'], [dailyNews]);
    // outside the period, and a journal copy: never counted
    await manuscript(weekly, dept['出版中心'], [focus], '2020-01-01 10:00:00');
    const journal = await insertJournal(db, { productId: weekly });
    await insertManuscript(db, { productId: weekly, deptId: dept['出版中心'], journalId: journal });
    await insertJournal(db, { productId: weekly, journalNo: 2, totalNo: 2 });
    await db.query(`UPDATE product_journal SET status = 'done' WHERE id = $1`, [journal]);
    await insertJournal(db, { productId: daily, journalNo: 1, totalNo: 3 });

    // translations of 新闻中心: two claimed, submitted and reviewed; one claimed only
    for (let i = 0; i < 3; i++) {
      const id = await insertNews(db, { title: `Statistics item ${i}`, content: 'Original text.', contentCn: '机器翻译。', language: 'en' });
      expect((await translate(id, 'edit', translator)).status).toBe(200);
      if (i === 2) continue;
      expect((await translate(id, 'examine', translator, { contentTrans: `<p>译文 ${i}</p>` })).status).toBe(200);
      expect((await translate(id, 'done', reviewer)).status).toBe(200);
    }
    // reviewed at noon of the period's day (in the app's zone), claimed an hour before: inside the day
    // whatever the hour the test runs (moved back from "now", a claim made just after midnight fell on
    // the day before)
    await db.query(`UPDATE news_translation SET examine_time = ($2::date + time '12:00') AT TIME ZONE $3 WHERE editor_id = $1 AND examine_time IS NOT NULL`, [
      user.translator,
      today,
      process.env.TZ || 'Asia/Shanghai',
    ]);
    await db.query(`UPDATE news_translation SET claim_time = examine_time - interval '60 minutes' WHERE editor_id = $1`, [user.translator]);
  });
  afterAll(() => t.close());

  describe('manuscripts', () => {
    it('counts the period per product, stacked by department, for the admin (every department)', async () => {
      const res = await get('manuscripts', period, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ startDate: today, endDate: today, by: 'dept', total: 6 });
      const weeklyRow = res.body.products.find((p: { productId: number }) => p.productId === weekly);
      expect(weeklyRow).toEqual({ productId: weekly, productName: '统计测试周刊', total: 4, counts: { [dept['出版中心']]: 3, [dept['新闻中心']]: 1 } });
      expect(res.body.products.find((p: { productId: number }) => p.productId === daily)).toMatchObject({ total: 2, counts: { [dept['新闻中心']]: 2 } });
      // equal sums: in the order first met (products by total, departments by their sort)
      expect(res.body.groups).toHaveLength(2);
      expect(res.body.groups).toEqual(
        expect.arrayContaining([
          { key: String(dept['出版中心']), label: '出版中心', count: 3 },
          { key: String(dept['新闻中心']), label: '新闻中心', count: 3 },
        ]),
      );
    });

    it('stacks by column: a manuscript in two columns counts in each, the product total once', async () => {
      const res = await get('manuscripts', { ...period, by: 'column', productId: weekly }, admin);
      expect(res.status).toBe(200);
      expect(res.body.products).toEqual([{ productId: weekly, productName: '统计测试周刊', total: 4, counts: { 要闻: 3, 综述: 2 } }]);
      expect(res.body.groups.map((g: { key: string }) => g.key)).toEqual(['要闻', '综述']);
    });

    it('narrows to the data scope and the chosen department', async () => {
      // translator: 本级 (编译部) plus the work department 新闻中心
      const mine = await get('manuscripts', period, translator);
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBe(3);
      expect(mine.body.groups.map((g: { label: string }) => g.label)).toEqual(['新闻中心']);
      const filtered = await get('manuscripts', { ...period, deptId: dept['出版中心'] }, admin);
      expect(filtered.body.total).toBe(3);
      const outside = await get('manuscripts', { ...period, deptId: dept['出版中心'] }, translator);
      expect(outside.body).toMatchObject({ total: 0, groups: [], products: [] });
    });

    it('answers 401 without a session and 403 without manuscript:list', async () => {
      expectError(await get('manuscripts', period, null), 401);
      expectError(await get('manuscripts', period, nobody), 403);
    });

    it('answers 400 with a Chinese message for missing, malformed, reversed and too long periods', async () => {
      expectError(await get('manuscripts', { endDate: today }, admin), 400, '请选择开始日期');
      expectError(await get('manuscripts', { startDate: today }, admin), 400, '请选择结束日期');
      expectError(await get('manuscripts', { startDate: '2026-02-30', endDate: today }, admin), 400, '开始日期格式不正确，应为 yyyy-MM-dd');
      expectError(await get('manuscripts', { startDate: '2026-03-02', endDate: '2026-03-01' }, admin), 400, '开始日期不能晚于结束日期');
      expectError(await get('manuscripts', { startDate: '2024-01-01', endDate: '2025-06-01' }, admin), 400, '统计周期不能超过 366 天');
      expectError(await get('manuscripts', { ...period, by: 'month' }, admin), 400, 'by 只能是 dept 或 column');
      expectError(await get('manuscripts', { ...period, productId: 'x' }, admin), 400, 'productId 必须是整数');
    });
  });

  describe('translations', () => {
    it('counts claims, submissions and reviews per person with the median claim → review', async () => {
      const res = await get('translations', period, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ claimed: 3, submitted: 2, reviewed: 2 });
      expect(res.body.people).toEqual([
        expect.objectContaining({ userId: user.translator, name: 'translator', claimed: 3, submitted: 2, reviewed: 0, translatorMedianMinutes: 60, reviewerMedianMinutes: null }),
        expect.objectContaining({ userId: user.reviewer, name: 'reviewer', claimed: 0, submitted: 0, reviewed: 2, translatorMedianMinutes: null, reviewerMedianMinutes: 60 }),
      ]);
    });

    it('shows the work department to its members and nothing of it to a department outside', async () => {
      expect((await get('translations', period, reviewer)).body.submitted).toBe(2);
      expect((await get('translations', period, editor)).body).toMatchObject({ claimed: 0, submitted: 0, reviewed: 0, people: [] });
    });

    it('answers 401, 403 and 400 as the other charts', async () => {
      expectError(await get('translations', period, null), 401);
      expectError(await get('translations', period, nobody), 403);
      expectError(await get('translations', { startDate: 'yesterday', endDate: today }, admin), 400, '开始日期格式不正确，应为 yyyy-MM-dd');
    });
  });

  describe('journals', () => {
    it('counts the journals created in the period per product and status', async () => {
      const res = await get('journals', period, admin);
      expect(res.status).toBe(200);
      expect(res.body.states).toEqual(['edit', 'submit', 'done', 'review']);
      expect(res.body.total).toBe(3);
      expect(res.body.products).toEqual([
        { productId: weekly, productName: '统计测试周刊', total: 2, edit: 1, submit: 0, done: 1, review: 0 },
        { productId: daily, productName: '统计测试日报', total: 1, edit: 1, submit: 0, done: 0, review: 0 },
      ]);
      // editor: 本级 期刊编辑部 plus the work department 出版中心 (the weekly's unit)
      expect((await get('journals', { ...period, productId: weekly }, editor)).body.total).toBe(2);
      expect((await get('journals', { ...period, productId: daily }, editor)).body.total).toBe(0);
    });

    it('answers 401, 403 and 400', async () => {
      expectError(await get('journals', period, null), 401);
      expectError(await get('journals', period, nobody), 403);
      expectError(await get('journals', { startDate: today, endDate: '2020-01-01' }, admin), 400, '开始日期不能晚于结束日期');
    });
  });

  describe('generateStatistic?format=docx', () => {
    const gen = (query: object, token: string | null) => {
      const r = t.http().get('/api/productJournal/generateStatistic').query(query);
      return token ? r.set('Authorization', bearer(token)) : r;
    };

    it('stores a Word summary of the period and answers its capability path', async () => {
      const res = await gen({ productId: weekly, ...period, format: 'docx' }, editor);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/^\/files\/[^/]+\/[^/?]+\.docx$/);
      const name = decodeURIComponent(res.text.split('/').pop()!);
      expect(name).toBe(`统计测试周刊稿件统计报告_${today}_${today}.docx`);
      const file = await t.http().get(res.text).buffer(true).parse(binary);
      expect(file.status).toBe(200);
      const text = (await docxText(file.body as Buffer)).paragraphs.join('\n');
      expect(text).toContain('统计测试周刊 稿件统计报告');
      expect(text).toContain(`统计周期 ${today} 至 ${today}，共 2 个单位投稿，稿件计数 5 篇`);
      expect(text).toContain('投稿最多的栏目是「要闻」（3 篇），投稿最多的单位是「出版中心」（4 篇）。');
    });

    it('keeps xlsx as the default and answers 400 for an unknown format, 404 for a missing product', async () => {
      expect((await gen({ productId: weekly, ...period }, editor)).text).toMatch(/\.xlsx$/);
      expectError(await gen({ productId: weekly, ...period, format: 'pdf' }, editor), 400, 'format 只能是 xlsx 或 docx');
      expectError(await gen({ productId: 999999, ...period, format: 'docx' }, editor), 404, '产品不存在');
      expectError(await gen({ productId: weekly, ...period, format: 'docx' }, null), 401);
    });
  });
});

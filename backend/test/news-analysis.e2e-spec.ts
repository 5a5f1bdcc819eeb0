import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { insertNewsRows, type NewsFields } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Bucket {
  key: string | null;
  name: string;
  count: number;
  other: boolean;
}

/** The query every figure below is asked with: a word only the test items carry, five days of March. */
const QUERY = { content: 'zorblax', startDate: '2026-03-01', endDate: '2026-03-05' };

describe('api/news/analysis (查询统计)', () => {
  let t: TestApp;
  let db: DataSource;
  let translator: string;
  let editor: string;
  let nobody: string;
  let siteA: { id: number; name: string };
  let siteB: { id: number; name: string };
  let classA: { id: number; name: string };
  let classB: { id: number; name: string };
  let ids: number[];

  const get = (path: string, query: Record<string, unknown>, token: string | null = translator) => {
    const req = t.http().get(`/api/news/${path}`).query(query);
    return token ? req.set('Authorization', bearer(token)) : req;
  };
  const ok = async <T>(path: string, query: Record<string, unknown>, token: string | null = translator): Promise<T> => {
    const res = await get(path, query, token);
    expect(res.status).toBe(200);
    return res.body as T;
  };
  const buckets = async (by: string, extra: Record<string, unknown> = {}, token = translator) =>
    (await ok<{ items: Bucket[]; total: number }>('analysis/distribution', { ...QUERY, by, ...extra }, token));
  const counts = (items: Bucket[]) => Object.fromEntries(items.map((b) => [b.name, b.count]));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    translator = await t.login('translator');
    editor = await t.login('editor');
    nobody = await t.loginWithoutRoles('analysisless');
    [siteA, siteB] = await db.query('SELECT id, name FROM news_website ORDER BY id LIMIT 2');
    [classA, classB] = await db.query(
      "SELECT id, name FROM news_classify c WHERE code IS DISTINCT FROM 'A5000' AND NOT EXISTS (SELECT 1 FROM news_classify k WHERE k.pid = c.id) ORDER BY id LIMIT 2",
    );
    const search = "'zorblax':1A";
    // `web_id` is not among the factory's fields: the items of a site carry its id and name.
    const items: Array<NewsFields & { webId?: number }> = [
      { publishTime: '2026-03-01T09:00:00+08:00', webId: siteA.id, webName: siteA.name, country: 'US', language: 'en', keywords: ['zorblax', '芯片', '出口管制'], classify: [classA.id], search },
      // 23:30 in Shanghai is still 2 March there (15:30 UTC), 00:10 on the 3rd is 2 March in UTC.
      { publishTime: '2026-03-02T23:30:00+08:00', webId: siteB.id, webName: siteB.name, country: 'GB', language: 'en', keywords: ['芯片', '半导体'], classify: [classA.id, classB.id], search },
      { publishTime: '2026-03-03T00:10:00+08:00', webId: siteA.id, webName: siteA.name, country: 'US', language: 'ja', keywords: ['芯片'], classify: [classB.id], search },
      { publishTime: '2026-03-05T12:00:00+08:00', webName: null, country: null, language: null, keywords: ['ZORBLAX', '半导体', ' '], classify: [], search },
      // Not counted: noise, and outside the period.
      { publishTime: '2026-03-01T10:00:00+08:00', country: 'US', keywords: ['芯片'], isNoise: true, search },
      { publishTime: '2026-02-20T10:00:00+08:00', country: 'US', keywords: ['芯片'], search },
    ];
    ids = await insertNewsRows(db, items);
  });
  afterAll(() => t.close());

  it('timeline: items per publish day of the zone, zero-filled, the same total as the list', async () => {
    const body = await ok<{ startDate: string; endDate: string; total: number; points: Array<{ day: string; count: number }> }>('analysis/timeline', QUERY);
    expect(body).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-05',
      total: 4,
      points: [
        { day: '2026-03-01', count: 1 },
        { day: '2026-03-02', count: 1 },
        { day: '2026-03-03', count: 1 },
        { day: '2026-03-04', count: 0 },
        { day: '2026-03-05', count: 1 },
      ],
    });
    const list = await ok<{ totalElements: number; content: Array<{ id: number }> }>('list', { ...QUERY, size: 50 });
    expect(list.totalElements).toBe(4);
    expect(list.content.map((r) => r.id).sort()).toEqual(ids.slice(0, 4).sort());
  });

  it('distribution by source, country, language and class, with names and 其他', async () => {
    expect(counts((await buckets('source')).items)).toEqual({ [siteA.name]: 2, [siteB.name]: 1, 未知来源: 1 });
    const top1 = await buckets('source', { top: 1 });
    expect(top1.items).toEqual([
      { key: String(siteA.id), name: siteA.name, count: 2, other: false },
      { key: null, name: '其他（2 项）', count: 2, other: true },
    ]);
    expect(top1.total).toBe(4);
    expect(counts((await buckets('country')).items)).toEqual({ 美国: 2, 英国: 1, 未知国家: 1 });
    expect((await buckets('country')).items[0]).toEqual({ key: 'US', name: '美国', count: 2, other: false });
    expect(counts((await buckets('language')).items)).toEqual({ 英语: 2, 日语: 1, 未知语种: 1 });
    // An item counts in each of its classes.
    expect(counts((await buckets('classify')).items)).toEqual({ [classA.name]: 2, [classB.name]: 2, 未分类: 1 });
  });

  it('each filter of the figures filters the list the same way', async () => {
    const filters: Array<Record<string, unknown>> = [
      { countries: 'US' },
      { languages: 'en,ja' },
      { webIds: [siteA.id, siteB.id] },
      { classifyIds: String(classB.id) },
    ];
    for (const filter of filters) {
      const timeline = await ok<{ total: number }>('analysis/timeline', { ...QUERY, ...filter });
      const list = await ok<{ totalElements: number }>('list', { ...QUERY, ...filter });
      expect({ filter, total: timeline.total }).toEqual({ filter, total: list.totalElements });
    }
    expect((await ok<{ total: number }>('analysis/timeline', { ...QUERY, countries: 'US' })).total).toBe(2);
  });

  it('keywords: co-occurring keywords by items, the query word left out in any case', async () => {
    const body = await ok<{ total: number; items: Array<{ keyword: string; count: number }> }>('analysis/keywords', QUERY);
    expect(body.items).toEqual([
      { keyword: '芯片', count: 3 },
      { keyword: '半导体', count: 2 },
      { keyword: '出口管制', count: 1 },
    ]);
    expect((await ok<{ items: unknown[] }>('analysis/keywords', { ...QUERY, top: 1 })).items).toHaveLength(1);
  });

  it("department scope: the caller's department overrides count, another department's are not seen", async () => {
    const res = await t.http().post('/api/news/updateClassify').set('Authorization', bearer(translator)).send({ id: ids[3], classify: [classA.id] });
    expect(res.status).toBe(200);
    expect(counts((await buckets('classify')).items)).toEqual({ [classA.name]: 3, [classB.name]: 2 });
    expect((await ok<{ total: number }>('analysis/timeline', { ...QUERY, classifyIds: classA.id })).total).toBe(3);
    // The editor works in another department: the item is still unclassified there.
    expect(counts((await buckets('classify', {}, editor)).items)).toEqual({ [classA.name]: 2, [classB.name]: 2, 未分类: 1 });
    // A department outside the caller's data scope → 403, like the list.
    const [{ id: otherDept }] = await db.query("SELECT id FROM sys_dept WHERE name = '期刊编辑部'");
    expectError(await get('analysis/timeline', { ...QUERY, deptId: otherDept }), 403);
    expectError(await get('list', { deptId: otherDept }), 403);
  });

  it('export: every figure as one xlsx, the query on the first sheet', async () => {
    const res = await get('analysis/export', QUERY).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('查询统计')}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Parameters<ExcelJS.Xlsx['load']>[0]);
    expect(book.worksheets.map((s) => s.name)).toEqual(['查询条件', '关注度趋势', '来源分布', '国家分布', '分类分布', '语种分布', '共现关键词']);
    const values = (name: string) => book.getWorksheet(name)!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values('查询条件')).toEqual(expect.arrayContaining([['检索词', 'zorblax'], ['发布日期', '2026-03-01 至 2026-03-05'], ['命中条数', 4]]));
    expect(values('关注度趋势')).toEqual([['日期', '条数'], ['2026-03-01', 1], ['2026-03-02', 1], ['2026-03-03', 1], ['2026-03-04', 0], ['2026-03-05', 1]]);
    expect(values('国家分布')).toEqual([['国家', '条数', '占比'], ['美国', 2, '50.0%'], ['未知国家', 1, '25.0%'], ['英国', 1, '25.0%']]);
    expect(values('共现关键词')[1]).toEqual(['芯片', 3, '75.0%']);
  });

  it('defaults to the last 30 days', async () => {
    const body = await ok<{ startDate: string; endDate: string; points: unknown[] }>('analysis/timeline', {});
    expect(body.points).toHaveLength(30);
    expect(Date.parse(body.endDate) - Date.parse(body.startDate)).toBe(29 * 86_400_000);
  });

  it('answers 400 with a Chinese message naming the field, 401 without a token, 403 without news:list', async () => {
    expectError(await get('analysis/distribution', { ...QUERY, by: 'city' }), 400, 'by（分布维度）只能是 source / country / classify / language');
    expectError(await get('analysis/distribution', QUERY), 400, /by（分布维度）/);
    expectError(await get('analysis/timeline', { startDate: '2026-02-30' }), 400, 'startDate（发布开始日期）格式应为 yyyy-MM-dd');
    expectError(await get('analysis/timeline', { startDate: '2026-03-05', endDate: '2026-03-01' }), 400, '开始日期 startDate 不能晚于结束日期 endDate');
    expectError(await get('analysis/keywords', { startDate: '2025-01-01', endDate: '2026-03-01' }), 400, '统计时段不能超过 366 天（startDate 至 endDate）');
    expectError(await get('analysis/timeline', { webIds: 'abc' }), 400, 'webIds（来源网站）必须是正整数 id 列表');
    expectError(await get('analysis/timeline', { countries: 'U$' }), 400, 'countries（国家）只能是国家代码，如 US');
    expectError(await get('analysis/keywords', { top: 101 }), 400, 'top（前 N 项）不能超过 100');
    // The list takes the same fields with the same messages.
    expectError(await get('list', { endDate: 'tomorrow' }), 400, 'endDate（发布结束日期）格式应为 yyyy-MM-dd');
    expectError(await get('list', { startDate: '2026-03-05', endDate: '2026-03-01' }), 400, '开始日期 startDate 不能晚于结束日期 endDate');
    for (const path of ['analysis/timeline', 'analysis/distribution?by=source', 'analysis/keywords', 'analysis/export']) {
      expectError(await get(path, {}, null), 401);
      expectError(await get(path, {}, nobody), 403);
    }
  });
});

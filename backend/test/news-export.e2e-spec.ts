import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { DataSource } from 'typeorm';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Row {
  id: number;
  title: string;
  titleCn: string | null;
  publishTime: string;
  webName: string | null;
  webId: number | null;
  createBy: string | null;
  language: string | null;
  country: string | null;
  classify: number[];
  classifyNames: string[];
  keywords: string[];
  count: number;
  isRecommend: boolean;
  yj: boolean;
  isChoice: boolean;
  isRead: boolean;
  url: string;
}

const workbook = async (body: unknown): Promise<ExcelJS.Workbook> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as Parameters<ExcelJS.Xlsx['load']>[0]);
  return book;
};

/** Text of word/document.xml with the run boundaries removed (one string per paragraph, joined by newlines). */
const documentText = async (body: Buffer): Promise<string> => {
  const zip = await JSZip.loadAsync(body);
  const xml = await zip.file('word/document.xml')!.async('string');
  return xml
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter((p) => p !== '')
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
};

const HEADERS = ['标题', '中文标题', '发布时间', '来源网站', '语言', '国家', '分类', '关键词', '阅读数', '是否跟踪', '是否预警', '是否精选', '链接'];
const LANGUAGES: Record<string, string> = { en: '英语', ja: '日语', ru: '俄语', de: '德语', fr: '法语', ko: '韩语', es: '西班牙语' };
const COUNTRIES: Record<string, string> = { US: '美国', GB: '英国', JP: '日本', RU: '俄罗斯', DE: '德国', FR: '法国', KR: '韩国', IN: '印度', AU: '澳大利亚', CA: '加拿大', EU: '欧盟' };
const yes = (b: boolean) => (b ? '是' : '否');

describe('api/news export and manual entry', () => {
  let t: TestApp;
  let db: DataSource;
  let translator: string;
  let reviewer: string;
  let nobody: string;

  const get = (path: string, query: Record<string, unknown>, token: string | null = translator) => {
    const req = t.http().get(`/api/news/${path}`).query(query);
    return token ? req.set('Authorization', bearer(token)) : req;
  };
  const file = (path: string, query: Record<string, unknown>, token: string | null = translator) => get(path, query, token).buffer(true).parse(binary);
  const create = (body: object, token: string | null = translator) => {
    const req = t.http().post('/api/news/createOneNews');
    return (token ? req.set('Authorization', bearer(token)) : req).send(body);
  };
  const list = async (query: Record<string, unknown>, token = translator) => {
    const res = await get('list', query, token);
    expect(res.status).toBe(200);
    return res.body as { content: Row[]; totalElements: number };
  };
  const classId = async (code: string) => ((await db.query('SELECT id FROM news_classify WHERE code = $1', [code])) as Array<{ id: number }>)[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('exportless');
  });
  afterAll(() => t.close());

  describe('GET api/news/download', () => {
    it('exports the filtered, sorted list from the first row with Chinese headers', async () => {
      const query = { sort: 'numDesc', type: 'follow' };
      const expected = await list({ ...query, size: 1000 });
      expect(expected.totalElements).toBeGreaterThan(1);
      // page/size are ignored: the export starts at the first row and is not cut to a page.
      const res = await file('download', { ...query, page: 2, size: 1 });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('新闻列表')}.xlsx`);
      const sheet = (await workbook(res.body)).worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
      expect(sheet.actualRowCount - 1).toBe(expected.totalElements);

      const first = expected.content[0];
      const cells = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(cells).toEqual([
        first.title,
        first.titleCn ?? undefined,
        first.publishTime,
        first.webName ?? undefined,
        first.language ? (LANGUAGES[first.language] ?? first.language) : undefined,
        first.country ? (COUNTRIES[first.country] ?? first.country) : undefined,
        first.classifyNames.join('、') || undefined,
        first.keywords.join('、') || undefined,
        first.count,
        yes(first.isRecommend),
        yes(first.yj),
        yes(first.isChoice),
        first.url,
      ]);
      // Same order as the list.
      const titles = sheet.getColumn(1).values.slice(2);
      expect(titles).toEqual(expected.content.map((r) => r.title));
    });

    it('applies the search and the department state of the caller', async () => {
      const expected = await list({ content: '能源', size: 1000 });
      const res = await file('download', { content: '能源' });
      expect(res.status).toBe(200);
      const sheet = (await workbook(res.body)).worksheets[0];
      expect(sheet.getColumn(13).values.slice(2)).toEqual(expected.content.map((r) => r.url));
    });

    it('answers 400 for a bad sort or filter, 401 without a token, 403 without news:list', async () => {
      expectError(await get('download', { sort: 'nope' }), 400, '不支持的排序方式: nope');
      expectError(await get('download', { type: 'bogus' }), 400);
      expectError(await get('download', { type: 'web' }), 400, 'type=web 需要 webId');
      expectError(await get('download', {}, null), 401);
      expectError(await get('download', {}, nobody), 403);
      const [{ id: otherDept }] = await db.query("SELECT id FROM sys_dept WHERE name = '期刊编辑部'");
      expectError(await get('download', { deptId: otherDept }), 403);
    });
  });

  describe('GET api/news/downloadWordByIdAndDeptId', () => {
    it('answers a .docx with the department state, the manual translation and the plain original text', async () => {
      const r = (await list({ sort: 'dateAsc', page: 20, size: 1 })).content[0];
      const [{ count: before }] = await db.query('SELECT count FROM news WHERE id = $1', [r.id]);
      const title = '能源/政策:新闻*测试?"标题"<a>|' + '长'.repeat(60);
      expect((await t.http().post('/api/news/updateTitleCn').set('Authorization', bearer(translator)).send({ id: r.id, titleCn: title })).status).toBe(200);
      expect((await t.http().post('/api/news/updateAbstracts').set('Authorization', bearer(translator)).send({ id: r.id, abstracts: '第一段摘要\n第二段摘要' })).status).toBe(200);
      // The translator's work department (新闻中心, the parent of 编译部) holds the state.
      const [{ id: deptId }] = await db.query("SELECT id FROM sys_dept WHERE name = '新闻中心'");
      await db.query("UPDATE news_dept SET content_trans = '<p>人工译文第一段 &amp; 说明</p><p>人工译文第二段</p>' WHERE news_id = $1 AND dept_id = $2", [r.id, deptId]);
      await db.query("UPDATE news SET content = 'Original line one.\nOriginal <b>line</b> two.\u0001', content_cn = '机器翻译正文' WHERE id = $1", [r.id]);

      const res = await file('downloadWordByIdAndDeptId', { id: r.id });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const disposition = res.headers['content-disposition'] as string;
      expect(disposition).toMatch(/^attachment; /);
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)![1];
      expect(encoded).toMatch(/^[A-Za-z0-9%\-._~]+$/);
      const name = decodeURIComponent(encoded);
      expect(name).toBe(`${Array.from('能源政策新闻测试标题a' + '长'.repeat(60)).slice(0, 50).join('')}.docx`);

      const body = res.body as Buffer;
      expect(body.subarray(0, 2).toString()).toBe('PK');
      const text = await documentText(body);
      const lines = text.split('\n');
      expect(lines[0]).toBe(title);
      expect(lines[1]).toBe(r.title);
      expect(text).toContain(`发布时间：${r.publishTime.slice(0, 16)}`);
      if (r.webName) expect(text).toContain(`来源：${r.webName}`);
      expect(text).toContain(`链接：${r.url}`);
      expect(lines).toEqual(expect.arrayContaining(['摘要', '第一段摘要', '第二段摘要', '译文', '人工译文第一段 & 说明', '人工译文第二段', '原文', 'Original line one.', 'Original <b>line</b> two.']));
      if (r.keywords.length) expect(text).toContain(`关键词：${r.keywords.join('、')}`);
      expect(text).not.toContain('机器翻译正文');
      expect(text).not.toContain('<p>');
      expect(lines.indexOf('译文')).toBeLessThan(lines.indexOf('原文'));

      // Not marked read, not counted.
      expect(await db.query('SELECT 1 FROM news_user WHERE news_id = $1', [r.id])).toEqual([]);
      expect((await db.query('SELECT count FROM news WHERE id = $1', [r.id]))[0].count).toBe(before);

      // Another work department (the editor's 出版中心) sees the global state and the machine translation.
      const other = await file('downloadWordByIdAndDeptId', { id: r.id }, await t.login('editor'));
      expect(other.status).toBe(200);
      const otherText = await documentText(other.body as Buffer);
      expect(otherText.split('\n')[0]).toBe(r.titleCn ?? r.title);
      expect(otherText).toContain('机器翻译');
      expect(otherText).toContain('机器翻译正文');
      expect(otherText).not.toContain('人工译文');
      expect(otherText).not.toContain('第一段摘要');
    });

    it('accepts the parent department, refuses others; 400 / 401 / 403 / 404', async () => {
      const r = (await list({ sort: 'dateAsc', page: 21, size: 1 })).content[0];
      const [{ pid }] = await db.query("SELECT pid FROM sys_dept WHERE name = '编译部'");
      expect((await file('downloadWordByIdAndDeptId', { id: r.id, deptId: pid })).status).toBe(200);
      const [{ id: otherDept }] = await db.query("SELECT id FROM sys_dept WHERE name = '期刊编辑部'");
      expectError(await get('downloadWordByIdAndDeptId', { id: r.id, deptId: otherDept }), 403);
      expectError(await get('downloadWordByIdAndDeptId', { id: 99999999 }), 404, '新闻不存在或已被删除');
      expectError(await get('downloadWordByIdAndDeptId', {}), 400);
      expectError(await get('downloadWordByIdAndDeptId', { id: 'x' }), 400, 'id 必须是整数');
      expectError(await get('downloadWordByIdAndDeptId', { id: r.id }, null), 401);
      expectError(await get('downloadWordByIdAndDeptId', { id: r.id }, nobody), 403);
    });

    it('falls back to the original title for the name and omits generated manual: links', async () => {
      const created = await create({ title: 'Plain English headline', content: 'Body text.' });
      expect(created.status).toBe(201);
      const res = await file('downloadWordByIdAndDeptId', { id: created.body.id });
      expect(res.status).toBe(200);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers['content-disposition'] as string)![1])).toBe('Plain English headline.docx');
      const text = await documentText(res.body as Buffer);
      expect(text.split('\n')[0]).toBe('Plain English headline');
      expect(text).not.toContain('manual:');
      expect(text).not.toContain('译文');
    });
  });

  describe('POST api/news/createOneNews', () => {
    it('creates an item (201, list row) that the imports list and the search find', async () => {
      const [site] = (await db.query('SELECT id, name, language, country FROM news_website ORDER BY id LIMIT 1')) as Array<{ id: number; name: string; language: string; country: string }>;
      const leaf = await classId('A2001');
      const res = await create({
        title: ' Zyxwvutronics unveils graphene battery ',
        titleCn: '石墨烯电池手工录入测试',
        content: 'A manual entry about the graphene battery.',
        contentHtml: '<p>A manual entry about the <b>graphene</b> battery.</p>',
        url: 'https://example.com/manual/1',
        publishTime: '2024-05-06 07:08:09',
        webId: site.id,
        keywords: [' 电池 ', '', '电池', 'graphene'],
        classify: [leaf, leaf],
      });
      expect(res.status).toBe(201);
      const row = res.body as Row;
      expect(row).toMatchObject({
        title: 'Zyxwvutronics unveils graphene battery',
        titleCn: '石墨烯电池手工录入测试',
        publishTime: '2024-05-06 07:08:09',
        webId: site.id,
        webName: site.name,
        language: site.language,
        country: site.country,
        createBy: 'translator',
        keywords: ['电池', 'graphene'],
        classify: [leaf],
        url: 'https://example.com/manual/1',
        count: 0,
        isRead: false,
      });
      expect(typeof row.id).toBe('number');
      const [stored] = await db.query('SELECT content_html, is_noise, search IS NOT NULL AS indexed FROM news WHERE id = $1', [row.id]);
      expect(stored).toEqual({ content_html: '<p>A manual entry about the <b>graphene</b> battery.</p>', is_noise: false, indexed: true });

      const imports = await list({ imports: 1, size: 1000 });
      expect(imports.content.map((r) => r.id)).toContain(row.id);
      expect(imports.content.every((r) => r.createBy !== null)).toBe(true);
      expect((await list({ content: 'zyxwvutronics' })).content.map((r) => r.id)).toEqual([row.id]);
      expect((await list({ content: '石墨烯' })).content.map((r) => r.id)).toContain(row.id);
      // Another department sees it too (items are global).
      expect((await list({ imports: 1, size: 1000 }, reviewer)).content.map((r) => r.id)).toContain(row.id);
    });

    it('defaults url (manual:<uuid>) and publish time; the noise class marks it noise', async () => {
      const a = await create({ title: '无链接的手工新闻一', content: '正文一' });
      const b = await create({ title: '无链接的手工新闻二', content: '正文二', publishTime: '2024-01-02T03:04:05Z' });
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.url).toMatch(/^manual:[0-9a-f-]{36}$/);
      expect(b.body.url).not.toBe(a.body.url);
      expect(Math.abs(Date.parse(a.body.publishTime.replace(' ', 'T') + '+08:00') - Date.now())).toBeLessThan(60_000);
      expect(b.body.publishTime).toBe('2024-01-02 11:04:05');

      const noiseId = await classId('A5000');
      const noise = await create({ title: '噪音手工新闻', content: '广告', classify: [noiseId] });
      expect(noise.status).toBe(201);
      expect((await db.query('SELECT is_noise FROM news WHERE id = $1', [noise.body.id]))[0].is_noise).toBe(true);
      expect((await list({ imports: 1, size: 1000 })).content.map((r) => r.id)).not.toContain(noise.body.id);
      expect((await list({ imports: 1, classify: noiseId, size: 1000 })).content.map((r) => r.id)).toContain(noise.body.id);
    });

    it('answers 409 for a duplicate url', async () => {
      expect((await create({ title: '重复链接一', content: 'x', url: 'http://example.com/dup' })).status).toBe(201);
      expectError(await create({ title: '重复链接二', content: 'y', url: 'http://example.com/dup' }), 409, '该链接的新闻已存在');
      const [{ url }] = await db.query('SELECT url FROM news WHERE create_by IS NULL ORDER BY id LIMIT 1');
      expectError(await create({ title: '与采集新闻重复', content: 'z', url }), 409, '该链接的新闻已存在');
    });

    it('validates the body with readable messages', async () => {
      const ok = { title: '标题', content: '正文' };
      const [{ pid: parent }] = await db.query('SELECT pid FROM news_classify WHERE code = $1', ['A2001']);
      const cases: Array<[object, string]> = [
        [{ content: '正文' }, '标题不能为空'],
        [{ ...ok, title: '   ' }, '标题不能为空'],
        [{ ...ok, title: 5 }, '标题必须是字符串'],
        [{ ...ok, title: 'x'.repeat(501) }, '标题不能超过 500 个字符'],
        [{ title: '标题' }, '正文不能为空'],
        [{ ...ok, content: 'x'.repeat(200_001) }, '正文不能超过 200000 个字符'],
        [{ ...ok, url: 'ftp://example.com/x' }, '链接必须是以 http:// 或 https:// 开头的网址'],
        [{ ...ok, url: 'javascript:alert(1)' }, '链接必须是以 http:// 或 https:// 开头的网址'],
        [{ ...ok, url: 'example.com/x' }, '链接必须是以 http:// 或 https:// 开头的网址'],
        [{ ...ok, url: `https://example.com/${'x'.repeat(1000)}` }, '链接不能超过 1000 个字符'],
        [{ ...ok, publishTime: 'yesterday' }, '发布时间格式应为 yyyy-MM-dd HH:mm:ss 或 ISO 8601'],
        [{ ...ok, webId: 'x' }, 'webId 必须是整数'],
        [{ ...ok, webId: 99999 }, '来源网站不存在'],
        [{ ...ok, language: 'x'.repeat(9) }, '语种不能超过 8 个字符'],
        [{ ...ok, keywords: 'x' }, 'keywords 必须是字符串数组'],
        [{ ...ok, keywords: ['x'.repeat(51)] }, '每个关键词不能超过 50 个字符'],
        [{ ...ok, keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }, '关键词不能超过 50 个'],
        [{ ...ok, classify: ['x'] }, 'classify 必须是分类 id 数组'],
        [{ ...ok, classify: [parent] }, '只能选择最末级分类'],
        [{ ...ok, classify: [99999] }, '所选分类不存在或已被删除'],
      ];
      for (const [body, message] of cases) expectError(await create(body), 400, message);
      expectError(await create([]), 400);
    });

    it('answers 401 without a token and 403 without news:list', async () => {
      expectError(await create({ title: '标题', content: '正文' }, null), 401);
      expectError(await create({ title: '标题', content: '正文' }, nobody), 403);
    });
  });
});

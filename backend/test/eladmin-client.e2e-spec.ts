import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { binary } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/** Issue 12, contract with real clients: calls eladmin-web makes that answered 400 or were missing. */

const sheetOf = async (body: unknown): Promise<ExcelJS.Worksheet> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as Parameters<ExcelJS.Xlsx['load']>[0]);
  return book.worksheets[0];
};

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('eladmin-web calls', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let nobody: string;

  const get = (url: string, token: string | null = admin) => {
    const req = t.http().get(url);
    return token ? req.set('Authorization', bearer(token)) : req;
  };
  const download = (url: string, token: string | null = admin) => get(url, token).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('eladmin_nobody');
  });
  afterAll(() => t.close());

  describe('lookups loaded whole (size up to 9999)', () => {
    it('GET api/job?page=0&size=9999&enabled=true answers the whole list', async () => {
      const res = await get('/api/job?page=0&size=9999&enabled=true');
      expect(res.status).toBe(200);
      const enabled = Number((await db.query('SELECT count(*) AS n FROM sys_job WHERE enabled'))[0].n);
      expect(res.body.totalElements).toBe(enabled);
      expect(res.body.content).toHaveLength(enabled);
    });

    it.each(['/api/job', '/api/dept', '/api/dict', '/api/dictDetail', '/api/roles', '/api/menus'])('%s takes size=9999, not 10000', async (url) => {
      const res = await get(`${url}?page=0&size=9999`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.content)).toBe(true);
      const over = await get(`${url}?page=0&size=10000`);
      expect(over.status).toBe(400);
      expect(over.body.message).toBe('size 不能超过 9999');
    });

    it('other lists keep the 1000 cap', async () => {
      for (const url of ['/api/users', '/api/logs', '/api/localStorage']) {
        const res = await get(`${url}?page=0&size=9999`);
        expect([url, res.status, res.body.message]).toEqual([url, 400, 'size 不能超过 1000']);
        expect((await get(`${url}?page=0&size=1000`)).status).toBe(200);
      }
    });
  });

  describe('exports', () => {
    it('GET api/menus/download: every menu as xlsx with Chinese headers', async () => {
      const res = await download('/api/menus/download');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const sheet = await sheetOf(res.body);
      expect(rowValues(sheet, 1)).toEqual(['菜单标题', '菜单类型', '权限标识', '外链菜单', '菜单可见', '是否缓存', '创建日期']);
      const menus = Number((await db.query('SELECT count(*) AS n FROM sys_menu'))[0].n);
      expect(sheet.rowCount).toBe(menus + 1);
      expect(['目录', '菜单', '按钮']).toContain(sheet.getRow(2).getCell(2).value);
      // Filters as the list's.
      const [{ title }] = (await db.query("SELECT title FROM sys_menu WHERE type = 2 ORDER BY id LIMIT 1")) as Array<{ title: string }>;
      const filtered = await sheetOf((await download(`/api/menus/download?blurry=${encodeURIComponent(title)}`)).body);
      expect(filtered.getRow(2).getCell(1).value).toBe(title);
      expect(filtered.rowCount).toBeLessThan(menus + 1);
    });

    it('GET api/logs/error/download: the error rows, not caught by error/{id}', async () => {
      expect((await t.http().post('/api/job').set('Authorization', bearer(admin)).send({ name: '' })).status).toBe(400);
      await new Promise((r) => setTimeout(r, 200)); // the audit row is written after the answer
      const res = await download('/api/logs/error/download');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const sheet = await sheetOf(res.body);
      const headers = rowValues(sheet, 1);
      expect(headers).toEqual(expect.arrayContaining(['用户名', 'IP', '描述', '日志类型']));
      const typeColumn = headers.indexOf('日志类型') + 1;
      expect(sheet.rowCount).toBeGreaterThan(1);
      for (let i = 2; i <= sheet.rowCount; i++) expect(sheet.getRow(i).getCell(typeColumn).value).toBe('ERROR');
      expect((await get('/api/logs/error/abc')).status).toBe(400); // the detail route still checks its id
    });

    it('GET api/localStorage/download: the stored files (formula-safe), with the list filters', async () => {
      const up = await t.http().post('/api/localStorage?name=%3DSUM(A1)').set('Authorization', bearer(admin)).attach('file', Buffer.from('hello'), 'report.txt');
      expect(up.status).toBeLessThan(300);
      const res = await download('/api/localStorage/download?blurry=SUM');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const sheet = await sheetOf(res.body);
      expect(rowValues(sheet, 1)).toEqual(['文件名', '备注名', '文件类型', '文件大小', '创建者', '创建日期']);
      expect(sheet.rowCount).toBe(2);
      expect(rowValues(sheet, 2).slice(0, 5)).toEqual(['report.txt', "'=SUM(A1)", 'txt', '5 B', 'admin']);
    });

    it.each(['/api/menus/download', '/api/logs/error/download', '/api/localStorage/download'])('%s: 401 without login, 403 without the permission', async (url) => {
      const anon = await get(url, null);
      expect(anon.status).toBe(401);
      const denied = await get(url, nobody);
      expect(denied.status).toBe(403);
    });
  });

  describe('POST api/localStorage?name=', () => {
    it('names the file from the query; a form field name wins', async () => {
      const fromQuery = await t.http().post(`/api/localStorage?name=${encodeURIComponent('季度报告')}`).set('Authorization', bearer(admin)).attach('file', Buffer.from('a'), 'q.txt');
      expect(fromQuery.status).toBeLessThan(300);
      expect(fromQuery.body).toMatchObject({ name: '季度报告', realName: 'q.txt' });
      const both = await t.http().post('/api/localStorage?name=query-name').set('Authorization', bearer(admin)).field('name', 'form-name').attach('file', Buffer.from('b'), 'b.txt');
      expect(both.body.name).toBe('form-name');
      const none = await t.http().post('/api/localStorage?name=').set('Authorization', bearer(admin)).attach('file', Buffer.from('c'), 'plain.txt');
      expect(none.body.name).toBe('plain');
      expect((await db.query('SELECT name FROM sys_file WHERE id = $1', [fromQuery.body.id]))[0].name).toBe('季度报告');
    });
  });
});

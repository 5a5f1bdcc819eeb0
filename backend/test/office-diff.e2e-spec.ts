import { DataSource } from 'typeorm';
import { makeDoc, makeDocx } from './fixtures/word-files';
import { insertJournal, insertProduct, insertRow } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * `GET api/office/diff` (issue 15 piece 4; docs/office-design.md §4.9, docs/office-api.md): the text
 * diff of two .docx versions of a journal or a copy, read as the versions list; the refusals.
 * Seeded users: editor (role 编辑: productJournal:*), translator (no productJournal permission).
 */
describe('online office editing: diff of two versions', () => {
  let t: TestApp;
  let db: DataSource;
  let editor: string;
  let translator: string;
  let deptId: number;
  let userId: number;
  let journalId: number;
  let columnId: number;
  let copyId: number;

  const as = (token: string) => requestsAs(t, token);
  const diff = (query: string, token = editor) => as(token).get(`/api/office/diff?${query}`);
  const uploadJournal = async (data: Buffer, name: string) => {
    const res = await t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(editor)).field('journalId', String(journalId)).attach('file', data, name);
    expect(res.status).toBe(201);
  };
  const uploadCopy = async (data: Buffer, form: Record<string, string>) => {
    let req = t.http().post('/api/productManuscript/uploadManu').set('Authorization', bearer(editor));
    for (const [k, v] of Object.entries(form)) req = req.field(k, v);
    const res = await req.attach('file', data, '稿件.docx');
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    deptId = ((await db.query("SELECT id FROM sys_dept WHERE name = '期刊编辑部'")) as Array<{ id: number }>)[0].id;
    userId = ((await db.query("SELECT id FROM sys_user WHERE username = 'editor'")) as Array<{ id: number }>)[0].id;
    editor = await t.login('editor');
    translator = await t.login('translator');
    const productId = await insertProduct(db, { name: '对比产品', deptId, period: 'daily', type: '1', contentType: '2' });
    columnId = await insertRow(db, 'product_column', { productId, name: '要闻', sort: 1, status: true });
    journalId = await insertJournal(db, { productId, journalNo: 1 });
    await uploadJournal(await makeDocx('今天天气很好'), '日报.docx'); // 1
    await uploadJournal(await makeDocx('今天天气很坏'), '日报.docx'); // 2
    await uploadJournal(makeDoc(), '旧版.doc'); // 3
    copyId = await uploadCopy(await makeDocx('第一段'), { journalId: String(journalId), columnId: String(columnId), title: '对比稿件', firstAuthor: '编辑部', authorIds: String(userId), deptId: String(deptId) });
    await uploadCopy(await makeDocx('第一段'), { manuId: String(copyId) });
  });
  afterAll(() => t.close());

  it('200: a changed word of a journal, word parts inside the changed paragraph; two equal copy versions', async () => {
    const res = await diff(`kind=journal&id=${journalId}&from=1&to=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: 1, to: 2, skipped: 0, truncated: false, stats: { added: 0, removed: 0, changed: 1 }, notes: { from: null, to: null } });
    expect(res.body.paragraphs).toEqual([
      { op: 'changed', parts: [{ op: 'equal', text: '今天天气' }, { op: 'delete', text: '很好' }, { op: 'insert', text: '很坏' }] },
    ]);
    const same = await diff(`kind=copy&id=${copyId}&from=1&to=2`);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ stats: { added: 0, removed: 0, changed: 0 }, paragraphs: [{ op: 'equal', text: '第一段' }] });
  });

  it('401 without a login, 403 without the kind permission', async () => {
    expectError(await t.http().get(`/api/office/diff?kind=journal&id=${journalId}&from=1&to=2`), 401, '登录状态已过期，请重新登录');
    expectError(await diff(`kind=journal&id=${journalId}&from=1&to=2`, translator), 403, '没有权限执行此操作');
    expectError(await diff(`kind=copy&id=${copyId}&from=1&to=2`, translator), 403, '没有权限执行此操作');
  });

  it('400: a .doc version, bad kind, bad or missing version numbers', async () => {
    expectError(await diff(`kind=journal&id=${journalId}&from=2&to=3`), 400, '只能比较两个 .docx 版本');
    expectError(await diff(`kind=x&id=${journalId}&from=1&to=2`), 400, 'kind 必须是 journal 或 copy');
    expectError(await diff(`kind=journal&id=${journalId}&from=a&to=2`), 400, 'from 必须是整数');
    expectError(await diff(`kind=journal&id=${journalId}&from=1&to=1.5`), 400, 'to 必须是整数');
    expectError(await diff(`kind=journal&id=${journalId}&from=0&to=2`), 400, 'from 必须是正整数');
    expectError(await diff(`kind=journal&id=${journalId}&from=1`), 400, 'to 不能为空');
    expectError(await diff(`kind=journal&id=x&from=1&to=2`), 400, 'id 必须是整数');
  });

  it('404: unknown journal, copy or version', async () => {
    expectError(await diff('kind=journal&id=999999&from=1&to=2'), 404, '期刊不存在');
    expectError(await diff('kind=copy&id=999999&from=1&to=2'), 404, '稿件不存在');
    expectError(await diff(`kind=journal&id=${journalId}&from=1&to=9`), 404, '版本不存在');
    expectError(await diff(`kind=copy&id=${copyId}&from=5&to=1`), 404, '版本不存在');
  });
});

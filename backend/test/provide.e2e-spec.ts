import { DataSource } from 'typeorm';
import { insertJournal, insertManuscript, insertProduct, insertRow } from './utils/factories';
import { expectError } from './utils/http';
import { createTestApp, requestsAs, type TestApp } from './utils/test-app';

const FORBIDDEN = '没有权限执行此操作';
const NOT_OWNED = '没有权限操作该产品的期刊';
const DONE = '期刊已定稿，不能修改';
const COUNT = '提供数量必须是不小于 0 的整数';

interface Count {
  id: number | null;
  dept: { id: number; name: string | null };
  provideCount: number;
}
interface ColumnCounts {
  column: { id: number; name: string | null };
  list: Count[];
}

/**
 * `api/productJournalProvide` (docs/workbench-api.md "Provider counts"): per column × source unit the
 * stored count or, by default, the number of the journal's copies; writes need productJournal:manu,
 * ownership of the journal's product, and a journal not done.
 */
describe('api/productJournalProvide', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let nobody: string;
  let outsider: string;
  let dept: Record<string, number>;
  let product: number;
  let otherProduct: number;
  let col: { a: number; b: number; c: number; foreign: number };
  let seq = 0;

  const as = (token: string) => requestsAs(t, token);
  const anon = () => t.http();
  const list = (journalId: number | string, token = editor) => as(token).get(`/api/productJournalProvide/list?productId=${product}&journalId=${journalId}`);
  const counts = async (journalId: number): Promise<ColumnCounts[]> => {
    const res = await list(journalId);
    expect(res.status).toBe(200);
    return res.body as ColumnCounts[];
  };
  /** `{ "<column>/<dept>": count }` of a list answer, for short assertions. */
  const flat = (answer: ColumnCounts[]) => Object.fromEntries(answer.flatMap((c) => c.list.map((u) => [`${c.column.name}/${u.dept.name}`, u.provideCount])));
  const rows = async (journalId: number) => Number((await db.query('SELECT count(*)::int AS n FROM product_journal_provide WHERE journal_id = $1', [journalId]))[0].n);

  /** A copy in `journalId`, of column `columnId`, from the unit `deptId`. */
  const copy = async (journalId: number, columnId: number, deptId: number) => {
    const id = await insertManuscript(db, { deptId, productId: product, journalId, title: `副本${++seq}` });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };
  const journal = () => insertJournal(db, { productId: product, journalNo: ++seq, totalNo: seq });
  const saveAll = (journalId: number, list: unknown, token = editor) => as(token).post('/api/productJournalProvide/saveAll', { journal: { id: journalId }, list });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    nobody = await t.loginWithoutRoles('provideless');
    dept = Object.fromEntries(((await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>).map((d) => [d.name, d.id]));
    const role = async (name: string) => ((await db.query('SELECT id FROM sys_role WHERE name = $1', [name])) as Array<{ id: number }>)[0].id;
    // an editor of another unit: every productJournal permission, not the owner of the product
    await t.createUser({ username: 'provide-outsider', nickName: 'outsider', enabled: true, dept: { id: dept['国际新闻部'] }, roles: [{ id: await role('普通用户') }, { id: await role('编辑') }] }, admin);
    outsider = await t.login('provide-outsider');

    product = await insertProduct(db, { name: '提供数量周刊', deptId: dept['期刊编辑部'], period: 'weekly', type: '1', contentType: '2' });
    otherProduct = await insertProduct(db, { name: '别的产品', deptId: dept['期刊编辑部'], period: 'weekly', type: '1', contentType: '2' });
    col = {
      b: await insertRow(db, 'product_column', { productId: product, name: '综述', sort: 2 }),
      a: await insertRow(db, 'product_column', { productId: product, name: '要闻', sort: 1 }),
      c: await insertRow(db, 'product_column', { productId: product, name: '专题', sort: 3 }),
      foreign: await insertRow(db, 'product_column', { productId: otherProduct, name: '外栏', sort: 1 }),
    };
  });
  afterAll(() => t.close());

  it('list: by default the number of the journal`s copies per column × source unit, columns and units by sort', async () => {
    const j = await journal();
    await copy(j, col.a, dept['期刊编辑部']);
    await copy(j, col.a, dept['期刊编辑部']);
    await copy(j, col.a, dept['国际新闻部']);
    await copy(j, col.b, dept['期刊编辑部']);
    // not counted: a pool manuscript of the product, a copy of another journal
    const pool = await insertManuscript(db, { deptId: dept['期刊编辑部'], productId: product });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [pool, col.a]);
    await copy(await journal(), col.a, dept['期刊编辑部']);

    const answer = await counts(j);
    // units by their sort (then id), as the unit tree shows them
    const ordered: string[] = ((await db.query('SELECT name FROM sys_dept WHERE name = ANY($1) ORDER BY dept_sort, id', [['期刊编辑部', '国际新闻部']])) as Array<{ name: string }>).map((d) => d.name);
    const copiesOfA: Record<string, number> = { 期刊编辑部: 2, 国际新闻部: 1 };
    const unitsOfA = ordered.map((name) => ({ id: null, dept: { id: dept[name], name }, provideCount: copiesOfA[name] }));
    expect(answer).toEqual([
      { column: { id: col.a, name: '要闻' }, list: unitsOfA },
      { column: { id: col.b, name: '综述' }, list: [{ id: null, dept: { id: dept['期刊编辑部'], name: '期刊编辑部' }, provideCount: 1 }] },
    ]);
    // productId may be left out (the journal names its product); the reader needs productJournal:list only
    expect((await as(outsider).get(`/api/productJournalProvide/list?journalId=${j}`)).body).toEqual(answer);
    expect((await list(await journal())).body).toEqual([]);
  });

  it('saveAll stores every count (upsert), a stored count wins over the default, another column and unit are added', async () => {
    const j = await journal();
    await copy(j, col.a, dept['期刊编辑部']);
    await copy(j, col.a, dept['国际新闻部']);
    const res = await saveAll(j, [
      { column: { id: col.a, name: '要闻' }, list: [{ dept: { id: dept['期刊编辑部'], name: '期刊编辑部' }, provideCount: 5 }] },
      { column: { id: col.c }, list: [{ dept: { id: dept['技术部'] }, provideCount: '3' }, { dept: { id: dept['技术部'] }, provideCount: 4 }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect(flat(await counts(j))).toEqual({ '要闻/期刊编辑部': 5, '要闻/国际新闻部': 1, '专题/技术部': 4 });
    const stored = (await counts(j)).flatMap((c) => c.list).filter((u) => u.id !== null);
    expect(stored).toHaveLength(2);
    expect(await db.query('SELECT DISTINCT create_by AS "by" FROM product_journal_provide WHERE journal_id = $1', [j])).toEqual([{ by: 'editor' }]);

    // again: the same rows are replaced, not added; 0 is a count
    expect((await saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount: 0 }] }])).body).toEqual({ count: 1 });
    expect(flat(await counts(j))).toEqual({ '要闻/期刊编辑部': 0, '要闻/国际新闻部': 1, '专题/技术部': 4 });
    expect(await rows(j)).toBe(2);
    expect((await saveAll(j, [])).body).toEqual({ count: 0 });
  });

  it('POST / PUT / DELETE single rows; DELETE brings back the default', async () => {
    const j = await journal();
    await copy(j, col.b, dept['国际新闻部']);
    const created = await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.b }, dept: { id: dept['国际新闻部'] }, provideCount: 9 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), column: { id: col.b, name: '综述' }, dept: { id: dept['国际新闻部'], name: '国际新闻部' }, provideCount: 9 });
    // the same column and unit again: the stored row is replaced
    const again = await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.b }, dept: { id: dept['国际新闻部'] }, provideCount: 8 });
    expect(again.body).toEqual({ ...created.body, provideCount: 8 });

    expect((await as(editor).put('/api/productJournalProvide', { id: created.body.id, provideCount: 7 })).status).toBe(204);
    expect(await counts(j)).toEqual([{ column: { id: col.b, name: '综述' }, list: [{ id: created.body.id, dept: { id: dept['国际新闻部'], name: '国际新闻部' }, provideCount: 7 }] }]);

    expect((await as(editor).del('/api/productJournalProvide', [created.body.id])).status).toBe(200);
    expect(await counts(j)).toEqual([{ column: { id: col.b, name: '综述' }, list: [{ id: null, dept: { id: dept['国际新闻部'], name: '国际新闻部' }, provideCount: 1 }] }]);
    expect(await rows(j)).toBe(0);
  });

  it('400: counts that are not integers ≥ 0, missing references, a column of another product, an unknown unit', async () => {
    const j = await journal();
    const one = (provideCount: unknown) => saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount }] }]);
    for (const bad of [-1, 1.5, 'abc', '', null, true, [3], 2 ** 31]) expectError(await one(bad), 400, COUNT);
    expectError(await saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] } }] }]), 400, COUNT);
    expectError(await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.a }, dept: { id: dept['期刊编辑部'] }, provideCount: -3 }), 400, COUNT);
    expectError(await as(editor).put('/api/productJournalProvide', { id: 1, provideCount: 'x' }), 400, COUNT);

    expectError(await as(editor).post('/api/productJournalProvide/saveAll', { list: [] }), 400, '请选择期刊');
    expectError(await as(editor).post('/api/productJournalProvide/saveAll', { journal: { id: 'x' }, list: [] }), 400, '请选择期刊');
    expectError(await as(editor).post('/api/productJournalProvide/saveAll', { journal: { id: j }, list: {} }), 400, '提供数量列表格式不正确');
    expectError(await saveAll(j, [{ list: [] }]), 400, '请选择栏目');
    expectError(await saveAll(j, [{ column: { id: col.a }, list: [{ dept: [], provideCount: 1 }] }]), 400, '请选择单位');
    expectError(await as(editor).put('/api/productJournalProvide', { provideCount: 1 }), 400, '请选择提供数量记录');
    expectError(await as(editor).get(`/api/productJournalProvide/list?productId=${product}`), 400, '请选择期刊');
    expectError(await list('abc'), 400, '请选择期刊');

    expectError(await saveAll(j, [{ column: { id: col.foreign }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount: 1 }] }]), 400, '栏目不属于该期刊的产品');
    expectError(await saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: 999999 }, provideCount: 1 }] }]), 400, '单位不存在');
    expect(await rows(j)).toBe(0);
  });

  it('401 without a session; 403 without the permission (the guard, before anything is read)', async () => {
    const j = await journal();
    const body = { journal: { id: j }, column: { id: col.a }, dept: { id: dept['期刊编辑部'] }, provideCount: 1 };
    expect((await anon().get(`/api/productJournalProvide/list?journalId=${j}`)).status).toBe(401);
    expect((await anon().post('/api/productJournalProvide/saveAll').send({ journal: { id: j }, list: [] })).status).toBe(401);
    expect((await anon().post('/api/productJournalProvide').send(body)).status).toBe(401);
    expect((await anon().put('/api/productJournalProvide').send({ id: 1, provideCount: 1 })).status).toBe(401);
    expect((await anon().delete('/api/productJournalProvide').send([1])).status).toBe(401);

    expectError(await list(j, nobody), 403, FORBIDDEN);
    for (const token of [nobody, translator]) {
      expectError(await saveAll(j, [], token), 403, FORBIDDEN);
      expectError(await as(token).post('/api/productJournalProvide', body), 403, FORBIDDEN);
      expectError(await as(token).put('/api/productJournalProvide', { id: 1, provideCount: 1 }), 403, FORBIDDEN);
      expectError(await as(token).del('/api/productJournalProvide', [1]), 403, FORBIDDEN);
    }
    expect(await rows(j)).toBe(0);
  });

  it('403 PRODUCT_NOT_OWNED: an editor of another unit reads the counts but writes none', async () => {
    const j = await journal();
    await copy(j, col.a, dept['期刊编辑部']);
    const stored = (await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.a }, dept: { id: dept['期刊编辑部'] }, provideCount: 6 })).body as { id: number };
    expect((await list(j, outsider)).status).toBe(200);
    expectError(await saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount: 1 }] }], outsider), 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
    expectError(await as(outsider).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.a }, dept: { id: dept['国际新闻部'] }, provideCount: 1 }), 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
    expectError(await as(outsider).put('/api/productJournalProvide', { id: stored.id, provideCount: 1 }), 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
    expectError(await as(outsider).del('/api/productJournalProvide', [stored.id]), 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
    expect(flat(await counts(j))).toEqual({ '要闻/期刊编辑部': 6 });
    expect(await rows(j)).toBe(1);
    // the administrator owns every product
    expect((await as(admin).put('/api/productJournalProvide', { id: stored.id, provideCount: 2 })).status).toBe(204);
  });

  it('404: an unknown journal or row', async () => {
    expectError(await list(999999), 404, '期刊不存在');
    expectError(await saveAll(999999, []), 404, '期刊不存在');
    expectError(await as(editor).post('/api/productJournalProvide', { journal: { id: 999999 }, column: { id: col.a }, dept: { id: dept['期刊编辑部'] }, provideCount: 1 }), 404, '期刊不存在');
    expectError(await as(editor).put('/api/productJournalProvide', { id: 999999, provideCount: 1 }), 404, '提供数量记录不存在');
    expectError(await as(editor).del('/api/productJournalProvide', [999999]), 404, '提供数量记录不存在');
  });

  it('409 JOURNAL_DONE on a done journal (every write), the counts still readable; a journal`s rows go with it', async () => {
    const j = await journal();
    await copy(j, col.a, dept['期刊编辑部']);
    const stored = (await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.a }, dept: { id: dept['期刊编辑部'] }, provideCount: 4 })).body as { id: number };
    await db.query(`UPDATE product_journal SET status = 'done' WHERE id = $1`, [j]);
    expectError(await saveAll(j, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount: 1 }] }]), 409, DONE, 'JOURNAL_DONE');
    expectError(await as(editor).post('/api/productJournalProvide', { journal: { id: j }, column: { id: col.b }, dept: { id: dept['期刊编辑部'] }, provideCount: 1 }), 409, DONE, 'JOURNAL_DONE');
    expectError(await as(editor).put('/api/productJournalProvide', { id: stored.id, provideCount: 1 }), 409, DONE, 'JOURNAL_DONE');
    expectError(await as(editor).del('/api/productJournalProvide', [stored.id]), 409, DONE, 'JOURNAL_DONE');
    expect(flat(await counts(j))).toEqual({ '要闻/期刊编辑部': 4 });
    // 更正版 (review) is editable again
    await db.query(`UPDATE product_journal SET status = 'review' WHERE id = $1`, [j]);
    expect((await as(editor).put('/api/productJournalProvide', { id: stored.id, provideCount: 3 })).status).toBe(204);

    const doomed = await journal();
    await saveAll(doomed, [{ column: { id: col.a }, list: [{ dept: { id: dept['期刊编辑部'] }, provideCount: 1 }] }]);
    expect(await rows(doomed)).toBe(1);
    await db.query('DELETE FROM product_journal WHERE id = $1', [doomed]);
    expect(await rows(doomed)).toBe(0);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, ImageRun, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import PizZip from 'pizzip';
import { DataSource } from 'typeorm';
import { findSoffice } from '../src/common/docx/index';
import { insertJournal, insertProduct, insertRow, insertRows } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * `GET api/productJournal/generateJournal` (issue 14): a new journal version built from the product's
 * template (or the built-in one) with every column in order and its copies in the saved order; HTML
 * bodies become Word structure (a table and a picture survive), uploaded .docx bodies are merged.
 * The document is opened and checked, and LibreOffice converts it to PDF.
 */
describe('generateJournal', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let outsider: string;
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};
  let seq = 0;

  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const as = (token: string) => requestsAs(t, token);
  const generate = (journalId: unknown, token: string | null = editor) => {
    const req = t.http().get('/api/productJournal/generateJournal').query({ journalId });
    return token ? req.set('Authorization', bearer(token)) : req;
  };

  /** A .docx with a paragraph, a table and a picture (the uploaded body to merge). */
  const uploadedDocx = (title: string) =>
    Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph(`${title}的上传正文`),
              new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('上传表格单元')] })] })] }),
              new Paragraph({ children: [new ImageRun({ type: 'png', data: PNG, transformation: { width: 20, height: 20 } })] }),
            ],
          },
        ],
      }),
    );

  const world = async () => {
    const productId = await insertProduct(db, { name: `生成产品${++seq}`, deptId: dept['期刊编辑部'], period: 'daily', type: '1', contentType: '2' });
    const [news, comment] = await insertRows(db, 'product_column', [
      { productId, name: '要闻', sort: 1, status: true },
      { productId, name: '评论', sort: 2, status: true },
    ]);
    const journalId = await insertJournal(db, { productId, journalNo: 7, year: 2026, totalNo: 88 });
    return { productId, journalId, news, comment };
  };

  const pool = async (productId: number, columnId: number, title: string, content: string) => {
    const id = await insertRow(db, 'manuscript', { title, content, abstracts: `${title}摘要`, firstAuthor: '编译部', authorIds: `${user.editor}`, deptId: dept['编译部'], productId, createById: user.translator, createBy: 'translator' });
    await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };

  const documentXml = (bytes: Buffer) => new PizZip(bytes).file('word/document.xml')!.asText();
  const download = async (fileId: number, token = editor) => {
    const res = await as(token).get(`/api/localStorage/download/${fileId}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const d of (await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>) dept[d.name] = d.id;
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) user[u.username] = u.id;
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    const roles = (await db.query("SELECT id FROM sys_role WHERE name IN ('编辑', '普通用户')")) as Array<{ id: number }>;
    await t.createUser({ username: 'genoutsider', nickName: '外部编辑', enabled: true, dept: { id: dept['国际新闻部'] }, roles: roles.map((r) => ({ id: r.id })) }, admin);
    outsider = await t.login('genoutsider');
  });
  afterAll(() => t.close());

  it('builds a new version: columns in order, copies in the saved order, a table and pictures survive', async () => {
    const w = await world();
    const html = `<h2>小标题</h2><p>甲的<b>正文</b></p><table><tr><td>HTML表格单元</td></tr></table><p><img src="data:image/png;base64,${PNG.toString('base64')}"></p>`;
    const [a, b, c] = [await pool(w.productId, w.news, '甲', html), await pool(w.productId, w.news, '乙', '<p>乙的正文</p>'), await pool(w.productId, w.comment, '丙', '<ul><li>丙的要点</li></ul>')];
    const picked = (await as(editor).post('/api/productManuscript', { journalId: w.journalId, columnId: w.news, manuIds: [a, b] })).body.ids as number[];
    await as(editor).post('/api/productManuscript', { journalId: w.journalId, columnId: w.comment, manuIds: [c] });
    // the saved order: 乙 before 甲
    expect((await as(editor).post('/api/productManuscript/saveSort', { journalId: w.journalId, columnId: w.news, ids: [picked[1], picked[0]] })).status).toBe(200);
    // an uploaded .docx copy at the end of 评论
    const up = await t
      .http()
      .post('/api/productManuscript/uploadManu')
      .set('Authorization', bearer(editor))
      .field('journalId', String(w.journalId))
      .field('columnId', String(w.comment))
      .field('title', '丁')
      .field('firstAuthor', '驻外记者站')
      .field('authorIds', `${user.editor}`)
      .field('deptId', String(dept['国际新闻部']))
      .attach('file', await uploadedDocx('丁'), '丁.docx');
    expect(up.status).toBe(201);

    const res = await generate(w.journalId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, title: `生成产品${seq}2026第7期.docx`, file: { realName: `生成产品${seq}2026第7期.docx` } });
    const bytes = await download(res.body.file.id);
    const xml = documentXml(bytes);
    const text = xml.replace(/<[^>]+>/g, '');
    const order = ['要闻', '乙的正文', '甲的', '评论', '丙的要点', '丁的上传正文'].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(text).toContain('总第88期');
    expect(text).toContain('HTML表格单元');
    expect(text).toContain('上传表格单元');
    expect((xml.match(/<w:tbl>/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect((xml.match(/<w:drawing>/g) ?? []).length).toBeGreaterThanOrEqual(2);
    // a second generation is the next version; both are listed
    expect((await generate(w.journalId)).body.version).toBe(2);
    expect(((await as(editor).get(`/api/productJournal/getFiles?journalId=${w.journalId}`)).body as unknown[]).length).toBe(2);

    const soffice = findSoffice();
    if (!soffice && process.env.REQUIRE_SOFFICE) throw new Error('soffice is required (REQUIRE_SOFFICE): apt-get install -y libreoffice-writer-nogui');
    if (soffice) {
      const dir = mkdtempSync(join(tmpdir(), 'gen-'));
      try {
        writeFileSync(join(dir, 'journal.docx'), bytes);
        execFileSync(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'journal.docx')], { timeout: 120_000, env: { ...process.env, HOME: dir } });
        expect(readFileSync(join(dir, 'journal.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 180_000);

  it('uses the product template when there is one', async () => {
    const w = await world();
    const template = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('刊头 {productName} 第{journalNo}期'), new Paragraph('{#sections}'), new Paragraph('栏目：{name}'), new Paragraph('{#items}'), new Paragraph('稿件{seq}：{title}'), new Paragraph('{@body}'), new Paragraph('{/items}'), new Paragraph('{/sections}')] }] }));
    const tpl = await t.http().post('/api/localStorage/template').set('Authorization', bearer(admin)).attach('file', template, '模板.docx');
    expect(tpl.status).toBe(201);
    // as the product dialog saves it (PUT api/productSetting links the template to the product)
    await db.query('UPDATE product_setting SET template_file_id = $1 WHERE id = $2', [tpl.body.id, w.productId]);
    await db.query("UPDATE sys_file SET form_type = 'product', form_id = $2 WHERE id = $1", [tpl.body.id, w.productId]);
    const a = await pool(w.productId, w.news, '模板稿', '<p>模板稿正文</p>');
    await as(editor).post('/api/productManuscript', { journalId: w.journalId, columnId: w.news, manuIds: [a] });
    const res = await generate(w.journalId);
    expect(res.status).toBe(200);
    const text = documentXml(await download(res.body.file.id)).replace(/<[^>]+>/g, '');
    expect(text).toContain(`刊头 生成产品${seq} 第7期`);
    expect(text).toContain('栏目：要闻');
    expect(text).toContain('稿件1：模板稿');
    expect(text).toContain('模板稿正文');
  });

  it('refuses: 401, 403 without the permission or the product, 400, 404, 409 when done', async () => {
    const w = await world();
    expect((await generate(w.journalId, null)).status).toBe(401);
    expectError(await generate(w.journalId, translator), 403);
    expectError(await generate(w.journalId, outsider), 403, '没有权限操作该产品的期刊');
    expectError(await generate('x'), 400);
    expectError(await generate(99_999_999), 404, '期刊不存在');
    expectError(await generate(w.journalId), 400, '期刊没有稿件，无法生成');
    const a = await pool(w.productId, w.news, '定稿稿', '<p>x</p>');
    await as(editor).post('/api/productManuscript', { journalId: w.journalId, columnId: w.news, manuIds: [a] });
    await db.query("UPDATE product_journal SET status = 'done' WHERE id = $1", [w.journalId]);
    expectError(await generate(w.journalId), 409, '期刊已定稿，不能修改');
    expect(((await db.query('SELECT count(*)::int AS n FROM product_journal_file WHERE journal_id = $1', [w.journalId])) as Array<{ n: number }>)[0].n).toBe(0);
  });
});

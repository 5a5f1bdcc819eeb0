// The product management page (产品管理 / 期刊管理 tabs, issue 6) in the product-processing shell
// (/productProcess-product) and in the admin layout (/product/productSetting).
//   1. the editor (role 编辑: productSetting:*, productJournal:*) adds a product through the dialog:
//      the empty form is refused, a text file named .docx is refused by the server, a real .docx
//      template is uploaded (removed and uploaded again), two column rows (the second disabled, a
//      third added and removed), 周期 日刊 → 新增成功 and the row with its columns and template;
//   2. 修改 needs exactly one selected row; the name is changed; 删除 asks
//      确认删除选中的 2 条数据? and removes both rows;
//   3. 统计报告 of a row: a reversed period is refused, a valid one gives an xlsx link;
//   4. 列设置: columns can be hidden down to five, the sixth is refused (请至少选择五列); the choice
//      survives a reload;
//   5. 期刊管理: 新增 fills 年度 / 期号 / 总期号 from getMaxTotalNo, the journal is 编辑审核中;
//      提交 is refused without a version file; after an upload 提交 → 已提交, 完成 → 已完成; a
//      product's 期刊管理 action opens the tab filtered by it, where an issue is deleted;
//   6. one shell per module: a journal's 稿件管理 keeps the process shell's top navigation; the
//      product pages of the admin layout name 产品加工 in the footer, not 系统管理;
//   7. an editor of another department (every productJournal permission, issue 12) sees the actions of
//      journals of products that are not theirs disabled with 没有权限操作该产品的期刊, may use those of
//      their own unit's product, and the 新增 form offers only that product;
//   8. the reviewer (no product permission) gets the no-access notice and no buttons.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { Document, Packer, Paragraph } from 'docx';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot, today } from '../support.mjs';

const EDITOR = { username: 'editor', password: '123456' };
const REVIEWER = { username: 'reviewer', password: '123456' };
const RUN = Date.now().toString(36);
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let editor;
let reviewer;
let admin;
let outsider;
/** The editor's department id (products made through the API belong to it). */
let editorDept;

/** Screenshot once transitions (dialog fade-in, tab indicator) are over and earlier notices have gone. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const ok = (answer, what) => {
  assert.ok(answer.status >= 200 && answer.status < 300, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A real .docx (Office Open XML, written by the `docx` package, as backend/test/fixtures/word-files.ts). */
async function makeDocx(text) {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
}


/** A product made through the API (editor's department, type 常规期, full text). */
async function createProduct(page, name, columns = ['要闻']) {
  return ok(
    await api(page, 'api/productSetting', {
      method: 'POST',
      body: { name, deptId: editorDept, type: '1', contentType: '2', columnList: columns.map((c, i) => ({ sort: i + 1, name: c, status: true })) },
    }),
    `create product ${name}`,
  );
}

/** Opens the 产品管理 tab of the process shell and waits for the first page of products. */
async function openProducts(page) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/productSetting/list?') && r.ok());
  await page.goto(`${BASE_URL}/horizon/productProcess-product`);
  await listed;
  await page.getByRole('tab', { name: '产品管理', selected: true }).waitFor();
  return page.getByRole('table', { name: '产品列表' });
}

const productRow = (table, name) => table.getByRole('row').filter({ has: table.page().getByText(name, { exact: true }) });

/** Picks an option of a MUI select inside `scope`. */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The notice at the top of the page with this text. */
const notice = (page, text) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });

before(async () => {
  editor = await openBrowser();
  await loginAs(editor.page, EDITOR.username, EDITOR.password);
  const me = ok(await api(editor.page, 'auth/info'), 'editor info');
  editorDept = me.user.dept.id;
  for (const code of ['productSetting:list', 'productSetting:add', 'productSetting:edit', 'productSetting:del', 'productJournal:list', 'productJournal:add', 'productJournal:edit']) {
    assert.ok(me.roles.includes(code), `the editor has ${code}`);
  }
});

after(async () => {
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors in the editor’s page');
  assert.deepEqual(reviewer?.errors ?? [], [], 'no uncaught errors in the reviewer’s page');
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the admin’s page');
  assert.deepEqual(outsider?.errors ?? [], [], 'no uncaught errors in the outsider’s page');
  await editor?.close();
  await reviewer?.close();
  await admin?.close();
  await outsider?.close();
});

test('the editor adds a product with columns and a .docx template through the dialog', async () => {
  const { page } = editor;
  const name = `e2e 产品 ${RUN}`;
  const table = await openProducts(page);
  const toolbar = page.getByRole('toolbar', { name: '产品操作' });

  await toolbar.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增产品' });
  await dialog.waitFor();
  // one blank enabled column row to start with
  assert.equal(await dialog.getByRole('textbox', { name: /^第 \d+ 行名称$/ }).count(), 1);
  assert.equal(await dialog.getByRole('textbox', { name: '第 1 行名称' }).inputValue(), '');
  assert.equal(await dialog.getByLabel('第 1 行启用', { exact: true }).isChecked(), true);
  assert.equal(await dialog.getByRole('spinbutton', { name: '第 1 行序号' }).inputValue(), '1');

  // the empty form is refused before anything is sent
  let posted = 0;
  const countPosts = (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/productSetting') posted++;
  };
  page.on('request', countPosts);
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  await dialog.getByText('所属单位不能为空').waitFor();
  await dialog.getByText('产品名称不能为空').waitFor();
  page.off('request', countPosts);
  assert.equal(posted, 0, 'no product is sent while the form is invalid');

  // 所属单位: the department tree picker
  const deptTree = ok(await api(page, 'api/dept/lookup/tree'), 'department tree');
  const findDept = (nodes, label) => {
    for (const node of nodes ?? []) {
      if ((node.label ?? node.name) === label) return node;
      const found = findDept(node.children, label);
      if (found) return found;
    }
    return undefined;
  };
  const publishing = findDept(Array.isArray(deptTree) ? deptTree : deptTree.content, '出版中心');
  assert.ok(publishing, '出版中心 is in the department tree');
  const dept = dialog.getByRole('textbox', { name: '所属单位' });
  await dept.click();
  await page.getByRole('treeitem', { name: '出版中心', exact: true }).locator('.MuiTreeItem-content').first().click();
  await page.waitForFunction((el) => el.value === '出版中心', await dept.elementHandle());
  await dialog.getByText('所属单位不能为空').waitFor({ state: 'detached' });

  await dialog.getByRole('textbox', { name: '产品名称' }).fill(name);
  await dialog.getByText('产品名称不能为空').waitFor({ state: 'detached' });
  await choose(page, dialog, '周期', '日刊');

  // columns: the first row, a second one (disabled), a third one added and removed again
  await dialog.getByRole('textbox', { name: '第 1 行名称' }).fill('要闻');
  await dialog.getByRole('button', { name: '添加栏目' }).click();
  await dialog.getByRole('textbox', { name: '第 2 行名称' }).fill('评论');
  assert.equal(await dialog.getByRole('spinbutton', { name: '第 2 行序号' }).inputValue(), '2', 'a new row comes after the others');
  await dialog.getByLabel('第 2 行启用', { exact: true }).uncheck();
  await dialog.getByRole('button', { name: '添加栏目' }).click();
  await dialog.getByRole('textbox', { name: '第 3 行名称' }).fill('不要的栏目');
  await dialog.getByRole('button', { name: '删除第 3 行栏目' }).click();
  await dialog.getByRole('textbox', { name: '第 3 行名称' }).waitFor({ state: 'detached' });

  // a text file named .docx passes the browser's name check and is refused by the server (content)
  const input = dialog.getByTestId('word-upload-input');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/localStorage/template') && r.request().method() === 'POST');
  await input.setInputFiles({ name: '伪装.docx', mimeType: DOCX_MIME, buffer: Buffer.from('这只是一个文本文件，不是 Word 文档。\n') });
  assert.equal((await refused).status(), 400);
  await notice(page, '只能上传 .doc 或 .docx 文件').waitFor();
  await dialog.getByRole('button', { name: '上传模板文件' }).waitFor();
  assert.equal(await dialog.getByRole('button', { name: '移除模板' }).count(), 0, 'no template after a refused upload');

  // a real .docx; removed and another one uploaded (the product keeps the last one)
  const upload = async (fileName) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/localStorage/template') && r.request().method() === 'POST');
    await dialog.getByTestId('word-upload-input').setInputFiles({ name: fileName, mimeType: DOCX_MIME, buffer: await makeDocx(`${fileName} ${RUN}`) });
    const response = await answered;
    assert.equal(response.status(), 201, await response.text());
    const file = await response.json();
    assert.equal(file.realName, fileName);
    assert.equal(file.type, 'word');
    await dialog.getByRole('button', { name: `下载 ${fileName}` }).waitFor();
    await dialog.getByRole('button', { name: '上传模板文件' }).waitFor({ state: 'detached' });
    return file;
  };
  await upload('旧模板.docx');
  await dialog.getByRole('button', { name: '移除模板' }).click();
  await dialog.getByRole('button', { name: '上传模板文件' }).waitFor();
  const template = await upload(`模板-${RUN}.docx`);
  await notice(page, '文件上传成功！').waitFor();
  await shot(page, 'products-dialog');

  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productSetting' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  const response = await saved;
  assert.equal(response.status(), 201, await response.text());
  const sent = response.request().postDataJSON();
  assert.equal(sent.name, name);
  assert.equal(sent.deptId, Number(publishing.id));
  assert.equal(sent.period, 'daily');
  assert.equal(String(sent.fileIds), String(template.id));
  assert.deepEqual(sent.columnList, [
    { sort: 1, name: '要闻', status: true },
    { sort: 2, name: '评论', status: false },
  ]);
  const product = await response.json();
  await notice(page, '新增成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // stored as sent
  const stored = ok(await api(page, `api/productSetting/${product.id}`), 'read the product');
  assert.equal(stored.name, name);
  assert.equal(stored.dept?.name, '出版中心');
  assert.equal(stored.period, 'daily');
  assert.deepEqual(stored.files.map((f) => f.realName), [template.realName]);
  assert.deepEqual(stored.columnList.map((c) => [c.sort, c.name, c.status]), [[1, '要闻', true], [2, '评论', false]]);

  // the new row (the list is newest first)
  const row = productRow(table, name);
  await row.waitFor();
  await row.getByText('要闻、评论（已停用）').waitFor();
  await row.getByRole('cell', { name: '日刊', exact: true }).waitFor();
  await row.getByRole('button', { name: `下载 ${template.realName}` }).waitFor();
  await shot(page, 'products-list');
});

test('修改 needs exactly one selected row; the name is changed; 删除 asks before removing two rows', async () => {
  const { page } = editor;
  const first = await createProduct(page, `e2e 待改 ${RUN}`, ['栏目甲']);
  const second = await createProduct(page, `e2e 待删 ${RUN}`, ['栏目乙']);
  const renamed = `e2e 已改 ${RUN}`;
  const table = await openProducts(page);
  const toolbar = page.getByRole('toolbar', { name: '产品操作' });
  const edit = toolbar.getByRole('button', { name: '修改', exact: true });
  const remove = toolbar.getByRole('button', { name: '删除', exact: true });
  await productRow(table, first.name).waitFor();
  await productRow(table, second.name).waitFor();

  assert.equal(await edit.isDisabled(), true, '修改 with nothing selected');
  assert.equal(await remove.isDisabled(), true, '删除 with nothing selected');
  await table.getByRole('checkbox', { name: `选择 ${first.name}` }).check();
  await toolbar.getByText('已选 1 项').waitFor();
  assert.equal(await edit.isEnabled(), true, '修改 with one row selected');
  await table.getByRole('checkbox', { name: `选择 ${second.name}` }).check();
  await toolbar.getByText('已选 2 项').waitFor();
  assert.equal(await edit.isDisabled(), true, '修改 with two rows selected');
  assert.equal(await remove.isEnabled(), true, '删除 with two rows selected');
  await table.getByRole('checkbox', { name: `选择 ${second.name}` }).uncheck();
  await toolbar.getByText('已选 1 项').waitFor();
  assert.equal(await edit.isEnabled(), true);

  await edit.click();
  const dialog = page.getByRole('dialog', { name: '编辑产品' });
  await dialog.waitFor();
  const nameBox = dialog.getByRole('textbox', { name: '产品名称' });
  assert.equal(await nameBox.inputValue(), first.name, 'the dialog edits the selected product');
  assert.equal(await dialog.getByRole('textbox', { name: '第 1 行名称' }).inputValue(), '栏目甲');
  await nameBox.fill(renamed);
  const updated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productSetting' && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  const response = await updated;
  assert.equal(response.status(), 204, await response.text());
  const sent = response.request().postDataJSON();
  assert.equal(sent.id, first.id);
  assert.equal(sent.name, renamed);
  assert.deepEqual(sent.columnList.map((c) => [c.id, c.name]), [[first.columnList[0].id, '栏目甲']], 'the column keeps its id');
  await notice(page, '编辑成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await productRow(table, renamed).waitFor();
  await productRow(table, first.name).waitFor({ state: 'detached' });

  // 删除 of the two rows, after the confirmation
  await table.getByRole('checkbox', { name: `选择 ${renamed}` }).check();
  await table.getByRole('checkbox', { name: `选择 ${second.name}` }).check();
  await toolbar.getByText('已选 2 项').waitFor();
  await remove.click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认删除选中的 2 条数据?' });
  await confirm.waitFor();
  const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productSetting' && r.request().method() === 'DELETE');
  await confirm.getByRole('button', { name: '确认' }).click();
  const deleteResponse = await deleted;
  assert.equal(deleteResponse.status(), 200, await deleteResponse.text());
  assert.deepEqual([...deleteResponse.request().postDataJSON()].sort(), [first.id, second.id].sort());
  await notice(page, '删除成功').waitFor();
  await productRow(table, renamed).waitFor({ state: 'detached' });
  await productRow(table, second.name).waitFor({ state: 'detached' });
  assert.equal((await api(page, `api/productSetting/${first.id}`)).status, 404);
  assert.equal((await api(page, `api/productSetting/${second.id}`)).status, 404);
});

test('统计报告 of a product: a reversed period is refused, a valid one gives an xlsx', async () => {
  const { page } = editor;
  const product = await createProduct(page, `e2e 统计 ${RUN}`);
  const table = await openProducts(page);
  const row = productRow(table, product.name);
  await row.getByRole('button', { name: '统计报告' }).click();
  const dialog = page.getByRole('dialog', { name: '选择统计周期' });
  await dialog.waitFor();
  await dialog.getByText(`产品：${product.name}`).waitFor();
  const start = dialog.getByLabel('开始日期', { exact: true });
  const end = dialog.getByLabel('结束日期', { exact: true });
  assert.equal(await end.inputValue(), today(), 'the period ends today');
  const generate = dialog.getByRole('button', { name: '生成' });
  await start.fill('2099-01-02');
  await end.fill('2099-01-01');
  await dialog.getByText('开始日期不能晚于结束日期').waitFor();
  assert.equal(await generate.isDisabled(), true);
  await start.fill('2099-01-01');
  await dialog.getByText('开始日期不能晚于结束日期').waitFor({ state: 'detached' });
  const generated = page.waitForResponse((r) => r.url().includes('/api/productJournal/generateStatistic?'));
  await generate.click();
  const response = await generated;
  assert.equal(response.status(), 200, await response.text());
  const url = new URL(response.url());
  assert.equal(url.searchParams.get('productId'), String(product.id));
  assert.equal(url.searchParams.get('startDate'), '2099-01-01');
  assert.equal(url.searchParams.get('endDate'), '2099-01-01');
  // the answer is the xlsx's signed path (text/plain), opened as <origin><path> without a login token
  const path = await response.text();
  assert.match(path, /^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/[^/?]+\.xlsx$/);
  const name = decodeURIComponent(path.split('/').pop());
  await dialog.getByText('统计报告已生成，点击下载：').waitFor();
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name }).click();
  const download = await downloaded;
  assert.equal(download.url(), new URL(path, page.url()).href);
  assert.equal(download.suggestedFilename(), name);
  assert.equal(await download.failure(), null);
  assert.equal(readFileSync(await download.path()).subarray(0, 2).toString('latin1'), 'PK', 'an xlsx (zip) arrived');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });
});

test('列设置: columns are hidden down to five; the sixth is refused with 请至少选择五列', async () => {
  const { page } = editor;
  const ALL = ['产品名称', '产品类型', '稿件类型', '主编', '栏目', '周期', '模板文件', '创建时间'];
  const FIVE = ['产品名称', '栏目', '周期', '模板文件', '创建时间'];
  // the open popover hides the page from the accessibility tree (aria-hidden): read the headers by CSS
  const headerSelector = 'table[aria-label="产品列表"] thead th';
  const dataHeaders = async () => (await page.locator(headerSelector).allInnerTexts()).map((t) => t.trim()).filter((t) => t && t !== '操作');
  const headersAre = (expected) =>
    page.waitForFunction(
      ({ selector, expected }) =>
        JSON.stringify([...document.querySelectorAll(selector)].map((th) => th.innerText.trim()).filter((t) => t && t !== '操作')) === JSON.stringify(expected),
      { selector: headerSelector, expected },
    );
  const table = await openProducts(page);
  await table.getByRole('row').nth(1).waitFor();
  assert.deepEqual(await dataHeaders(), ALL);

  const toolbar = page.getByRole('toolbar', { name: '产品操作' });
  await toolbar.getByRole('button', { name: '列设置' }).click();
  const group = page.getByRole('group', { name: '列设置' });
  await group.waitFor();
  const hidden = [];
  for (const label of ['产品类型', '稿件类型', '主编']) {
    await group.getByRole('checkbox', { name: label, exact: true }).uncheck();
    hidden.push(label);
    await headersAre(ALL.filter((h) => !hidden.includes(h)));
  }
  assert.deepEqual(await dataHeaders(), FIVE);
  assert.equal(await group.getByRole('checkbox', { name: '全选' }).isChecked(), false);

  // a sixth column may not go
  await group.getByRole('checkbox', { name: '栏目', exact: true }).click();
  await page.locator('.MuiSnackbar-root').getByText('请至少选择五列', { exact: true }).waitFor();
  assert.equal(await group.getByRole('checkbox', { name: '栏目', exact: true }).isChecked(), true, 'the column stays ticked');
  assert.deepEqual(await dataHeaders(), FIVE, 'five columns stay visible');
  await page.keyboard.press('Escape');
  await group.waitFor({ state: 'detached' });
  assert.deepEqual(await dataHeaders(), FIVE);
  await table.getByRole('columnheader', { name: '栏目', exact: true }).waitFor();

  // the choice is kept across a reload
  await openProducts(page);
  await table.getByRole('row').nth(1).waitFor();
  assert.deepEqual(await dataHeaders(), FIVE);

  // 全选 shows them all again
  await toolbar.getByRole('button', { name: '列设置' }).click();
  await group.getByRole('checkbox', { name: '全选' }).check();
  await headersAre(ALL);
  await page.keyboard.press('Escape');
  await group.waitFor({ state: 'detached' });
  await table.getByRole('columnheader', { name: '稿件类型', exact: true }).waitFor();
});

test('期刊管理: a new journal gets its numbers from getMaxTotalNo; 提交 needs a version file; 完成', async () => {
  const { page } = editor;
  const product = await createProduct(page, `e2e 期刊产品 ${RUN}`);
  // a new product starts with issue 1 of the server's current year
  const start = String(ok(await api(page, `api/productJournal/getMaxTotalNo?productId=${product.id}`), 'getMaxTotalNo of a new product')).split(',');
  assert.deepEqual(start.slice(1), ['1', '1']);
  const year = Number(start[0]);
  // a first issue through the API: the next one is the second
  const firstIssue = ok(
    await api(page, 'api/productJournal', { method: 'POST', body: { productId: product.id, year, journalNo: 1, totalNo: 1, planPublishTime: today() } }),
    'first journal',
  );

  await openProducts(page);
  const journalsListed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
  await page.getByRole('tab', { name: '期刊管理' }).click();
  await page.waitForURL(/\/horizon\/productProcess-product\?tab=journal$/);
  await journalsListed;
  await page.getByRole('tab', { name: '期刊管理', selected: true }).waitFor();
  const table = page.getByRole('table', { name: '期刊列表' });
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });

  await toolbar.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增期刊' });
  await dialog.waitFor();
  const yearBox = dialog.getByRole('spinbutton', { name: '年度' });
  const totalBox = dialog.getByRole('spinbutton', { name: '总期号' });
  const noBox = dialog.getByRole('spinbutton', { name: '期号', exact: true });
  assert.equal(await yearBox.inputValue(), '');

  const nextIssue = page.waitForResponse((r) => r.url().includes(`/api/productJournal/getMaxTotalNo?productId=${product.id}`));
  await choose(page, dialog, '产品名称', product.name);
  assert.equal((await nextIssue).status(), 200);
  const expected = ok(await api(page, `api/productJournal/getMaxTotalNo?productId=${product.id}`), 'getMaxTotalNo');
  const [expYear, expTotal, expNo] = String(expected).split(',');
  assert.deepEqual([expYear, expTotal, expNo], [String(year), '2', '2'], 'the API says the next issue is the second');
  await page.waitForFunction((el) => el.value !== '', await yearBox.elementHandle());
  assert.equal(await yearBox.inputValue(), expYear);
  assert.equal(await totalBox.inputValue(), expTotal);
  assert.equal(await noBox.inputValue(), expNo);

  await dialog.getByLabel('期刊时间').fill(today());
  await dialog.getByRole('textbox', { name: '备注' }).fill(`e2e ${RUN}`);
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productJournal' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  const response = await created;
  assert.equal(response.status(), 201, await response.text());
  const sent = response.request().postDataJSON();
  assert.equal(sent.productId, product.id);
  assert.deepEqual([sent.year, sent.totalNo, sent.journalNo], [Number(expYear), Number(expTotal), Number(expNo)]);
  assert.equal(sent.planPublishTime, today());
  const journal = await response.json();
  await notice(page, '新增成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // the row of the new issue (期号 2, 总期号 2): newest first
  const row = table
    .getByRole('row')
    .filter({ hasText: product.name })
    .filter({ has: page.getByRole('cell', { name: expNo, exact: true }) });
  await row.getByText('编辑审核中', { exact: true }).waitFor();
  assert.equal(await row.count(), 1);
  // in the process shell, the way to the manuscripts stays there (issue 12): 稿件管理 of the product
  const manuscripts = row.getByRole('link', { name: '稿件管理' });
  assert.equal(await manuscripts.getAttribute('href'), `/horizon/productProcess-manu?tab=all&productId=${product.id}`);
  await shot(page, 'journals-list');

  // 提交 without a version file: the confirmation refuses, and so does the server
  await row.getByRole('button', { name: '提交', exact: true }).click();
  let confirm = page.getByRole('dialog', { name: '提示' });
  await confirm.getByText('请先上传期刊版本文件').waitFor();
  assert.equal(await confirm.getByRole('button', { name: '确认' }).isDisabled(), true, '确认 is disabled without a version file');
  const refused = await api(page, 'api/productJournal/updateStatus', { method: 'POST', body: { journalId: journal.id, status: 'submit' } });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, '请先上传期刊版本文件');
  await confirm.getByRole('button', { name: '取消' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await row.getByText('编辑审核中', { exact: true }).waitFor();

  // a version file through the API (multipart, from the page with its session)
  const docx = [...(await makeDocx(`期刊版本 ${RUN}`))];
  const uploaded = await page.evaluate(
    async ({ journalId, bytes, mime }) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('HORIZON-TOKEN='))?.split('=')[1] ?? '');
      const form = new FormData();
      form.append('journalId', String(journalId));
      form.append('title', '第一版');
      form.append('file', new File([new Uint8Array(bytes)], '期刊第一版.docx', { type: mime }));
      const r = await fetch('/api/productJournal/uploadJournal', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { journalId: journal.id, bytes: docx, mime: DOCX_MIME },
  );
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  assert.equal(uploaded.body.version, 1);
  const files = ok(await api(page, `api/productJournal/getFiles?journalId=${journal.id}`), 'journal files');
  assert.equal(files.length, 1);

  // 提交 → 已提交
  await row.getByRole('button', { name: '提交', exact: true }).click();
  confirm = page.getByRole('dialog', { name: '提示' });
  await confirm.getByText('确认提交该期期刊？').waitFor();
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/productJournal/updateStatus') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: '确认' }).click();
  const submitResponse = await submitted;
  assert.equal(submitResponse.status(), 200, await submitResponse.text());
  assert.deepEqual(submitResponse.request().postDataJSON(), { journalId: journal.id, status: 'submit' });
  await notice(page, '提交成功').waitFor();
  await confirm.waitFor({ state: 'hidden' });
  await row.getByText('已提交', { exact: true }).waitFor();
  assert.equal(await row.getByRole('button', { name: '提交', exact: true }).count(), 0);

  // 完成 → 已完成 (no delete any more, 更正 offered)
  await row.getByRole('button', { name: '完成', exact: true }).click();
  confirm = page.getByRole('dialog', { name: '提示' });
  await confirm.getByText('定稿后将不能再修改，请再次确认').waitFor();
  const done = page.waitForResponse((r) => r.url().endsWith('/api/productJournal/updateStatus') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: '确认' }).click();
  const doneResponse = await done;
  assert.equal(doneResponse.status(), 200, await doneResponse.text());
  assert.equal((await doneResponse.json()).status, 'done');
  await notice(page, '定稿成功').waitFor();
  await row.getByText('已完成', { exact: true }).waitFor();
  await row.getByRole('button', { name: '更正', exact: true }).waitFor();
  assert.equal(await row.getByRole('button', { name: '删除' }).count(), 0, 'a done journal cannot be deleted');
  const info = ok(await api(page, `api/productJournal/info?journalId=${journal.id}`), 'journal info');
  assert.equal(info.status, 'done');
  assert.ok(info.publishTime, 'the finalisation time is set');

  // a product's 期刊管理 opens the journal tab filtered by it; the first issue is deleted from there
  const products = await openProducts(page);
  const filtered = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.url().includes(`productId=${product.id}`) && r.ok());
  await productRow(products, product.name).getByRole('button', { name: '期刊管理' }).click();
  await page.waitForURL(new RegExp(`/horizon/productProcess-product\\?tab=journal&productId=${product.id}$`));
  assert.equal((await (await filtered).json()).totalElements, 2);
  await page.getByRole('search').getByRole('combobox', { name: '产品' }).getByText(product.name).waitFor();
  await table.getByRole('row').nth(2).waitFor();
  assert.equal(await table.getByRole('row').count(), 3, 'the header and the two issues of the product');
  await table.getByRole('row').nth(1).getByText('已完成', { exact: true }).waitFor();
  const firstRow = table.getByRole('row').nth(2);
  await firstRow.getByText('编辑审核中', { exact: true }).waitFor();
  await table.getByRole('checkbox', { name: '选择第 2 行' }).check();
  await toolbar.getByText('已选 1 项').waitFor();
  await toolbar.getByRole('button', { name: '删除', exact: true }).click();
  const confirmDelete = page.getByRole('dialog').filter({ hasText: '确认删除选中的 1 条数据?' });
  await confirmDelete.waitFor();
  const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productJournal' && r.request().method() === 'DELETE');
  await confirmDelete.getByRole('button', { name: '确认' }).click();
  const deleteResponse = await deleted;
  assert.equal(deleteResponse.status(), 200, await deleteResponse.text());
  assert.deepEqual(deleteResponse.request().postDataJSON(), [firstIssue.id]);
  await notice(page, '删除成功').waitFor();
  await table.getByRole('row').nth(2).waitFor({ state: 'detached' });
  await table.getByRole('row').nth(1).getByText('已完成', { exact: true }).waitFor();
  assert.equal((await api(page, `api/productJournal/info?journalId=${firstIssue.id}`)).status, 404);
});

test('one shell per module: 稿件管理 from the journal list stays in the process shell; product pages say 产品加工', async () => {
  const { page } = editor;
  await openProducts(page);
  const journalsListed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
  await page.getByRole('tab', { name: '期刊管理' }).click();
  await journalsListed;
  const table = page.getByRole('table', { name: '期刊列表' });
  const row = table.getByRole('row').nth(1);
  await row.getByRole('link', { name: '稿件管理' }).click();
  await page.waitForURL(/\/horizon\/productProcess-manu\?tab=all&productId=\d+$/);
  await page.getByTestId('manuscript-page').waitFor();
  // the process shell's top navigation, with 稿件管理 current; no admin sidebar or footer
  const nav = page.getByRole('navigation', { name: '动态跟踪系统' });
  await nav.waitFor();
  assert.deepEqual(await nav.locator('a[aria-current="page"]').evaluateAll((links) => links.map((a) => a.textContent.trim())), ['稿件管理']);
  assert.equal(await page.getByTestId('module-label').count(), 0);
  await shot(page, 'journal-manuscripts-in-shell');

  // the product pages of the admin layout belong to 产品加工, whatever module was chosen last (none here)
  for (const path of ['/product/productSetting', '/product/productJournal']) {
    await page.goto(`${BASE_URL}/horizon${path}`);
    const footer = page.getByTestId('module-label');
    await footer.waitFor();
    assert.match(await footer.textContent(), /^产品加工 · /, `${path}: the footer names 产品加工`);
    assert.doesNotMatch(await footer.textContent(), /系统管理/);
  }
  await shot(page, 'product-admin-footer');
});

test('an editor of another department sees the actions of journals not theirs disabled, with the reason', async () => {
  const NOT_OWNED = '没有权限操作该产品的期刊';
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
  const findDept = (nodes, name) => {
    for (const node of nodes ?? []) {
      if (node.name === name) return node;
      const found = findDept(node.children, name);
      if (found) return found;
    }
    return undefined;
  };
  const intl = findDept(ok(await api(admin.page, 'api/dept/lookup/tree'), 'departments').content, '国际新闻部');
  const roles = ok(await api(admin.page, 'api/roles/all'), 'roles');
  const roleId = (name) => roles.find((r) => r.name === name).id;
  // the outsider: 国际新闻部, roles 普通用户 + 编辑 (every productJournal permission)
  const username = `outsider_${RUN}`;
  const account = ok(
    await api(admin.page, 'api/users', {
      method: 'POST',
      body: { username, nickName: '外部门编辑', gender: '女', enabled: true, dept: { id: intl.id }, roles: [{ id: roleId('普通用户') }, { id: roleId('编辑') }], jobs: [] },
    }),
    'create the outsider',
  );
  // a product of the editor's unit and one of the outsider's, each with an issue being edited
  const theirs = await createProduct(editor.page, `e2e 编辑部产品 ${RUN}`);
  const foreignJournal = ok(
    await api(editor.page, 'api/productJournal', { method: 'POST', body: { productId: theirs.id, year: 2030, journalNo: 1, totalNo: 1, planPublishTime: today() } }),
    'journal of the editor’s product',
  );
  const own = ok(
    await api(admin.page, 'api/productSetting', { method: 'POST', body: { name: `e2e 国际部产品 ${RUN}`, deptId: intl.id, type: '1', contentType: '2', columnList: [{ sort: 1, name: '要闻', status: true }] } }),
    'product of 国际新闻部',
  );
  ok(await api(admin.page, 'api/productJournal', { method: 'POST', body: { productId: own.id, year: 2030, journalNo: 1, totalNo: 1, planPublishTime: today() } }), 'journal of 国际新闻部');

  // the outsider logs in with the initial password and changes it first
  outsider = await openBrowser();
  const { page } = outsider;
  await loginAs(page, username, account.initialPassword);
  const gate = page.getByTestId('forced-password-dialog');
  await gate.getByText('请修改初始密码').waitFor();
  await gate.getByLabel('旧密码').fill(account.initialPassword);
  await gate.getByLabel('新密码').fill('Outside@e2e123');
  await gate.getByLabel('确认密码').fill('Outside@e2e123');
  await gate.getByRole('button', { name: /修改密码/ }).click();
  await gate.waitFor({ state: 'hidden' });
  const me = ok(await api(page, 'auth/info'), 'outsider info');
  for (const code of ['productJournal:list', 'productJournal:add', 'productJournal:edit', 'productJournal:del']) assert.ok(me.roles.includes(code), `the outsider has ${code}`);

  const listed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
  await page.goto(`${BASE_URL}/horizon/productProcess-product?tab=journal`);
  const rows = (await (await listed).json()).content;
  assert.equal(rows.find((r) => r.id === foreignJournal.id).canEdit, false, 'the list says the editor’s journal is not the outsider’s');
  assert.equal(rows.find((r) => r.productId === own.id).canEdit, true);
  const table = page.getByRole('table', { name: '期刊列表' });
  const foreignRow = table.getByRole('row').filter({ hasText: theirs.name });
  const ownRow = table.getByRole('row').filter({ hasText: own.name });
  await foreignRow.getByText('编辑审核中', { exact: true }).waitFor();
  await ownRow.getByText('编辑审核中', { exact: true }).waitFor();

  // the editor's journal: 编辑, 删除, 提交 shown but disabled; the row cannot be chosen; 稿件管理 (a read) stays
  for (const name of ['编辑', '删除', '提交']) {
    assert.equal(await foreignRow.getByRole('button', { name, exact: true }).isDisabled(), true, `${name} is disabled on a journal not the outsider's`);
  }
  assert.equal(await foreignRow.getByRole('checkbox').isDisabled(), true);
  await foreignRow.getByRole('link', { name: '稿件管理' }).waitFor();
  // their own unit's journal: usable
  for (const name of ['编辑', '删除', '提交']) {
    assert.equal(await ownRow.getByRole('button', { name, exact: true }).isDisabled(), false, `${name} is enabled on the outsider's own journal`);
  }
  // the reason, on hover (a disabled button gets no pointer events: its wrapper carries the tooltip)
  await foreignRow.getByRole('button', { name: '提交', exact: true }).locator('..').hover();
  await page.getByRole('tooltip').getByText(NOT_OWNED, { exact: true }).waitFor();
  await shot(page, 'journals-outsider');
  // the server agrees
  const refused = await api(page, 'api/productJournal/updateStatus', { method: 'POST', body: { journalId: foreignJournal.id, status: 'submit' } });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, NOT_OWNED);

  // 新增 offers only the products whose journals the outsider may write
  await page.mouse.move(0, 0);
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });
  await toolbar.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增期刊' });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: '产品名称' }).click();
  const options = (await page.getByRole('listbox').getByRole('option').allTextContents()).filter((text) => text.trim());
  assert.ok(options.includes(own.name), 'the outsider’s product is offered');
  assert.ok(!options.includes(theirs.name), 'the editor’s product is not offered');
  await shot(page, 'journals-outsider-form');
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'hidden' });
});

test('the reviewer, without product permissions, gets no product screen and no buttons', async () => {
  reviewer = await openBrowser();
  const { page } = reviewer;
  await loginAs(page, REVIEWER.username, REVIEWER.password);
  const me = ok(await api(page, 'auth/info'), 'reviewer info');
  assert.ok(!me.roles.some((code) => code.startsWith('productSetting:') || code.startsWith('productJournal:')), 'the reviewer has no product permission');
  assert.equal((await api(page, 'api/productSetting/list?page=0&size=10')).status, 403);

  for (const path of ['/product/productSetting', '/productProcess-product']) {
    await page.goto(`${BASE_URL}/horizon${path}`);
    await page.getByText('没有查看产品或期刊的权限').waitFor();
    assert.equal(await page.getByRole('tab', { name: '产品管理' }).count(), 0, `${path}: no 产品管理 tab`);
    assert.equal(await page.getByRole('toolbar', { name: '产品操作' }).count(), 0, `${path}: no product toolbar`);
    assert.equal(await page.getByRole('table', { name: '产品列表' }).count(), 0, `${path}: no product table`);
    for (const label of ['新增', '修改', '删除']) {
      assert.equal(await page.getByRole('button', { name: label, exact: true }).count(), 0, `${path}: no ${label} button`);
    }
  }
});

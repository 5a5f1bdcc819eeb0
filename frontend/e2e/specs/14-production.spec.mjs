// Submission of reviewed news as manuscripts, and the manuscript management screen.
//
// Set-up through the API (the translation workflow itself is spec 13): the admin creates a product
// with two enabled columns; the translator (编译部) claims and submits four untranslated items of the
// work department 新闻中心; the reviewer (国际新闻部, news:judge, news:push, news:choice) reviews them
// and marks them 精选. Then, in the browser:
//   1. the reviewer submits one item from the 精选 list (row action 报送) to both columns → 投稿成功;
//      the editor (manuscript:admin) opens 稿件管理 › 全部 and sees it with both columns;
//   2. the reviewer selects the three other items and submits them with 批量报送 → three manuscripts,
//      listed under the reviewer's 我的投稿 and the editor's 全部.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const TRANSLATOR = { username: 'translator', password: '123456' };
const REVIEWER = { username: 'reviewer', password: '123456' };
const EDITOR = { username: 'editor', password: '123456' };
const RUN = Date.now().toString(36);
const PRODUCT = `e2e 国际动态日报 ${RUN}`;
const COLUMNS = ['要闻', '综述'];

let admin;
let reviewer;
let editor;
/** The product created for this run: `{id, name, columnList}`. */
let product;
/** Four items reviewed in the work department: the first is submitted alone, the others in batch. */
let items = [];
let workDept;
/** Manuscript ids created by the two tests. */
let singleManuscript;
let batchIds = [];

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

const newsRow = (page, id) => page.locator(`tr[data-news-id="${id}"]`);

/** Picks an option of a MUI select inside `scope` (the dialog). */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The 精选 list of the news index, 50 a page (the items of this run are on it). */
async function openChoiceList(page) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/news/list?') && r.url().includes('type=choice') && r.request().method() === 'GET' && r.ok());
  await page.goto(`${BASE_URL}/horizon/pro/news?curMenu=choice&size=50`);
  const body = await (await listed).json();
  for (const item of items) assert.ok(body.content.some((r) => r.id === item.id), `item ${item.id} is on the first page of 精选`);
  await newsRow(page, items[0].id).waitFor();
}

before(async () => {
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
  const adminInfo = ok(await api(admin.page, 'auth/info'), 'admin info');
  product = ok(
    await api(admin.page, 'api/productSetting', {
      method: 'POST',
      body: { name: PRODUCT, deptId: adminInfo.user.dept.id, type: '1', contentType: '2', columnList: COLUMNS.map((name, i) => ({ sort: i + 1, name, status: true })) },
    }),
    'create the product',
  );
  assert.deepEqual(product.columnList.map((c) => [c.name, c.status]), COLUMNS.map((name) => [name, true]));

  // four items the work department has not translated yet
  const translator = await openBrowser();
  try {
    await loginAs(translator.page, TRANSLATOR.username, TRANSLATOR.password);
    const me = ok(await api(translator.page, 'auth/info'), 'translator info');
    workDept = me.user.dept.pid;
    assert.ok(workDept, 'the translator’s department has a parent (新闻中心)');
    const list = ok(await api(translator.page, 'api/news/list?page=0&size=50&sort=dateDesc'), 'news list');
    for (const row of list.content) {
      const state = await api(translator.page, `api/news/translationState?id=${row.id}&deptId=${workDept}`);
      if (state.status === 200 && state.body.transStatus === null && state.body.version === 0) items.push(row);
      if (items.length === 4) break;
    }
    assert.equal(items.length, 4, 'four demo items not yet translated in 新闻中心');
    for (const item of items) {
      ok(await api(translator.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'edit' } } }), 'claim');
      const text = `<p>端到端测试译文：${item.titleCn || item.title}（${RUN}）。</p><p>第二段译文。</p>`;
      ok(
        await api(translator.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'examine', contentTrans: text } } }),
        'submit for review',
      );
    }
  } finally {
    await translator.close();
  }

  reviewer = await openBrowser();
  await loginAs(reviewer.page, REVIEWER.username, REVIEWER.password);
  for (const item of items) {
    const reviewed = ok(
      await api(reviewer.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'done', version: 1 } } }),
      'review',
    );
    assert.equal(reviewed.transStatus, 'done');
    ok(await api(reviewer.page, 'api/news/choose', { method: 'POST', body: { id: item.id, isChoice: true } }), '精选');
  }
});

after(async () => {
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the admin’s page');
  assert.deepEqual(reviewer?.errors ?? [], [], 'no uncaught errors in the reviewer’s page');
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors in the editor’s page');
  await admin?.close();
  await reviewer?.close();
  await editor?.close();
});

test('the reviewer submits a reviewed item to two columns; the editor sees it under 稿件管理 › 全部', async () => {
  const { page } = reviewer;
  const [item] = items;
  await openChoiceList(page);
  const row = newsRow(page, item.id);
  await row.getByText('已处理').waitFor();
  await row.getByRole('button', { name: '报送', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: '报送到产品' });
  await dialog.waitFor();
  await dialog.getByText(item.titleCn || item.title).first().waitFor();
  // supplier: the reviewer's nickname; reviewer: the item's reviewer; abstract: from the translation
  const supplier = dialog.getByRole('textbox', { name: '供稿' });
  await page.waitForFunction((el) => el.value !== '', await supplier.elementHandle());
  await dialog.getByRole('button', { name: '王审校' }).waitFor();
  const abstract = dialog.getByRole('textbox', { name: '摘要' });
  await page.waitForFunction((el) => el.value.includes('端到端测试译文'), await abstract.elementHandle());
  // the column select waits for the product
  assert.equal(await dialog.getByRole('combobox', { name: '栏目 1' }).getAttribute('aria-disabled'), 'true');

  await choose(page, dialog, '产品', PRODUCT);
  await choose(page, dialog, '栏目 1', COLUMNS[0]);
  await dialog.getByRole('button', { name: '添加栏目' }).click();
  await choose(page, dialog, '栏目 2', COLUMNS[1]);
  await dialog.getByRole('textbox', { name: '备注' }).fill(`e2e ${RUN}`);
  await shot(page, 'manuscript-submit-dialog');

  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/manuscript/oneToMany') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '报送', exact: true }).click();
  const response = await submitted;
  assert.equal(response.status(), 201, await response.text());
  const sent = response.request().postDataJSON();
  assert.equal(sent.newsId, item.id);
  assert.equal(sent.productId, product.id);
  assert.deepEqual(sent.productList, product.columnList.map((c) => c.id));
  singleManuscript = await response.json();
  await page.getByText('投稿成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  editor = await openBrowser();
  await loginAs(editor.page, EDITOR.username, EDITOR.password);
  const ed = editor.page;
  await ed.goto(`${BASE_URL}/horizon/productProcess-manu`);
  await ed.getByTestId('manuscript-page').waitFor();
  const allListed = ed.waitForResponse((r) => r.url().includes('/api/manuscript?') && r.url().includes('tab=all') && r.ok());
  await ed.getByRole('tab', { name: '全部' }).click();
  await allListed;
  const manuscript = ed.locator(`tr[data-manuscript-id="${singleManuscript.id}"]`);
  await manuscript.waitFor();
  await manuscript.getByText(singleManuscript.title, { exact: true }).waitFor();
  await manuscript.getByText('动态稿件').waitFor();
  await manuscript.getByText(PRODUCT).waitFor();
  await manuscript.getByTestId('manuscript-columns').getByText(COLUMNS.join('、')).waitFor();
  await ed.getByTestId('manuscript-dept-tree').waitFor();
  await shot(ed, 'manuscript-management-all');

  // 查看: the reviewed translation is the manuscript's text
  await manuscript.getByRole('button', { name: '查看' }).click();
  const view = ed.getByRole('dialog', { name: '查看稿件' });
  await view.getByTestId('manuscript-content').getByText('端到端测试译文', { exact: false }).waitFor();
  await view.getByRole('button', { name: '关闭' }).click();
  await view.waitFor({ state: 'hidden' });
});

test('the reviewer submits three reviewed items in batch: three manuscripts are listed', async () => {
  const { page } = reviewer;
  const batch = items.slice(1);
  await openChoiceList(page);
  const bulk = page.getByTestId('news-bulk-push');
  assert.equal(await bulk.isDisabled(), true, '批量报送 waits for a selection');
  for (const item of batch) await newsRow(page, item.id).locator('input.nr-check-input').check();
  await page.getByTestId('news-selected-count').getByText('已选择 3 条').waitFor();
  await bulk.click();

  const dialog = page.getByRole('dialog', { name: '批量报送（3 条）' });
  await dialog.waitFor();
  await dialog.getByText('共 3 条新闻').waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: '摘要' }).count(), 0, 'no abstract field in a batch');
  await dialog.getByRole('button', { name: '王审校' }).waitFor();
  await choose(page, dialog, '产品', PRODUCT);
  await choose(page, dialog, '栏目 1', COLUMNS[1]);

  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/manuscript/manyToMany') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '报送', exact: true }).click();
  const response = await submitted;
  assert.equal(response.status(), 201, await response.text());
  const sent = response.request().postDataJSON();
  assert.deepEqual([...sent.newsIds].sort(), batch.map((i) => i.id).sort());
  assert.deepEqual(sent.productList, [product.columnList[1].id]);
  assert.equal('abstracts' in sent, false);
  const answer = await response.json();
  assert.equal(answer.count, 3);
  batchIds = answer.ids;
  await page.getByText('投稿成功，共生成 3 篇稿件').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // the selection is cleared after a batch
  await page.getByTestId('news-selected-count').waitFor({ state: 'detached' });

  // the reviewer's 我的投稿
  const mine = page.waitForResponse((r) => r.url().includes('/api/manuscript?') && r.url().includes('tab=my') && r.ok());
  await page.goto(`${BASE_URL}/horizon/productProcess-manu`);
  const listed = await (await mine).json();
  for (const id of [...batchIds, singleManuscript.id]) assert.ok(listed.content.some((m) => m.id === id), `manuscript ${id} is among 我的投稿`);
  for (const id of batchIds) {
    const tr = page.locator(`tr[data-manuscript-id="${id}"]`);
    await tr.waitFor();
    await tr.getByTestId('manuscript-columns').getByText(COLUMNS[1], { exact: true }).waitFor();
  }
  assert.equal(await page.getByRole('tab', { name: '全部' }).count(), 0, 'no 全部 tab without manuscript:admin');
  await shot(page, 'manuscript-management-my');

  // and the editor's 全部, filtered by the product
  const ed = editor.page;
  await ed.goto(`${BASE_URL}/horizon/productProcess-manu?tab=all&productId=${product.id}`);
  for (const id of [...batchIds, singleManuscript.id]) await ed.locator(`tr[data-manuscript-id="${id}"]`).waitFor();
  assert.equal(await ed.locator('tr[data-manuscript-id]').count(), 4, 'four manuscripts in the product');
});

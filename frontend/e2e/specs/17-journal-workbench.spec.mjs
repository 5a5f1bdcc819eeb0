// The journal editing workbench (issue 14, spec production-admin §2 "Journal editing page").
//
// Set-up through the API: the editor (编辑: productJournal:* with productJournal:manu) makes a product
// of their unit with two enabled columns (要闻, 评论), an issue of it, and four submitted manuscripts
// (three in 要闻, one in 评论). Then, in the browser:
//   1. the journal list's 期刊编辑 opens the workbench (/product/manuscript?productId=&journalId=; the
//      process shell's row leads to /pro/setManu) with both columns empty;
//   2. 选择稿件 copies the three pool manuscripts of 要闻 (in the order ticked) and the one of 评论
//      → 稿件选择成功; the picker then marks them 已选入;
//   3. a mouse drag (dnd-kit pointer sensor, small steps) and the keyboard (handle, Space, ArrowDown,
//      Space) reorder 要闻 → 稿件顺序保存成功 each time; a reload keeps the order;
//   4. 生成期刊 (confirmed) → 期刊已生成 with a download link: a non-empty .docx (starts with PK);
//   5. 提交审核 → 已提交; 定稿 (定稿后不可修改，请再次确认) → 已完成: 选择稿件, 上传稿件, the drag
//      handles, 删除, 编辑 and 生成期刊 are gone; 批量下载 still streams a zip (200, application/zip);
//   6. a user whose roles lack productJournal:manu sees the journal list without 期刊编辑, and the
//      workbench read-only without downloads.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot, today } from '../support.mjs';

const EDITOR = { username: 'editor', password: '123456' };
const RUN = Date.now().toString(36);
const PRODUCT = `e2e 工作台日报 ${RUN}`;
const COLUMNS = ['要闻', '评论'];
/** Pool manuscripts: the first three submitted to 要闻, the last to 评论. */
const TITLES = [`甲稿 ${RUN}`, `乙稿 ${RUN}`, `丙稿 ${RUN}`, `丁稿 ${RUN}`];

let editor;
let viewer;
let admin;
let me;
let product;
let journal;
/** Pool manuscript ids, in the order of TITLES. */
let pool = [];

/** Screenshot once transitions are over and earlier notices have gone; named 17-<name>. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, `17-${name}`);
}

const ok = (answer, what) => {
  assert.ok(answer.status >= 200 && answer.status < 300, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** The notice at the top of the page with this text. */
const notice = (page, text) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });


const workbenchPath = () => `/product/manuscript?productId=${product.id}&journalId=${journal.id}`;
/** A column of the workbench (a <section> named by its heading). */
const column = (page, name) => page.getByRole('region', { name, exact: true });
/** The titles of a column's rows, top to bottom: the cells under 标题 (the drag column comes and goes). */
function readTitles({ name }) {
  const section = [...document.querySelectorAll('section[aria-labelledby]')].find((s) => document.getElementById(s.getAttribute('aria-labelledby'))?.textContent === name);
  const at = [...(section?.querySelectorAll('thead th') ?? [])].findIndex((th) => th.textContent.trim() === '标题');
  return [...(section?.querySelectorAll('tr[data-copy-id]') ?? [])].map((row) => row.children[at]?.innerText.trim());
}
const titlesIn = (page, name) => page.evaluate(readTitles, { name });
/** Waits until a column's rows read `expected` (titles). */
async function orderIs(page, name, expected) {
  await page
    .waitForFunction(
      ({ name, json }) => {
        // readTitles, inline (a page function carries no closure)
        const section = [...document.querySelectorAll('section[aria-labelledby]')].find((s) => document.getElementById(s.getAttribute('aria-labelledby'))?.textContent === name);
        const at = [...(section?.querySelectorAll('thead th') ?? [])].findIndex((th) => th.textContent.trim() === '标题');
        return JSON.stringify([...(section?.querySelectorAll('tr[data-copy-id]') ?? [])].map((row) => row.children[at]?.innerText.trim())) === json;
      },
      { name, json: JSON.stringify(expected) },
      { timeout: 10000 },
    )
    .catch(async () => assert.deepEqual(await titlesIn(page, name), expected, `the rows of ${name}`));
}

/** The order of a column as the server has it (titles of its copies). */
async function serverOrder(page, name) {
  const info = ok(await api(page, `api/productJournal/info?journalId=${journal.id}`), 'journal info');
  return info.columns.find((c) => c.name === name).manuList.map((m) => m.title);
}

/** Opens the workbench and waits for its columns. */
async function openWorkbench(page, path = workbenchPath()) {
  const loaded = page.waitForResponse((r) => r.url().includes(`/api/productJournal/info?journalId=${journal.id}`) && r.ok());
  await page.goto(`${BASE_URL}/horizon${path}`);
  await loaded;
  await page.getByTestId('workbench-page').getByRole('heading', { level: 1 }).waitFor();
  await column(page, COLUMNS[0]).waitFor();
}

/** Drags a row's handle with the mouse to the middle of another row, in small steps. */
async function mouseDrag(page, fromHandle, toRow) {
  const from = await fromHandle.boundingBox();
  const to = await toRow.boundingBox();
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // past the pointer sensor's 4 px activation distance first, then on in small steps
  await page.mouse.move(x, y + 6, { steps: 3 });
  const targetY = to.y + to.height * 0.75;
  await page.mouse.move(x, targetY, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** The editing controls the brief lists; each must be gone on a done journal. */
const EDIT_BUTTONS = ['选择稿件', '上传稿件', '生成期刊'];

before(async () => {
  editor = await openBrowser();
  const { page } = editor;
  await loginAs(page, EDITOR.username, EDITOR.password);
  me = ok(await api(page, 'auth/info'), 'editor info');
  for (const code of ['productJournal:list', 'productJournal:edit', 'productJournal:manu', 'manuscript:add']) assert.ok(me.roles.includes(code), `the editor has ${code}`);

  product = ok(
    await api(page, 'api/productSetting', {
      method: 'POST',
      body: { name: PRODUCT, deptId: me.user.dept.id, type: '1', contentType: '2', columnList: COLUMNS.map((name, i) => ({ sort: i + 1, name, status: true })) },
    }),
    'create the product',
  );
  const [first, second] = product.columnList;
  journal = ok(
    await api(page, 'api/productJournal', { method: 'POST', body: { productId: product.id, year: 2031, journalNo: 7, totalNo: 7, planPublishTime: today() } }),
    'create the journal',
  );
  for (const [i, title] of TITLES.entries()) {
    const manuscript = ok(
      await api(page, 'api/manuscript', {
        method: 'POST',
        body: {
          title,
          abstracts: `${title} 的摘要。`,
          firstAuthor: '张编辑',
          authorIds: String(me.user.id),
          productId: product.id,
          productList: [i < 3 ? first.id : second.id],
          memo: `e2e ${RUN}`,
          content: `<h2>${title}</h2><p>第一段正文，<strong>加粗</strong>与<em>斜体</em>。</p><ul><li>要点一</li><li>要点二</li></ul>`,
        },
      }),
      `submit ${title}`,
    );
    pool.push(manuscript.id);
  }
});

after(async () => {
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors in the editor’s page');
  assert.deepEqual(viewer?.errors ?? [], [], 'no uncaught errors in the viewer’s page');
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the admin’s page');
  await editor?.close();
  await viewer?.close();
  await admin?.close();
});

test('期刊编辑 of the journal list opens the workbench of the issue, both columns empty', async () => {
  const { page } = editor;
  // the process shell's row leads to /pro/setManu
  const processListed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
  await page.goto(`${BASE_URL}/horizon/productProcess-product?tab=journal&productId=${product.id}`);
  await processListed;
  const processRow = page.getByRole('table', { name: '期刊列表' }).getByRole('row').filter({ hasText: PRODUCT });
  assert.equal(
    await processRow.getByRole('link', { name: '期刊编辑' }).getAttribute('href'),
    `/horizon/pro/setManu?productId=${product.id}&journalId=${journal.id}`,
  );

  // the admin layout's journal list → /product/manuscript
  const listed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
  await page.goto(`${BASE_URL}/horizon/product/productJournal?productId=${product.id}`);
  await listed;
  const row = page.getByRole('table', { name: '期刊列表' }).getByRole('row').filter({ hasText: PRODUCT });
  await row.getByText('编辑审核中', { exact: true }).waitFor();
  await shot(page, 'journal-list');
  const opened = page.waitForResponse((r) => r.url().includes(`/api/productJournal/info?journalId=${journal.id}`) && r.ok());
  await row.getByRole('link', { name: '期刊编辑' }).click();
  await page.waitForURL(new RegExp(`/horizon/product/manuscript\\?productId=${product.id}&journalId=${journal.id}$`));
  await opened;

  const heading = page.getByTestId('workbench-page').getByRole('heading', { level: 1 });
  await heading.getByText(`${PRODUCT} 2031年 第7期`, { exact: true }).waitFor();
  const info = page.getByRole('region', { name: '期刊信息' });
  await page.getByTestId('workbench-status').getByText('编辑审核中', { exact: true }).waitFor();
  await info.getByText('未定稿', { exact: true }).waitFor();
  for (const name of COLUMNS) {
    const section = column(page, name);
    await section.getByTestId('workbench-column-empty').getByText('该栏目暂无稿件').waitFor();
    await section.getByRole('button', { name: '选择稿件' }).waitFor();
    await section.getByRole('button', { name: '上传稿件' }).waitFor();
  }
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });
  await toolbar.getByRole('button', { name: '生成期刊' }).waitFor();
  assert.equal(await toolbar.getByRole('button', { name: '提交审核' }).count(), 0, '提交审核 waits for a version');
  await shot(page, 'workbench-empty');

  // the same screen in the process shell
  await openWorkbench(page, `/pro/setManu?productId=${product.id}&journalId=${journal.id}`);
  await page.getByRole('navigation', { name: '动态跟踪系统' }).waitFor();
  await shot(page, 'workbench-process-shell');
});

test('选择稿件 copies the pool manuscripts into the two columns in the order ticked', async () => {
  const { page } = editor;
  await openWorkbench(page);

  // 要闻: the three of its pool, ticked 丙, 甲, 乙
  await column(page, COLUMNS[0]).getByRole('button', { name: '选择稿件' }).click();
  let dialog = page.getByRole('dialog', { name: `选择稿件 — ${COLUMNS[0]}` });
  await dialog.waitFor();
  for (const id of pool.slice(0, 3)) await dialog.locator(`tr[data-pool-id="${id}"]`).waitFor();
  assert.equal(await dialog.locator(`tr[data-pool-id="${pool[3]}"]`).count(), 0, 'the pool of 要闻 leaves out 评论’s manuscript');
  const confirm = dialog.getByRole('button', { name: '确认', exact: true });
  assert.equal(await confirm.isDisabled(), true, '确认 waits for a selection');
  for (const i of [2, 0, 1]) await dialog.locator(`tr[data-pool-id="${pool[i]}"]`).getByRole('checkbox').check();
  await dialog.getByTestId('pick-selected').getByText('已选 3 篇').waitFor();
  await shot(page, 'pick-dialog');
  let picked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productManuscript' && r.request().method() === 'POST');
  await confirm.click();
  let response = await picked;
  assert.equal(response.status(), 201, await response.text());
  assert.deepEqual(response.request().postDataJSON(), { journalId: journal.id, columnId: product.columnList[0].id, manuIds: [pool[2], pool[0], pool[1]] });
  assert.equal((await response.json()).count, 3);
  await notice(page, '稿件选择成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await orderIs(page, COLUMNS[0], [TITLES[2], TITLES[0], TITLES[1]]);

  // 评论: its one manuscript
  await column(page, COLUMNS[1]).getByRole('button', { name: '选择稿件' }).click();
  dialog = page.getByRole('dialog', { name: `选择稿件 — ${COLUMNS[1]}` });
  await dialog.waitFor();
  await dialog.locator(`tr[data-pool-id="${pool[3]}"]`).getByRole('checkbox').check();
  picked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/productManuscript' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  response = await picked;
  assert.equal(response.status(), 201, await response.text());
  await notice(page, '稿件选择成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await orderIs(page, COLUMNS[1], [TITLES[3]]);

  // the picker now marks 要闻's three as 已选入 (disabled)
  await column(page, COLUMNS[0]).getByRole('button', { name: '选择稿件' }).click();
  dialog = page.getByRole('dialog', { name: `选择稿件 — ${COLUMNS[0]}` });
  for (const id of pool.slice(0, 3)) {
    const tr = dialog.locator(`tr[data-pool-id="${id}"]`);
    await tr.getByText('已选入', { exact: true }).waitFor();
    assert.equal(await tr.getByRole('checkbox').isDisabled(), true);
  }
  await shot(page, 'pick-dialog-in-journal');
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await shot(page, 'workbench-picked');
});

test('a mouse drag and the keyboard reorder a column; the order is saved and survives a reload', async () => {
  const { page } = editor;
  await openWorkbench(page);
  const section = column(page, COLUMNS[0]);
  await orderIs(page, COLUMNS[0], [TITLES[2], TITLES[0], TITLES[1]]);
  const handle = (title) => section.getByRole('button', { name: `拖动排序：${title}` });
  const rowOf = (title) => section.locator('tr[data-copy-id]').filter({ hasText: title });

  // the mouse: 丙 (first) dragged onto 甲 (second) → 甲, 丙, 乙
  let saved = page.waitForResponse((r) => r.url().endsWith('/api/productManuscript/saveSort'));
  await mouseDrag(page, handle(TITLES[2]), rowOf(TITLES[0]));
  let response = await saved;
  assert.equal(response.status(), 200, await response.text());
  const copyId = async (title) => Number(await rowOf(title).getAttribute('data-copy-id'));
  assert.deepEqual(response.request().postDataJSON(), {
    journalId: journal.id,
    columnId: product.columnList[0].id,
    ids: [await copyId(TITLES[0]), await copyId(TITLES[2]), await copyId(TITLES[1])],
  });
  await notice(page, '稿件顺序保存成功').waitFor();
  await orderIs(page, COLUMNS[0], [TITLES[0], TITLES[2], TITLES[1]]);
  assert.deepEqual(await serverOrder(page, COLUMNS[0]), [TITLES[0], TITLES[2], TITLES[1]]);

  // the keyboard: 甲 (first) picked up with Space, one place down, dropped → 丙, 甲, 乙
  await notice(page, '稿件顺序保存成功').waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
  saved = page.waitForResponse((r) => r.url().endsWith('/api/productManuscript/saveSort'));
  await handle(TITLES[0]).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  response = await saved;
  assert.equal(response.status(), 200, await response.text());
  await notice(page, '稿件顺序保存成功').waitFor();
  await orderIs(page, COLUMNS[0], [TITLES[2], TITLES[0], TITLES[1]]);
  await shot(page, 'workbench-sorted');

  // and once more by mouse, downwards past two rows: 丙 to the end → 甲, 乙, 丙
  saved = page.waitForResponse((r) => r.url().endsWith('/api/productManuscript/saveSort'));
  await mouseDrag(page, handle(TITLES[2]), rowOf(TITLES[1]));
  response = await saved;
  assert.equal(response.status(), 200, await response.text());
  await orderIs(page, COLUMNS[0], [TITLES[0], TITLES[1], TITLES[2]]);

  // a reload keeps it
  await openWorkbench(page);
  await orderIs(page, COLUMNS[0], [TITLES[0], TITLES[1], TITLES[2]]);
  await orderIs(page, COLUMNS[1], [TITLES[3]]);
  assert.deepEqual(await serverOrder(page, COLUMNS[0]), [TITLES[0], TITLES[1], TITLES[2]]);
  // 序号 follows the order
  assert.deepEqual(await section.locator('tr[data-copy-id] td:nth-child(2)').allInnerTexts(), ['1', '2', '3']);
});

test('the dialogs of an editable journal: 版本, 编辑, 上传稿件, 供稿统计 (opened, looked at, closed)', async () => {
  const { page } = editor;
  await openWorkbench(page);
  const section = column(page, COLUMNS[0]);
  const first = section.locator('tr[data-copy-id]').filter({ hasText: TITLES[0] });

  // 版本 of a copy: its first version has no file (a dynamic copy)
  await first.getByRole('button', { name: '版本', exact: true }).click();
  let dialog = page.getByTestId('versions-dialog');
  await dialog.getByRole('heading', { name: `稿件版本 — ${TITLES[0]}` }).waitFor();
  await dialog.getByRole('status').waitFor({ state: 'detached' });
  await shot(page, 'manuscript-versions');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // 编辑: the two summary boxes, the submitted one read-only
  await first.getByRole('button', { name: '编辑', exact: true }).click();
  dialog = page.getByTestId('edit-dialog');
  await dialog.getByRole('heading', { name: '编辑稿件' }).waitFor();
  await page.waitForFunction((el) => el.value !== '', await dialog.getByRole('textbox', { name: '标题' }).elementHandle());
  assert.equal(await dialog.getByRole('textbox', { name: '标题' }).inputValue(), TITLES[0]);
  await shot(page, 'edit-dialog');
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // 上传稿件: the upload area waits for the title, the provider and the unit
  await section.getByRole('button', { name: '上传稿件' }).click();
  dialog = page.getByTestId('upload-dialog');
  await dialog.getByRole('heading', { name: `上传稿件 — ${COLUMNS[0]}` }).waitFor();
  await dialog.getByText('填写稿件标题、供稿并选择单位后即可上传文件').waitFor();
  await shot(page, 'upload-dialog');
  await dialog.getByRole('button', { name: '取消' }).or(dialog.getByRole('button', { name: '关闭' })).first().click();
  await dialog.waitFor({ state: 'hidden' });

  // 供稿统计: one row per column × source unit, counted by default
  await page.getByRole('toolbar', { name: '期刊操作' }).getByRole('button', { name: '供稿统计' }).click();
  dialog = page.getByTestId('provide-dialog');
  await dialog.getByRole('heading', { name: '供稿统计' }).waitFor();
  const counts = dialog.getByRole('spinbutton');
  await counts.first().waitFor();
  assert.deepEqual(await counts.evaluateAll((inputs) => inputs.map((i) => i.value)), ['3', '1']);
  await shot(page, 'provide-dialog');
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'hidden' });
});

test('生成期刊 makes a journal version whose link downloads a .docx', async () => {
  const { page } = editor;
  await openWorkbench(page);
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });
  await toolbar.getByRole('button', { name: '生成期刊' }).click();
  const ask = page.getByRole('alertdialog');
  await ask.getByText('确认根据当前稿件生成新的期刊版本？').waitFor();
  await shot(page, 'generate-confirm');
  const generated = page.waitForResponse((r) => r.url().includes(`/api/productJournal/generateJournal?journalId=${journal.id}`));
  await ask.getByRole('button', { name: '确认' }).click();
  const response = await generated;
  assert.equal(response.status(), 200, await response.text());
  const version = await response.json();
  assert.equal(version.version, 1);
  assert.equal(version.file.realName, `${PRODUCT}2031第7期.docx`);

  const dialog = page.getByRole('dialog', { name: '期刊已生成' });
  await dialog.getByText('新的期刊版本 V1 已生成：').waitFor();
  const link = dialog.getByTestId('generated-link');
  await link.waitFor();
  assert.equal((await link.textContent()).trim(), version.file.realName);
  await shot(page, 'generated-dialog');
  const downloaded = page.waitForEvent('download');
  await link.click();
  const download = await downloaded;
  assert.equal(await download.failure(), null);
  assert.match(download.suggestedFilename(), /\.docx$/);
  const path = await download.path();
  assert.ok(statSync(path).size > 0, 'the .docx is not empty');
  assert.equal(readFileSync(path).subarray(0, 2).toString('latin1'), 'PK', 'a .docx (zip) arrived');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // the new version is listed under 历史版本, and 提交审核 is offered now
  await toolbar.getByRole('button', { name: '提交审核' }).waitFor();
  await toolbar.getByRole('button', { name: '历史版本' }).click();
  const history = page.getByRole('dialog', { name: '期刊历史版本' });
  await history.getByText(version.file.realName).first().waitFor();
  await shot(page, 'journal-versions');
  await history.getByRole('button', { name: '关闭' }).click();
  await history.waitFor({ state: 'hidden' });
});

test('提交审核, then 定稿 (confirmed): every editing control is gone; 批量下载 still gives a zip', async () => {
  const { page } = editor;
  await openWorkbench(page);
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });

  await toolbar.getByRole('button', { name: '提交审核' }).click();
  let ask = page.getByRole('alertdialog');
  await ask.getByText('确认提交审核？').waitFor();
  let moved = page.waitForResponse((r) => r.url().endsWith('/api/productJournal/updateStatus'));
  await ask.getByRole('button', { name: '确认' }).click();
  let response = await moved;
  assert.equal(response.status(), 200, await response.text());
  assert.deepEqual(response.request().postDataJSON(), { journalId: journal.id, status: 'submit' });
  await notice(page, '提交成功').waitFor();
  await page.getByTestId('workbench-status').getByText('已提交', { exact: true }).waitFor();
  assert.equal(await toolbar.getByRole('button', { name: '已提交' }).isDisabled(), true);
  await shot(page, 'workbench-submitted');

  await toolbar.getByRole('button', { name: '定稿', exact: true }).click();
  ask = page.getByRole('alertdialog');
  await ask.getByText('定稿后不可修改，请再次确认').waitFor();
  await shot(page, 'done-confirm');
  moved = page.waitForResponse((r) => r.url().endsWith('/api/productJournal/updateStatus'));
  await ask.getByRole('button', { name: '确认' }).click();
  response = await moved;
  assert.equal(response.status(), 200, await response.text());
  assert.equal((await response.json()).status, 'done');
  await notice(page, '定稿成功').waitFor();
  await page.getByTestId('workbench-status').getByText('已完成', { exact: true }).waitFor();
  await toolbar.getByRole('button', { name: '更正版' }).waitFor();

  const checkGone = async () => {
    for (const name of EDIT_BUTTONS) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name} on a done journal`);
    assert.equal(await page.getByRole('button', { name: /^拖动排序：/ }).count(), 0, 'no drag handles on a done journal');
    assert.equal(await page.getByRole('button', { name: '删除', exact: true }).count(), 0, 'no 删除 on a done journal');
    assert.equal(await page.getByRole('button', { name: '编辑', exact: true }).count(), 0, 'no 编辑 on a done journal');
    assert.equal(await page.getByRole('checkbox').count(), 0, 'nothing to tick on a done journal');
    // the copies stay listed, 版本 (a read) stays
    await orderIs(page, COLUMNS[0], [TITLES[0], TITLES[1], TITLES[2]]);
    assert.equal(await column(page, COLUMNS[0]).getByRole('button', { name: '版本', exact: true }).count(), 3);
  };
  await checkGone();
  await page.getByRole('region', { name: '期刊信息' }).getByText('未定稿', { exact: true }).waitFor({ state: 'detached' });
  await shot(page, 'workbench-done');
  // and after a reload
  await openWorkbench(page);
  await page.getByTestId('workbench-status').getByText('已完成', { exact: true }).waitFor();
  await checkGone();
  // the server refuses the editing calls too
  const refused = await api(page, 'api/productManuscript/saveSort', { method: 'POST', body: { journalId: journal.id, columnId: product.columnList[0].id, ids: [] } });
  assert.equal(refused.status, 409);

  // 批量下载: the path of a zip streamed on request (200, application/zip)
  const asked = page.waitForResponse((r) => r.url().includes(`/api/productJournal/downloadZip?journalId=${journal.id}`));
  const downloaded = page.waitForEvent('download');
  await toolbar.getByRole('button', { name: '批量下载', exact: true }).click();
  const answer = await asked;
  assert.equal(answer.status(), 200, await answer.text());
  const zipPath = await answer.text();
  assert.match(zipPath, /^\/files\/[^/]+\/[^/?]+\.zip$/);
  const download = await downloaded;
  assert.equal(await download.failure(), null);
  assert.equal(new URL(download.url()).pathname, zipPath);
  assert.match(download.suggestedFilename(), /\.zip$/);
  const bytes = readFileSync(await download.path());
  assert.ok(bytes.length > 22, 'the zip is not empty');
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
  // the same path, fetched again: 200 application/zip, no login needed
  const again = await page.request.get(download.url());
  assert.equal(again.status(), 200);
  assert.match(again.headers()['content-type'], /^application\/zip/);
  assert.equal((await again.body()).subarray(0, 2).toString('latin1'), 'PK');
});

test('a user without productJournal:manu sees no 期刊编辑, and the workbench read-only', async () => {
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
  const roles = ok(await api(admin.page, 'api/roles/all'), 'roles');
  const editorRole = ok(await api(admin.page, `api/roles/${roles.find((r) => r.name === '编辑').id}`), 'the 编辑 role');
  const menus = editorRole.menus.filter((m) => m.permission !== 'productJournal:manu').map((m) => ({ id: m.id }));
  assert.ok(menus.length < editorRole.menus.length, 'the 编辑 role carries productJournal:manu');
  const role = ok(
    await api(admin.page, 'api/roles', { method: 'POST', body: { name: `期刊浏览 ${RUN}`, level: 3, dataScope: '本级', description: 'e2e：期刊编辑之外的期刊权限' } }),
    'create the role',
  );
  const roleId = role.id;
  ok(await api(admin.page, 'api/roles/menu', { method: 'PUT', body: { id: roleId, menus } }), 'the role’s menus');
  const username = `nomanu_${RUN}`;
  const account = ok(
    await api(admin.page, 'api/users', {
      method: 'POST',
      body: { username, nickName: '无配置编辑', gender: '男', enabled: true, dept: { id: me.user.dept.id }, roles: [{ id: roles.find((r) => r.name === '普通用户').id }, { id: roleId }], jobs: [] },
    }),
    'create the user',
  );

  viewer = await openBrowser();
  const { page } = viewer;
  await loginAs(page, username, account.initialPassword);
  const gate = page.getByTestId('forced-password-dialog');
  await gate.getByText('请修改初始密码').waitFor();
  await gate.getByLabel('旧密码').fill(account.initialPassword);
  await gate.getByLabel('新密码').fill('NoManu@e2e123');
  await gate.getByLabel('确认密码').fill('NoManu@e2e123');
  await gate.getByRole('button', { name: /修改密码/ }).click();
  await gate.waitFor({ state: 'hidden' });
  const info = ok(await api(page, 'auth/info'), 'viewer info');
  assert.ok(info.roles.includes('productJournal:list'));
  assert.ok(!info.roles.includes('productJournal:manu'));

  for (const path of [`/product/productJournal?productId=${product.id}`, `/productProcess-product?tab=journal&productId=${product.id}`]) {
    const listed = page.waitForResponse((r) => r.url().includes('/api/productJournal/list?') && r.ok());
    await page.goto(`${BASE_URL}/horizon${path}`);
    await listed;
    const row = page.getByRole('table', { name: '期刊列表' }).getByRole('row').filter({ hasText: PRODUCT });
    await row.getByText('已完成', { exact: true }).waitFor();
    await row.getByRole('link', { name: '稿件管理' }).waitFor();
    assert.equal(await row.getByRole('link', { name: '期刊编辑' }).count(), 0, `${path}: no 期刊编辑`);
  }
  await shot(page, 'journal-list-without-manu');

  // the address itself: the journal read-only, without the downloads and counts of productJournal:manu
  await openWorkbench(page);
  const toolbar = page.getByRole('toolbar', { name: '期刊操作' });
  for (const name of ['批量下载', '批量下载源附件', '供稿统计', ...EDIT_BUTTONS]) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name} without productJournal:manu`);
  }
  await toolbar.getByRole('button', { name: '历史版本' }).waitFor();
  assert.equal((await api(page, `api/productJournal/downloadZip?journalId=${journal.id}`)).status, 403);
  await shot(page, 'workbench-without-manu');
});

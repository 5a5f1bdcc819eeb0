// The news dialogs and the collected-news list, driven through the news index (/pro/news):
// share an item to the editor (who finds it under 分享 › 分享给我), edit keywords in the
// 编辑分类与关键词 dialog (add, edit by double-click, remove, an empty one dropped), collect items
// and un-collect them from the 收藏 tab, set an item as noise and delete another (news:noise).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const EDITOR = { username: 'editor', password: '123456', nickName: '张编辑' };
const NOTE = `请关注这条新闻，明天例会讨论（e2e ${Date.now().toString(36)}）`;

let admin;
/** The first rows of the 全部 list as the server answered them (id, titles, keywords...). */
let rows = [];

/** Screenshot once transitions (dialog fade-in, tab indicator) are over and earlier notices have gone. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}



/** Opens the news index and remembers the rows of its first page. */
async function openIndex(page) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/news/list?') && r.request().method() === 'GET' && r.ok());
  await page.goto(`${BASE_URL}/horizon/pro/news`);
  rows = (await (await listed).json()).content;
  assert.ok(rows.length >= 4, 'the demo news fill the first page');
  await newsRow(page, rows[0]).waitFor();
}

const mainTitle = (news) => news.titleCn || news.title;

/** The table row of a news item. */
const newsRow = (page, news) => page.locator(`tr[data-news-id="${news.id}"]`);

before(async () => {
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
});
after(async () => {
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the page');
  await admin?.close();
});

test('share an item to the editor: one record, seen by the editor under 分享给我', async () => {
  const { page } = admin;
  await openIndex(page);
  const item = rows[0];
  await newsRow(page, item).getByRole('button', { name: '分享', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: '分享新闻' });
  await dialog.getByText(mainTitle(item)).first().waitFor();
  const confirm = dialog.getByRole('button', { name: '确认' });
  assert.equal(await confirm.isDisabled(), true, '确认 waits for a recipient');

  const recipients = dialog.getByRole('combobox', { name: /接收人/ });
  await recipients.click();
  await recipients.fill('编辑部');
  const option = page.getByRole('option', { name: new RegExp(EDITOR.nickName) });
  await option.getByText('期刊编辑部').waitFor(); // each option names the department
  await option.click();
  await dialog.getByLabel('备注').fill(NOTE);
  await recipients.fill('翻');
  await page.getByRole('option', { name: /李翻译/ }).waitFor();
  await shot(page, 'share-dialog');
  await recipients.press('Escape');
  await recipients.fill('');

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/newsSuggest') && r.request().method() === 'POST');
  await confirm.click();
  const response = await sent;
  assert.equal(response.status(), 201);
  const body = response.request().postDataJSON();
  assert.equal(body.newsId, item.id);
  assert.equal(body.content, NOTE);
  assert.equal(body.toIds.length, 1, 'one recipient chosen');
  await page.getByText('分享成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // the editor finds it under 分享 › 分享给我 (and the API lists exactly one record for them)
  const editor = await openBrowser();
  try {
    await loginAs(editor.page, EDITOR.username, EDITOR.password);
    const me = await api(editor.page, 'auth/info');
    const shares = await api(editor.page, `api/newsSuggest?toId=${me.body.user.id}&size=50`);
    const mine = shares.body.content.filter((s) => s.newsId === item.id && s.content === NOTE);
    assert.equal(mine.length, 1, 'one share record for the editor');
    assert.equal(mine[0].fromId.username, 'admin');

    await editor.page.goto(`${BASE_URL}/horizon/pro/news`);
    await editor.page.getByRole('tab', { name: '分享', exact: true }).click();
    // the sub-tab is a tab or a toggle button, whichever the index uses
    await editor.page.getByRole('tab', { name: '分享给我' }).or(editor.page.getByRole('button', { name: '分享给我' })).click();
    await editor.page.getByText(mainTitle(item)).first().waitFor();
    await editor.page.getByText(NOTE).first().waitFor();
    await shot(editor.page, 'share-received');
    assert.deepEqual(editor.errors, [], 'no uncaught errors in the editor page');
  } finally {
    await editor.close();
  }
});

test('edit keywords: add, edit by double-click, remove, an empty one dropped', async () => {
  const { page } = admin;
  await openIndex(page);
  const item = rows.find((r) => r.keywords.length >= 2) ?? rows[1];
  assert.ok(item.keywords.length >= 2, 'a demo item with two keywords');
  const [first, second, ...rest] = item.keywords;
  const edited = `${first}E2E`;
  const added = '人工智能治理';

  await newsRow(page, item).getByRole('button', { name: '编辑关键词' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑分类与关键词' });
  await dialog.getByText(mainTitle(item)).first().waitFor();
  await dialog.getByRole('tree').waitFor();

  // double-click → edit in place
  const keywords = dialog.getByRole('group', { name: '关键词' });
  await keywords.getByText(first, { exact: true }).dblclick();
  const input = dialog.getByRole('textbox', { name: '输入关键词' });
  await input.fill(edited);
  await input.press('Enter');
  await keywords.getByText(edited, { exact: true }).waitFor();
  // × removes
  await dialog.getByRole('button', { name: `删除关键词 ${second}` }).click();
  await keywords.getByText(second, { exact: true }).waitFor({ state: 'detached' });
  // + 新增 → a new keyword; the input widens from 3 characters on
  await dialog.getByRole('button', { name: '+ 新增' }).click();
  const narrow = (await input.boundingBox()).width;
  await input.fill(added);
  await page.waitForTimeout(200); // the width transition
  assert.ok((await input.boundingBox()).width > narrow, 'the input widens for a keyword of 3+ characters');
  await input.press('Enter');
  // + 新增 once more, left empty: dropped on confirm
  await dialog.getByRole('button', { name: '+ 新增' }).click();
  await input.waitFor();
  await shot(page, 'edit-tags-dialog');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/news/updateClassifyAndKeywords'));
  await dialog.getByRole('button', { name: '确认' }).click();
  const response = await saved;
  assert.equal(response.status(), 200);
  const body = response.request().postDataJSON();
  assert.equal(body.id, item.id);
  assert.deepEqual(body.keywords, [edited, ...rest, added], 'edited, removed, added, and no empty keyword');
  assert.deepEqual(body.classify, item.classify, 'the classification is kept');
  await page.getByText('修改成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // the row shows the saved keywords in place
  await newsRow(page, item).getByText(edited).first().waitFor();

  // and the server has them (read again from the list)
  const again = await api(page, `api/news/list?page=0&size=50`);
  assert.deepEqual(again.body.content.find((r) => r.id === item.id)?.keywords, body.keywords);
});

test('collect three items, see them in the 收藏 tab, un-collect one', async () => {
  const { page } = admin;
  await openIndex(page);
  const picked = rows.filter((r) => !r.isCollect).slice(0, 3);
  assert.equal(picked.length, 3);
  for (const item of picked) {
    const done = page.waitForResponse((r) => r.url().endsWith('/api/newsCollect') && r.request().method() === 'POST');
    await newsRow(page, item).getByRole('button', { name: '收藏', exact: true }).click();
    assert.ok((await done).ok());
  }

  const listed = page.waitForResponse((r) => r.url().includes('/api/newsCollect?') && r.ok());
  await page.getByRole('tab', { name: '收藏', exact: true }).click();
  const first = await (await listed).json();
  assert.ok(first.totalElements >= 3);
  for (const item of picked) await page.getByRole('link', { name: mainTitle(item) }).waitFor();
  await page.getByText(`共 ${first.totalElements} 条`).first().waitFor();

  // sorting by views goes back to page 1 and asks for numDesc
  const sorted = page.waitForRequest((r) => r.url().includes('/api/newsCollect?') && r.url().includes('sort=numDesc'));
  await page.getByRole('group', { name: /排序/ }).getByRole('button', { name: '浏览量', exact: true }).click();
  assert.match((await sorted).url(), /page=0/);
  await shot(page, 'collect-list');

  // un-collect: the page is read again without it
  const gone = picked[1];
  const removed = page.waitForResponse((r) => r.url().includes('/api/newsCollect/deleteByNewsIdAndUserId') && r.request().method() === 'DELETE');
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/newsCollect?') && r.request().method() === 'GET');
  await page.getByRole('row').filter({ hasText: mainTitle(gone) }).getByRole('button', { name: /取消收藏/ }).click();
  assert.ok((await removed).ok());
  assert.equal((await (await reloaded).json()).totalElements, first.totalElements - 1);
  await page.getByText('已取消收藏').first().waitFor();
  await page.getByRole('link', { name: mainTitle(gone) }).waitFor({ state: 'detached' });
  await page.getByText(`共 ${first.totalElements - 1} 条`).first().waitFor();
});

test('set as noise and delete ask first, then take the item out of the list', async () => {
  const { page } = admin;
  await openIndex(page);
  const cases = [
    { item: rows.at(-1), menu: '设为噪音', question: '确定将该新闻设为噪音吗？', path: '/api/news/setNoise', done: '已设为噪音' },
    { item: rows.at(-2), menu: '删除', question: '确定删除该新闻吗？此操作不可恢复', path: '/api/news/deleteById', done: '删除成功' },
  ];
  for (const { item, menu, question, path, done } of cases) {
    await newsRow(page, item).getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: menu }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: question });
    await dialog.getByText(mainTitle(item)).waitFor();
    if (menu === '删除') await shot(page, 'delete-dialog');
    const called = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: '确认' }).click();
    const response = await called;
    assert.equal(response.status(), 200);
    assert.deepEqual(response.request().postDataJSON(), { id: item.id });
    await page.getByText(done).first().waitFor();
    await newsRow(page, item).waitFor({ state: 'detached' });
  }
  // neither comes back when the list is read again
  const again = await api(page, 'api/news/list?page=0&size=50');
  assert.equal(again.body.content.some((r) => r.id === cases[0].item.id || r.id === cases[1].item.id), false);
});

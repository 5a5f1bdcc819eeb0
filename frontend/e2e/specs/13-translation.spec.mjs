// The translation workbench (/pro/news/detailFull/{id}?trans=true), followed as a new user would from
// the 精选 list: the translator (编译部) clicks the row's 翻译, claims the item with 我要翻译, gives it a
// Chinese title, edits the prefilled text, saves with Ctrl+S and submits it for review; without a
// machine-translation engine the 机器翻译 tab says so calmly and no action shows an error. The
// reviewer (国际新闻部, news:judge) — in another browser — hears the live notice; opened directly,
// the workbench warns on 审核 until 人工翻译 was viewed (spec §4); from the row's 审核 it opens ready
// to review (人工翻译 shown, 审核 in a banner) and reviews (审核成功); the list then shows the Chinese
// title. The version history lists v1 as reviewed. Both departments are children of 新闻中心, where
// the translation lives (the work department: the parent of the user's department, spec §4).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

const TRANSLATOR = { username: 'translator', password: '123456' };
const REVIEWER = { username: 'reviewer', password: '123456' };
const ADDED = `译者补充：本段由端到端测试写入（e2e ${Date.now().toString(36)}）`;
const TITLE_CN = `端到端测试中文标题 ${Date.now().toString(36)}`;

let translator;
let reviewer;
/** The item translated here and the work department both users share. */
let item;
let workDept;
/** The translator's display name (another spec may have changed it). */
let translatorName;
/** The item's machine translation as the server has it (the 机器翻译 tab shows it, else the notice). */
let itemMt;
/** The reviewer's workbench window, opened from the list row's 审核. */
let reviewerWb;
/** API answers ≥ 400 seen by the workbench windows (every error toast comes from one). */
const failures = [];

/** A window opened by the page (a row's 翻译 / 审核), with its errors and failed calls recorded. */
async function popup(browser, click) {
  const [page] = await Promise.all([browser.context.waitForEvent('page'), click()]);
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => browser.errors.push(String(e)));
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return page;
}

/** The news index on its 精选 tab (where the rows offer 翻译 and 审核), and the item's row there. */
async function choiceRow(page) {
  if (!new URL(page.url()).pathname.endsWith('/pro/news')) await page.goto(`${BASE_URL}/horizon/pro/news`);
  await page.getByRole('tab', { name: '精选', exact: true }).click();
  await page.getByRole('tab', { name: '精选', exact: true, selected: true }).waitFor();
  const row = page.locator(`[data-testid="news-table"] tr[data-news-id="${item.id}"]`);
  await row.waitFor();
  return row;
}

/** Screenshot once transitions (dialog fade-in, tab indicator) are over and earlier notices have gone. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}



const workbenchUrl = (id) => `${BASE_URL}/horizon/pro/news/detailFull/${id}?trans=true`;
const status = (page) => page.getByTestId('trans-status');

/** Resolves with the next `submitTranslate` answer whose request has this content status. */
const transition = (page, contentStatus) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/news/submitTranslate') && r.request().method() === 'POST' && r.request().postDataJSON()?.content?.status === contentStatus,
  );

before(async () => {
  translator = await openBrowser();
  await loginAs(translator.page, TRANSLATOR.username, TRANSLATOR.password);
  const me = await api(translator.page, 'auth/info');
  const dept = me.body.user.dept;
  translatorName = me.body.user.nickName || TRANSLATOR.username;
  assert.ok(dept?.pid, 'the translator’s department has a parent (新闻中心)');
  workDept = dept.pid;

  // an item with text that the work department has not translated yet, on the first page of the lists
  const list = await api(translator.page, 'api/news/list?page=0&size=20&sort=dateDesc');
  assert.equal(list.status, 200);
  for (const row of list.body.content) {
    const state = await api(translator.page, `api/news/translationState?id=${row.id}&deptId=${workDept}`);
    if (state.status === 200 && state.body.transStatus === null && state.body.version === 0) {
      item = row;
      break;
    }
  }
  assert.ok(item, 'a demo item not yet translated in 新闻中心');
  itemMt = (await api(translator.page, `api/news/info?id=${item.id}&deptId=${workDept}`)).body.contentCn?.trim() || null;

  // the reviewer (news:choice) has put it among the department's 精选, where translators and reviewers work
  reviewer = await openBrowser();
  await loginAs(reviewer.page, REVIEWER.username, REVIEWER.password);
  const chosen = await api(reviewer.page, 'api/news/choose', { method: 'POST', body: { id: item.id, isChoice: true } });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
});

after(async () => {
  assert.deepEqual(failures, [], 'no failed API call (so no error toast) in the workbench windows');
  assert.deepEqual(translator?.errors ?? [], [], 'no uncaught errors in the translator’s page');
  assert.deepEqual(reviewer?.errors ?? [], [], 'no uncaught errors in the reviewer’s page');
  await translator?.close();
  await reviewer?.close();
});

test('the translator opens 翻译 from the 精选 row, claims, gives a Chinese title, saves with Ctrl+S and submits', async () => {
  const row = await choiceRow(translator.page);
  const page = await popup(translator, () => row.getByRole('button', { name: '翻译', exact: true }).click());
  await page.waitForURL(new RegExp(`/horizon/pro/news/detailFull/${item.id}\\?trans=true$`));
  await page.getByTestId('translation-workbench').waitFor();
  await status(page).getByText('未翻译').waitFor();
  // nothing to save, submit or review before claiming
  assert.equal(await page.getByTestId('trans-save').count(), 0);
  assert.equal(await page.getByTestId('trans-submit').count(), 0);
  assert.equal(await page.getByTestId('trans-review').count(), 0);
  // the 机器翻译 tab: the machine translation, or — no engine, the default — a calm notice saying how to enable it
  assert.equal(await page.getByTestId('trans-tab-machine').getAttribute('aria-selected'), 'true');
  if (itemMt) {
    assert.equal(await page.getByTestId('trans-mt-not-configured').count(), 0);
  } else {
    const notice = page.getByTestId('trans-mt-not-configured');
    await notice.getByText('机器翻译未配置', { exact: true }).waitFor();
    await notice.getByText(/系统管理 → 机器翻译/).waitFor();
    assert.match(await notice.getAttribute('class'), /MuiAlert-outlinedInfo/, 'an information, not an error');
  }
  await shot(page, 'translation-workbench');

  const claimed = transition(page, 'edit');
  await page.getByTestId('trans-claim').click();
  const claim = await claimed;
  assert.equal(claim.status(), 200);
  assert.deepEqual(claim.request().postDataJSON(), { id: item.id, deptId: workDept, content: { status: 'edit' } });
  const claimedState = await claim.json();
  assert.equal(claimedState.transStatus, 'edit');
  assert.equal(claimedState.version, 1);
  await page.getByText('认领成功，可以开始翻译').first().waitFor();
  await status(page).getByText('翻译中').waitFor();
  // the manual tab is open: the Chinese title (prefilled with the title the list shows) above the prefilled text
  assert.equal(await page.getByTestId('trans-tab-manual').getAttribute('aria-selected'), 'true');
  const title = page.getByTestId('trans-title-cn');
  assert.equal(await title.inputValue(), item.titleCn?.trim() ?? '');
  const editor = page.getByTestId('trans-editor');
  await editor.waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'true');

  await title.fill(TITLE_CN);
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(ADDED);
  await page.getByTestId('trans-dirty').waitFor();

  const saved = transition(page, 'edit');
  await page.keyboard.press('Control+S');
  const save = await saved;
  assert.equal(save.status(), 200);
  const sent = save.request().postDataJSON().content;
  assert.ok(sent.contentTrans.includes(ADDED), 'the saved HTML holds the added paragraph');
  assert.equal(sent.titleCn, TITLE_CN, 'the Chinese title is saved with the text');
  assert.equal((await save.json()).titleCn, TITLE_CN);
  await page.getByText('保存成功').first().waitFor();
  await page.getByTestId('trans-dirty').waitFor({ state: 'detached' });
  // the header names the item by its new Chinese title
  await page.getByRole('heading', { level: 1, name: TITLE_CN }).waitFor();
  await shot(page, 'translation-title');

  // the reviewer is at work on the news index when the translation is submitted
  await reviewer.page.goto(`${BASE_URL}/horizon/pro/news`);
  await reviewer.page.locator('tr[data-news-id]').first().waitFor();
  // the live channel connects once the page is idle
  await reviewer.page.locator('html[data-live="connected"]').waitFor({ state: 'attached', timeout: 15_000 });

  await page.getByTestId('trans-submit').click();
  const confirm = page.getByRole('dialog', { name: '提交审核' });
  await confirm.waitFor();
  const submitted = transition(page, 'examine');
  await confirm.getByRole('button', { name: '确认' }).click();
  const submit = await submitted;
  assert.equal(submit.status(), 200);
  assert.deepEqual(await submit.json().then((s) => [s.transStatus, s.titleCn]), ['examine', TITLE_CN]);
  await page.getByText('提交成功').first().waitFor();
  await status(page).getByText('待审核').waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'false');
  assert.equal(await page.getByTestId('trans-save').count(), 0);
  await page.getByTestId('trans-title-cn-view').getByText(TITLE_CN).waitFor();
  // no machine-translation message on any of these actions
  assert.equal(await page.getByText('机器翻译未配置，请联系管理员配置翻译引擎').count(), 0);
  await shot(page, 'translation-submitted');

  // ... and hears of it at once on the live channel (the department's reviewers; not the translator)
  const notice = reviewer.page.getByText('有新的译文待审核');
  await notice.waitFor({ timeout: 15_000 });
  await reviewer.page.getByText(`${translatorName} 提交了《`).first().waitFor();
  await screenshot(reviewer.page, 'translation-live-notice');
  assert.equal(await page.getByText('有新的译文待审核').count(), 0, 'the translator gets no notice of their own submission');
});

test('opened directly, the workbench warns on 审核 until 人工翻译 was viewed (spec §4)', async () => {
  const page = await reviewer.context.newPage();
  let reviewCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/news/submitTranslate') && r.method() === 'POST') reviewCalls += 1;
  });
  await page.goto(workbenchUrl(item.id));
  await status(page).getByText('待审核').waitFor();
  const review = page.getByTestId('trans-review');
  await review.getByText('审核', { exact: true }).waitFor();
  // the machine translation tab is shown first: 审核 only warns, the server is not asked
  assert.equal(await page.getByTestId('trans-tab-machine').getAttribute('aria-selected'), 'true');
  await review.click();
  await page.getByText('请点击右侧人工翻译，查看译文后再审核').first().waitFor();
  await page.waitForTimeout(300);
  assert.equal(reviewCalls, 0, 'no review request before the manual translation was viewed');
  await page.close();
});

test('the reviewer clicks the 精选 row’s 审核: the workbench opens ready to review; after 审核 the list shows the Chinese title', async () => {
  const list = reviewer.page;
  const row = await choiceRow(list);
  await row.getByText('待审核', { exact: true }).waitFor();
  const page = (reviewerWb = await popup(reviewer, () => row.getByRole('button', { name: '审核', exact: true }).click()));
  await page.waitForURL(new RegExp(`/horizon/pro/news/detailFull/${item.id}\\?trans=true&review=true$`));
  await status(page).getByText('待审核').waitFor();
  // ready to review: 人工翻译 shown with the title and the text, the banner carries 审核
  assert.equal(await page.getByTestId('trans-tab-manual').getAttribute('aria-selected'), 'true');
  const editor = page.getByTestId('trans-editor');
  await editor.getByText(ADDED).waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'false', 'the reviewer reads the translation');
  await page.getByTestId('trans-title-cn-view').getByText(TITLE_CN).waitFor();
  const banner = page.getByTestId('trans-review-banner');
  await banner.getByText(`${TRANSLATOR.username} 提交的第 1 版译文待审核`, { exact: false }).waitFor();
  const review = banner.getByTestId('trans-review');
  assert.equal(await page.getByTestId('trans-review').count(), 1, 'one 审核 button');
  await shot(page, 'translation-review');

  const reviewed = transition(page, 'done');
  await review.click();
  const response = await reviewed;
  assert.equal(response.status(), 200);
  assert.deepEqual(response.request().postDataJSON(), { id: item.id, deptId: workDept, content: { status: 'done', version: 1 } });
  const state = await response.json();
  assert.equal(state.transStatus, 'done');
  assert.equal(state.examineName, REVIEWER.username);
  await page.getByText('审核成功').first().waitFor();
  assert.equal(await page.getByText('请点击右侧人工翻译，查看译文后再审核').count(), 0, 'no warning on the way');
  await status(page).getByText('已审核').waitFor();
  await page.getByTestId('trans-review').getByText('重新审核').waitFor();
  await page.getByTestId('trans-review-banner').waitFor({ state: 'detached' });

  // back on the list: the row is reviewed and named by its Chinese title, the original below it
  await list.bringToFront();
  await list.reload();
  const after = await choiceRow(list);
  await after.locator('.news-title').getByText(TITLE_CN).waitFor();
  await after.locator('.news-title-original').getByText(item.title).waitFor();
  await after.getByText('已处理', { exact: true }).waitFor();
  await shot(list, 'translation-list-title');
  // so does the translator's list (the department's title)
  const mine = await api(translator.page, `api/news/list?page=0&size=20&sort=dateDesc&type=choice`);
  assert.equal(mine.body.content.find((r) => r.id === item.id)?.titleCn, TITLE_CN);
});

test('the version history lists v1, submitted by the translator and reviewed', async () => {
  const page = reviewerWb;
  await page.getByTestId('trans-history').click();
  const dialog = page.getByRole('dialog', { name: '版本历史' });
  await dialog.waitFor();
  const v1 = dialog.locator('tr[data-version="1"]');
  await v1.waitFor();
  await v1.getByText('v1', { exact: true }).waitFor();
  await v1.getByText('已审核').waitFor();
  await v1.getByText(TRANSLATOR.username, { exact: true }).waitFor();
  await v1.getByText(REVIEWER.username, { exact: true }).waitFor();
  assert.equal(await dialog.locator('tbody tr').count(), 1, 'one submitted version');

  await v1.getByRole('button', { name: '查看' }).click();
  await dialog.getByTestId('trans-version-text').getByText(ADDED).waitFor();
  await shot(page, 'translation-history');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // the translator's own history says the same
  const history = await api(translator.page, `api/news/translationVersions?id=${item.id}&deptId=${workDept}`);
  assert.equal(history.status, 200);
  assert.deepEqual(
    history.body.map((v) => [v.version, v.status, v.editorName, v.examineName]),
    [[1, 'done', TRANSLATOR.username, REVIEWER.username]],
  );
});

// The translation workbench (/pro/news/detailFull/{id}?trans=true): the translator (编译部) claims an
// untranslated item with 我要翻译, edits the prefilled text, saves with Ctrl+S and submits it for
// review; the reviewer (国际新闻部, news:judge) — in another browser — sees the live notice, opens the item, is warned
// when trying 审核 before viewing 人工翻译, views it and reviews (审核成功); the version history
// lists v1 as reviewed. Both departments are children of 新闻中心, where the translation lives (the
// work department: the parent of the user's department, spec §4).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

const TRANSLATOR = { username: 'translator', password: '123456' };
const REVIEWER = { username: 'reviewer', password: '123456' };
const ADDED = `译者补充：本段由端到端测试写入（e2e ${Date.now().toString(36)}）`;

let translator;
let reviewer;
/** The item translated here and the work department both users share. */
let item;
let workDept;
/** The translator's display name (another spec may have changed it). */
let translatorName;

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

  // an item with text that the work department has not translated yet
  const list = await api(translator.page, 'api/news/list?page=0&size=50&sort=dateDesc');
  assert.equal(list.status, 200);
  for (const row of list.body.content) {
    const state = await api(translator.page, `api/news/translationState?id=${row.id}&deptId=${workDept}`);
    if (state.status === 200 && state.body.transStatus === null && state.body.version === 0) {
      item = row;
      break;
    }
  }
  assert.ok(item, 'a demo item not yet translated in 新闻中心');
});

after(async () => {
  assert.deepEqual(translator?.errors ?? [], [], 'no uncaught errors in the translator’s page');
  assert.deepEqual(reviewer?.errors ?? [], [], 'no uncaught errors in the reviewer’s page');
  await translator?.close();
  await reviewer?.close();
});

test('the translator claims an item, edits the prefilled text, saves with Ctrl+S and submits it', async () => {
  const { page } = translator;
  await page.goto(workbenchUrl(item.id));
  await page.getByTestId('translation-workbench').waitFor();
  await status(page).getByText('未翻译').waitFor();
  // nothing to save, submit or review before claiming
  assert.equal(await page.getByTestId('trans-save').count(), 0);
  assert.equal(await page.getByTestId('trans-submit').count(), 0);
  assert.equal(await page.getByTestId('trans-review').count(), 0);
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
  // the manual tab is open and the editor holds the prefill (country + machine translation)
  assert.equal(await page.getByTestId('trans-tab-manual').getAttribute('aria-selected'), 'true');
  const editor = page.getByTestId('trans-editor');
  await editor.waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'true');

  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(ADDED);
  await page.getByTestId('trans-dirty').waitFor();

  const saved = transition(page, 'edit');
  await page.keyboard.press('Control+S');
  const save = await saved;
  assert.equal(save.status(), 200);
  assert.ok(save.request().postDataJSON().content.contentTrans.includes(ADDED), 'the saved HTML holds the added paragraph');
  await page.getByText('保存成功').first().waitFor();
  await page.getByTestId('trans-dirty').waitFor({ state: 'detached' });

  // the reviewer is at work on the news index when the translation is submitted
  reviewer = await openBrowser();
  await loginAs(reviewer.page, REVIEWER.username, REVIEWER.password);
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
  assert.equal((await submit.json()).transStatus, 'examine');
  await page.getByText('提交成功').first().waitFor();
  await status(page).getByText('待审核').waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'false');
  assert.equal(await page.getByTestId('trans-save').count(), 0);
  await shot(page, 'translation-submitted');

  // ... and hears of it at once on the live channel (the department's reviewers; not the translator)
  const notice = reviewer.page.getByText('有新的译文待审核');
  await notice.waitFor({ timeout: 15_000 });
  await reviewer.page.getByText(`${translatorName} 提交了《`).first().waitFor();
  await screenshot(reviewer.page, 'translation-live-notice');
  assert.equal(await page.getByText('有新的译文待审核').count(), 0, 'the translator gets no notice of their own submission');
});

test('the reviewer must view 人工翻译 before 审核, then reviews it', async () => {
  const { page } = reviewer;
  let reviewCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/news/submitTranslate') && r.method() === 'POST') reviewCalls += 1;
  });

  await page.goto(workbenchUrl(item.id));
  await status(page).getByText('待审核').waitFor();
  const review = page.getByTestId('trans-review');
  await review.getByText('审核', { exact: true }).waitFor();

  // the machine translation tab is shown first: 审核 only warns, the server is not asked
  await review.click();
  await page.getByText('请点击右侧人工翻译，查看译文后再审核').first().waitFor();
  await page.waitForTimeout(300);
  assert.equal(reviewCalls, 0, 'no review request before the manual translation was viewed');

  await page.getByTestId('trans-tab-manual').click();
  const editor = page.getByTestId('trans-editor');
  await editor.getByText(ADDED).waitFor();
  assert.equal(await editor.getAttribute('contenteditable'), 'false', 'the reviewer reads the translation');
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
  await status(page).getByText('已审核').waitFor();
  await review.getByText('重新审核').waitFor();
});

test('the version history lists v1, submitted by the translator and reviewed', async () => {
  const { page } = reviewer;
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

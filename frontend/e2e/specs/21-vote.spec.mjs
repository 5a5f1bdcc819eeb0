// 动态投票 (/productProcess-vote, docs/votes.md) end to end.
//
// Set-up through the API: the editor (编辑: every vote code, editor of the products of their unit)
// makes a product of their unit with one column, an issue dated today and three manuscripts picked
// into it. Then, in the browser:
//   1. the page before any vote: the Chinese empty state and 发起投票;
//   2. 发起投票: product, this month so far, 2 votes per person; the preview lists the three
//      manuscripts; 发起 → 投票已发起, the new vote selected, 剩余 2 票;
//   3. the editor votes twice (投票成功), then has no ballot left (票已投完) and the others' 投票
//      buttons are disabled; 撤回 gives one back;
//   4. the translator (普通用户: vote:list, vote:cast) votes in another browser; the editor's page
//      shows it without a reload (the tally is polled while the vote is open);
//   5. 结束投票 (confirmed) → 投票已结束: 已结束, the result frozen, no ballot buttons, 导出结果
//      downloads the xlsx.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { loginAs, pageApi as api } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot, today } from '../support.mjs';

const PASSWORD = '123456';
const RUN = Date.now().toString(36);
const PRODUCT = `e2e 投票周刊 ${RUN}`;
const TITLES = [`能源转型提速 ${RUN}`, `芯片出口新规 ${RUN}`, `港口吞吐量创新高 ${RUN}`];
const VOTE_TITLE = `本月好稿评选 ${RUN}`;

let editor;
let translator;
/** Journal copy ids, in the order of TITLES. */
let copies = [];

/** Screenshot once transitions are over and notices have gone; named 21-<name>. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, `21-${name}`);
}

const ok = (answer, what) => {
  assert.ok(answer.status >= 200 && answer.status < 300, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const notice = (page, text) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });
const candidate = (page, i) => page.getByTestId(`candidate-${copies[i]}`);


before(async () => {
  editor = await openBrowser();
  const { page } = editor;
  await loginAs(page, 'editor', PASSWORD);
  const me = ok(await api(page, 'auth/info'), 'editor info');
  for (const code of ['vote:list', 'vote:add', 'vote:edit', 'vote:cast']) assert.ok(me.roles.includes(code), `the editor has ${code}`);
  const product = ok(
    await api(page, 'api/productSetting', { method: 'POST', body: { name: PRODUCT, deptId: me.user.dept.id, type: '1', contentType: '2', columnList: [{ sort: 1, name: '要闻', status: true }] } }),
    'create the product',
  );
  const columnId = product.columnList[0].id;
  const journal = ok(await api(page, 'api/productJournal', { method: 'POST', body: { productId: product.id, year: 2031, journalNo: 1, totalNo: 1, planPublishTime: today() } }), 'create the journal');
  const pool = [];
  for (const title of TITLES) {
    const body = { title, abstracts: `${title} 的摘要。`, firstAuthor: '张编辑', authorIds: String(me.user.id), productId: product.id, productList: [columnId], content: `<p>${title}</p>` };
    pool.push(ok(await api(page, 'api/manuscript', { method: 'POST', body }), `submit ${title}`).id);
  }
  ok(await api(page, 'api/productManuscript', { method: 'POST', body: { journalId: journal.id, columnId, manuIds: pool } }), 'pick into the journal');
  const info = ok(await api(page, `api/productJournal/info?journalId=${journal.id}`), 'journal info');
  const byTitle = new Map(info.columns.flatMap((c) => c.manuList).map((m) => [m.title, m.id]));
  copies = TITLES.map((t) => byTitle.get(t));
  assert.ok(copies.every(Boolean), 'the three copies are in the journal');
});

after(async () => {
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors in the editor’s page');
  assert.deepEqual(translator?.errors ?? [], [], 'no uncaught errors in the translator’s page');
  await editor?.close();
  await translator?.close();
});

test('before any vote: the empty state and 发起投票', async () => {
  const { page } = editor;
  const existing = ok(await api(page, 'api/productManuscript/voteList?page=0&size=1'), 'vote list');
  await page.goto(`${BASE_URL}/horizon/productProcess-vote`);
  await page.getByRole('heading', { name: '动态投票', level: 1 }).waitFor();
  await page.getByRole('button', { name: '发起投票' }).waitFor();
  if (existing.totalElements === 0) {
    await page.getByTestId('vote-empty').getByText('暂无投票').waitFor();
    await shot(page, 'empty');
  }
});

test('发起投票: the preview lists the period’s manuscripts, 发起 opens the vote', async () => {
  const { page } = editor;
  await page.getByRole('button', { name: '发起投票' }).click();
  const dialog = page.getByRole('dialog', { name: '发起投票' });
  await dialog.getByRole('combobox', { name: '产品' }).click();
  await page.getByRole('option', { name: PRODUCT, exact: true }).click();
  const preview = dialog.getByTestId('candidate-preview');
  for (const title of TITLES) await preview.getByText(title, { exact: true }).waitFor();
  await dialog.getByText('候选稿件预览（3 篇）').waitFor();
  await dialog.getByRole('textbox', { name: '投票标题' }).fill(VOTE_TITLE);
  await dialog.getByRole('textbox', { name: '每人票数' }).fill('2');
  await shot(page, 'create-dialog');
  await dialog.getByRole('button', { name: '发起', exact: true }).click();
  await notice(page, '投票已发起').waitFor();
  const panel = page.getByTestId('vote-detail');
  await panel.getByRole('heading', { name: VOTE_TITLE }).waitFor();
  await panel.getByText(/剩余 2 票/).waitFor();
  await page.getByTestId('vote-list').getByText(VOTE_TITLE).waitFor();
});

test('the editor votes up to the quota, withdraws one and votes again', async () => {
  const { page } = editor;
  const panel = page.getByTestId('vote-detail');
  await candidate(page, 0).getByRole('button', { name: '投票' }).click();
  await notice(page, '投票成功').waitFor();
  await panel.getByText(/剩余 1 票/).waitFor();
  await candidate(page, 1).getByRole('button', { name: '投票' }).click();
  await panel.getByText(/票已投完/).waitFor();
  assert.equal(await candidate(page, 2).getByRole('button', { name: '投票' }).isDisabled(), true, 'no ballot left for the third');
  await candidate(page, 1).getByRole('button', { name: '撤回' }).click();
  await notice(page, '已撤回').waitFor();
  await candidate(page, 2).getByRole('button', { name: '投票' }).click();
  await panel.getByText(/票已投完/).waitFor();
  await candidate(page, 2).getByText('已投').waitFor();
  await shot(page, 'voted');
});

test('another person’s ballot reaches the editor’s tally without a reload', async () => {
  translator = await openBrowser();
  const { page } = translator;
  await loginAs(page, 'translator', PASSWORD);
  await page.goto(`${BASE_URL}/horizon/productProcess-vote`);
  await page.getByTestId('vote-list').getByText(VOTE_TITLE).click();
  await page.getByTestId('vote-detail').getByRole('heading', { name: VOTE_TITLE }).waitFor();
  assert.equal(await page.getByRole('button', { name: '发起投票' }).count(), 0, 'staff do not open votes');
  assert.equal(await page.getByRole('button', { name: '结束投票' }).count(), 0, 'staff do not close votes');
  await candidate(page, 2).getByRole('button', { name: '投票' }).click();
  await notice(page, '投票成功').waitFor();

  const editorPanel = editor.page.getByTestId('vote-detail');
  await editorPanel.getByText(/2 人投票，共 3 票/).waitFor({ timeout: 15000 });
  await candidate(editor.page, 2).getByText('2 票 · 66.7%').waitFor();
  await candidate(editor.page, 2).getByText('第 1 名').waitFor();
  await shot(editor.page, 'live-tally');
});

test('结束投票 freezes the result; 导出结果 downloads it', async () => {
  const { page } = editor;
  const panel = page.getByTestId('vote-detail');
  await panel.getByRole('button', { name: '结束投票' }).click();
  await page.getByText(`结束后不能再投票或撤回，结果将被冻结。确定结束“${VOTE_TITLE}”吗？`).waitFor();
  await page.getByRole('button', { name: '确认' }).click();
  await notice(page, '投票已结束').waitFor();
  await panel.getByText(/结果已冻结/).waitFor();
  await panel.getByText('已结束', { exact: true }).waitFor();
  assert.equal(await panel.getByRole('button', { name: '投票', exact: true }).count(), 0, 'no ballot buttons once closed');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '导出结果' }).click()]);
  assert.match(download.suggestedFilename(), /投票结果数据\.xlsx$/);
  const file = await download.path();
  assert.ok(statSync(file).size > 0, 'a non-empty xlsx');
  await shot(page, 'closed');

  // the translator's page sees the vote closed too (no ballot buttons after its next poll)
  const other = translator.page;
  await other.getByTestId('vote-detail').getByText(/结果已冻结/).waitFor({ timeout: 15000 });
});

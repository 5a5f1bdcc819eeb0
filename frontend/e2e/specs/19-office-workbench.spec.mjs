// Online editing in the journal workbench (issue 15 piece 6; docs/office-design.md §4.9).
//
// Set-up through the API: the editor's product with one column, two manuscripts copied into an issue,
// 生成期刊 (V1); a copy's title changed; 生成期刊 again (V2). Then, in the browser:
//   1. 历史版本 shows 编辑方式 (上传/生成 for generated versions); ticking V1 and V2 → 对比 draws the
//      diff: the changed heading as a changed paragraph with its inserted words;
//   2. a version's 在线编辑 (the default editor is the built-in one) opens the editor page
//      /horizon/office/journal/<id>?version=<n> in a new window.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ok, seedGeneratedJournal } from '../office.mjs';
import { loginAs, pageApi as api } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

const RUN = Date.now().toString(36);
const NAME = `e2e 在线编辑 ${RUN}`;
const NEW_TITLE = `${NAME} 改写后的标题`;

let editor;
let journal;

before(async () => {
  editor = await openBrowser();
  const { page } = editor;
  await loginAs(page, 'editor', '123456');
  const me = ok(await api(page, 'auth/info'), 'editor info');
  ({ journal } = await seedGeneratedJournal(page, me, { name: NAME, journalNo: 19 }));
  const info = ok(await api(page, `api/productJournal/info?journalId=${journal.id}`), 'journal info');
  const first = info.columns[0].manuList[0];
  ok(
    await api(page, 'api/productManuscript', {
      method: 'PUT',
      body: { id: first.id, title: NEW_TITLE, memo: first.memo ?? '', firstAuthor: first.firstAuthor ?? '张编辑', authorIds: first.authorIds ?? String(me.user.id), abstractEdit: first.abstractEdit ?? '' },
    }),
    'retitle a copy',
  );
  ok(await api(page, `api/productJournal/generateJournal?journalId=${journal.id}`), 'generate V2');
});

after(async () => {
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors in the editor’s page');
  await editor?.close();
});

async function openVersions(page) {
  const loaded = page.waitForResponse((r) => r.url().includes(`/api/productJournal/info?journalId=${journal.id}`) && r.ok());
  await page.goto(`${BASE_URL}/horizon/product/manuscript?productId=${journal.productId}&journalId=${journal.id}`);
  await loaded;
  await page.getByTestId('workbench-page').getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: '历史版本', exact: true }).click();
  const dialog = page.getByTestId('journal-versions-dialog');
  await dialog.locator('tr[data-version="2"]').waitFor();
  return dialog;
}

test('历史版本 shows 编辑方式 and diffs two versions (对比)', async () => {
  const { page } = editor;
  const dialog = await openVersions(page);
  await dialog.getByRole('columnheader', { name: '编辑方式' }).waitFor();
  for (const v of [1, 2]) await dialog.locator(`tr[data-version="${v}"]`).getByText('上传/生成', { exact: true }).waitFor();

  const compare = dialog.getByRole('button', { name: '对比', exact: true });
  assert.equal(await compare.isDisabled(), true);
  await dialog.getByRole('checkbox', { name: '选择 V1 进行对比' }).check();
  await dialog.getByRole('checkbox', { name: '选择 V2 进行对比' }).check();
  await screenshot(page, '19-versions');
  const answered = page.waitForResponse((r) => r.url().includes('/api/office/diff?') && r.ok());
  await compare.click();
  const query = new URL((await answered).url()).searchParams;
  assert.deepEqual([query.get('kind'), query.get('id'), query.get('from'), query.get('to')], ['journal', String(journal.id), '1', '2']);

  const diff = page.getByTestId('diff-dialog');
  await diff.getByText('版本对比 V1 → V2', { exact: true }).waitFor();
  const changed = diff.locator('[data-op="changed"]').filter({ hasText: '改写后的标题' });
  await changed.first().waitFor();
  assert.match(await changed.first().locator('ins').allInnerTexts().then((t) => t.join('')), /改写后的标题/);
  await diff.getByText(/^修改 [1-9]\d* 段$/).waitFor();
  await screenshot(page, '19-version-diff');
  await diff.getByRole('button', { name: '关闭' }).click();
  await diff.waitFor({ state: 'hidden' });
});

test('在线编辑 of a version opens the editor page in a new window', async () => {
  const { page } = editor;
  const config = ok(await api(page, 'api/office/config'), 'office config');
  assert.deepEqual(config, { editor: 'builtin', enabled: true });
  const dialog = await openVersions(page);
  const popup = page.context().waitForEvent('page');
  await dialog.locator('tr[data-version="1"]').getByRole('button', { name: '在线编辑' }).click();
  const opened = await popup;
  await opened.waitForURL(new RegExp(`/horizon/office/journal/${journal.id}\\?version=1$`), { waitUntil: 'commit' });
  await opened.close();
});

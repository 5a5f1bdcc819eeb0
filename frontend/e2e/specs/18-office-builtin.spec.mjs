// The built-in online editor (issue 15, docs/office-design.md §4.8, §5; docs/office-api.md "The
// built-in editor page, step by step").
//
// Set-up through the API: the editor (编辑) makes a product with one column, an issue, two submitted
// manuscripts whose bodies hold a heading, a numbered list, a 2×2 table and a picture, copies them into
// the issue and generates the journal (version 1). Then, in the browser:
//   1. the round trip: a script-opened window /horizon/office/journal/:id?version=1 shows the editor
//      (the editor CSP: no violation), Chinese typed into a body paragraph, 保存 → 已保存为第 2 版,
//      关闭 → no question, the window closes, the opener hears `office-closed` on
//      BroadcastChannel('horizon-office'); version 2 (through the API) holds the text, every table,
//      row, picture and list paragraph of version 1, and byte-equal media; its metadata says 内置编辑器;
//   2. unsaved changes: 关闭 asks 保存 / 不保存 / 取消; 取消 stays, 不保存 closes, no new version;
//   3. one writer: while the editor holds the lock, the admin opens the same journal read-only (只读
//      with the holder's name); the editor's second window takes the lock over, and the first
//      window's save answers 编辑锁已失效 and turns read-only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { docxFacts, editorReady, journalVersionBytes, ok, seedGeneratedJournal } from '../office.mjs';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const TEXT = '在线编辑测试';
const RUN = Date.now().toString(36);

let editor;
let admin;
let me;
let journal;
/** Console errors and CSP violations of every editor window. */
const problems = [];

const officePath = (version) => `/horizon/office/journal/${journal.id}${version ? `?version=${version}` : ''}`;

/** Records CSP violations (the document's event) and console errors of every page of a browser. */
async function watch(context) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const track = (page) => page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`));
  context.pages().forEach(track);
  context.on('page', track);
}

/** Opens the editor page as the workbench does (`window.open`) and waits for the painted document. */
async function openEditorWindow(opener, version) {
  const popup = opener.context().waitForEvent('page');
  await opener.evaluate((url) => window.open(url, '_blank'), officePath(version));
  const page = await popup;
  page.setDefaultTimeout(15000);
  await editorReady(page);
  return page;
}

/** The messages the opener heard on the office channel. */
async function listen(opener) {
  await opener.evaluate(() => {
    window.__office = [];
    window.__officeChannel?.close();
    window.__officeChannel = new BroadcastChannel('horizon-office');
    window.__officeChannel.onmessage = (e) => window.__office.push(e.data);
  });
}

/** Puts the caret at the end of the painted paragraph run holding `text` and types. */
async function typeAfter(page, text, typed) {
  await page.locator('.docx-page .layout-run-text', { hasText: text }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(typed);
  await page.locator('[data-testid="office-page"] [data-dirty="true"]').waitFor();
}

const notice = (page, text) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });

before(async () => {
  editor = await openBrowser();
  await watch(editor.context);
  await loginAs(editor.page, 'editor', '123456');
  me = ok(await api(editor.page, 'auth/info'), 'editor info');
  ({ journal } = await seedGeneratedJournal(editor.page, me, { name: `e2e 在线编辑 ${RUN}`, journalNo: 18 }));
});

after(async () => {
  // the one expected console line: the browser logs the refused save of the taken-over window (test 3)
  const unexpected = problems.filter((line) => !/status of 409 \(Conflict\)/.test(line));
  assert.deepEqual(unexpected, [], 'no console error and no CSP violation in the editor windows');
  assert.deepEqual(editor?.errors ?? [], [], 'no uncaught errors');
  await editor?.close();
  await admin?.close();
});

test('the round trip: type Chinese, 保存, 关闭 → a new version with the text and every table and picture', async () => {
  const { page: opener } = editor;
  await opener.goto(`${BASE_URL}/horizon/enter`);
  await listen(opener);
  const page = await openEditorWindow(opener, 1);
  const bar = page.getByRole('toolbar', { name: '在线编辑' });
  await bar.getByRole('heading', { name: `e2e 在线编辑 ${RUN}2032第18期` }).waitFor();
  await bar.getByText('第 1 版', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('office-read-only').count(), 0, 'the editor holds the lock: no 只读');
  assert.equal(await page.getByTestId('office-page').getAttribute('data-mode'), 'edit');
  await page.screenshot({ path: '/tmp/office-builtin.png' });
  await screenshot(page, '18-office-builtin');

  await typeAfter(page, '第二段正文', TEXT);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/office/builtin/save'));
  await bar.getByRole('button', { name: '保存', exact: true }).click();
  const response = await saved;
  assert.equal(response.status(), 201, await response.text());
  const result = await response.json();
  assert.equal(result.created, true);
  assert.equal(result.version, 2);
  assert.equal(result.editor, 'builtin');
  assert.equal(result.stale, false);
  await notice(page, '已保存为第 2 版').waitFor();
  await page.locator('[data-testid="office-page"] [data-dirty="false"]').waitFor();

  // 关闭: nothing unsaved, so no question; the session ends and the window closes
  const closedWindow = page.waitForEvent('close');
  const ended = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/office/sessions/'));
  await bar.getByRole('button', { name: '关闭', exact: true }).click();
  assert.equal((await ended).status(), 204);
  await closedWindow;
  await opener.waitForFunction(() => window.__office?.length > 0);
  assert.deepEqual(await opener.evaluate(() => window.__office), [{ type: 'office-closed', kind: 'journal', id: journal.id, journalId: journal.id, savedVersion: 2, editor: 'builtin' }]);

  // version 2 through the API: the text, and everything version 1 had
  const old = docxFacts((await journalVersionBytes(opener, journal.id, 1)).bytes);
  const { entry, bytes } = await journalVersionBytes(opener, journal.id, 2);
  const fresh = docxFacts(bytes);
  assert.ok(fresh.text.includes(TEXT), 'word/document.xml holds the typed text');
  assert.ok(!old.text.includes(TEXT));
  assert.ok(old.counts.tbl >= 2 && old.counts.drawing >= 2, `version 1 has the tables and pictures (${JSON.stringify(old.counts)})`);
  for (const key of ['tbl', 'tr', 'drawing', 'blip', 'numPr', 'sectPr']) assert.equal(fresh.counts[key], old.counts[key], `${key} kept`);
  assert.ok(old.media.size > 0);
  for (const [name, data] of old.media) assert.ok(fresh.media.get(name)?.equals(data), `${name} byte-equal`);
  assert.equal(entry.createBy?.username ?? me.user.username, me.user.username);
  const meta = ok(await api(opener, `api/office/versions?kind=journal&id=${journal.id}`), 'version metadata');
  const v2 = meta.find((m) => m.version === 2);
  assert.equal(v2.editor, 'builtin');
  assert.equal(v2.savedBy.username, me.user.username);
  assert.equal(meta.find((m) => m.version === 1).editor, null);
});

test('关闭 with unsaved changes asks 保存 / 不保存 / 取消; 不保存 closes without a new version', async () => {
  const { page: opener } = editor;
  await listen(opener);
  const page = await openEditorWindow(opener);
  await page.getByRole('toolbar', { name: '在线编辑' }).getByText('第 2 版', { exact: true }).waitFor();
  await typeAfter(page, '第一段正文', '不要保存');

  const bar = page.getByRole('toolbar', { name: '在线编辑' });
  await bar.getByRole('button', { name: '关闭', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '文档尚未保存' });
  await dialog.getByText('关闭前是否保存对文档的修改？').waitFor();
  for (const name of ['保存', '不保存', '取消']) await dialog.getByRole('button', { name, exact: true }).waitFor();
  await screenshot(page, '18-office-unsaved');
  await dialog.getByRole('button', { name: '取消', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(page.isClosed(), false, '取消 keeps the window');

  await bar.getByRole('button', { name: '关闭', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '文档尚未保存' });
  const closedWindow = page.waitForEvent('close');
  await dialog.getByRole('button', { name: '不保存', exact: true }).click();
  await closedWindow;
  await opener.waitForFunction(() => window.__office?.length > 0);
  assert.deepEqual(await opener.evaluate(() => window.__office), [{ type: 'office-closed', kind: 'journal', id: journal.id, journalId: journal.id, savedVersion: null, editor: 'builtin' }]);
  const versions = ok(await api(opener, `api/productJournal/getFiles?journalId=${journal.id}`), 'versions');
  assert.deepEqual(versions.map((v) => v.version).sort(), [1, 2], 'no new version');
});

test('one writer: a second user opens read-only with the holder; a takeover turns the first window read-only', async () => {
  const { page: opener } = editor;
  const first = await openEditorWindow(opener);

  admin = await openBrowser();
  await watch(admin.context);
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
  await admin.page.goto(`${BASE_URL}${officePath()}`);
  await editorReady(admin.page);
  await admin.page.getByTestId('office-read-only').getByText('只读').waitFor();
  const reason = await admin.page.getByTestId('office-read-only-reason').innerText();
  assert.match(reason, new RegExp(`^${me.user.nickName} 正在编辑（自 \\d\\d:\\d\\d 起），以只读方式打开$`));
  assert.equal(await admin.page.getByRole('button', { name: '保存', exact: true }).count(), 0, 'no 保存 when read-only');
  await screenshot(admin.page, '18-office-read-only');
  await admin.page.getByRole('button', { name: '关闭', exact: true }).click();

  // the same user again in a second window takes the lock over; the first window's save is refused
  const second = await openEditorWindow(opener);
  assert.equal(await second.getByTestId('office-page').getAttribute('data-mode'), 'edit');
  await typeAfter(first, '第二段正文', '锁');
  const refused = first.waitForResponse((r) => r.url().endsWith('/api/office/builtin/save'));
  await first.getByRole('button', { name: '保存', exact: true }).click();
  assert.equal((await refused).status(), 409);
  await first.getByTestId('office-lock-lost').getByText('编辑锁已失效，请重新打开').waitFor();
  await first.getByTestId('office-read-only').waitFor();
  assert.equal(await first.getByTestId('office-page').getAttribute('data-mode'), 'view');
  await first.close();
  await second.close();
});

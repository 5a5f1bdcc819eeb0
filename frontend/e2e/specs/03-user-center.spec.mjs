// Personal centre as an ordinary user: an access key is created (shown once), logs in through
// `POST auth/keyLogin` and stops working once deleted; the nickname is changed in the profile tab.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LoginPage } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

let browser;
let key;
const keyName = `e2e 脚本 ${Date.now().toString(36)}`;

const keyLogin = (value) =>
  fetch(`${BASE_URL}/auth/keyLogin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: value }) });

/** Screenshot once transitions (dialog fade-in, tab indicator) are over, so it shows the settled page. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

before(async () => {
  browser = await openBrowser();
});
after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

test('translator logs in through the login page and opens the personal centre', async () => {
  const { page } = browser;
  const login = new LoginPage(page);
  await login.login('translator', '123456', await login.open('/login'));
  await page.waitForURL(/\/horizon\/(enter|$)/);
  await page.goto(`${BASE_URL}/horizon/user/center`);
  await page.getByText('translator@horizon.local').first().waitFor();
  await page.getByRole('tab', { name: '访问密钥' }).click();
  await page.getByText('暂无访问密钥').waitFor();
  await page.getByText('POST auth/keyLogin {key}').waitFor();
  await shot(page, '20-user-center-keys');
});

test('a new access key is shown once and logs in without a captcha', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: '新建密钥' }).click();
  const form = page.getByRole('dialog', { name: '新建访问密钥' });
  await form.getByLabel('名称').fill(keyName);
  await form.getByLabel('有效天数').fill('30');
  await shot(page, '21-user-center-key-create');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/users/keys') && r.request().method() === 'POST');
  await form.getByRole('button', { name: '确认' }).click();
  assert.equal((await created).status(), 201);

  const shown = page.getByRole('dialog', { name: '访问密钥已创建' });
  await shown.getByText('密钥只显示这一次，请立即复制并妥善保存。').waitFor();
  key = await shown.getByLabel('访问密钥', { exact: true }).inputValue();
  assert.match(key, /^hzk_[\w-]{20,}$/);
  await shown.getByRole('button', { name: '复制' }).waitFor();
  await shot(page, '22-user-center-key-shown');

  const answer = await keyLogin(key);
  assert.equal(answer.status, 200);
  const body = await answer.json();
  assert.equal(body.user.username, 'translator');
  assert.ok(body.token, 'key login answers a token');

  await shown.getByRole('button', { name: '我已保存' }).click();
  await shown.waitFor({ state: 'hidden' });
  const row = page.getByRole('row').filter({ hasText: keyName });
  await row.getByText(`${key.slice(0, 12)}…`).waitFor();
  // the list is read again when the dialog closes: the key login above is its last use
  await row.getByText('从未使用').waitFor({ state: 'detached' });
  assert.equal(await page.getByText(key, { exact: true }).count(), 0, 'the whole key is not shown any more');
  await shot(page, '23-user-center-key-listed');
});

test('a deleted key no longer logs in', async () => {
  const { page } = browser;
  assert.ok(key, 'a key was created');
  const row = page.getByRole('row').filter({ hasText: keyName });
  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: keyName });
  await confirm.getByText('使用它的脚本和系统将无法再登录').waitFor();
  await shot(page, '24-user-center-key-delete');
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/users/keys') && r.request().method() === 'DELETE');
  await confirm.getByRole('button', { name: '确认' }).click();
  assert.ok((await deleted).ok(), 'DELETE api/users/keys succeeds');
  await page.getByText('删除成功').first().waitFor();
  await page.getByText('暂无访问密钥').waitFor();

  const answer = await keyLogin(key);
  assert.equal(answer.status, 400);
  assert.match((await answer.json()).message, /访问密钥无效/);
});

test('the profile tab changes the nickname', async () => {
  const { page } = browser;
  await page.getByRole('tab', { name: '用户资料' }).click();
  const nick = page.getByLabel('用户昵称');
  await nick.fill('李翻译E2E');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/center') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: '保存配置' }).click();
  assert.ok((await saved).ok(), 'PUT api/users/center succeeds');
  await page.getByText('修改成功').first().waitFor();
  // the card on the left shows the new nickname once the identity is read again
  await page.getByText('李翻译E2E', { exact: true }).first().waitFor();
  await shot(page, '25-user-center-profile');
});

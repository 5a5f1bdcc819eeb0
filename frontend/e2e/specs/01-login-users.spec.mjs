// Log in through the page (captcha, RSA), open users, create a user (its initial password shown once),
// log out; the new user logs in with it, must change it first, then works.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LoginPage, Shell } from '../pages.mjs';
import { ADMIN_PASSWORD, openBrowser, screenshot } from '../support.mjs';

let browser;
const username = `e2e_${Date.now().toString(36)}`;
/** The new user's initial password, as the admin saw it once. */
let initialPassword;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

test('an anonymous visit is sent to the login page with a redirect', async () => {
  const login = new LoginPage(browser.page);
  await login.open('/system/user');
  assert.match(browser.page.url(), /\/horizon\/login\?redirect=%2Fsystem%2Fuser/);
  await browser.page.getByRole('img', { name: '验证码' }).waitFor();
  await screenshot(browser.page, '01-login');
});

test('a wrong captcha shows the server message and a new captcha', async () => {
  const login = new LoginPage(browser.page);
  await login.fill('admin', ADMIN_PASSWORD, '999');
  const fresh = await login.nextCaptcha(() => browser.page.getByRole('button', { name: /登\s*录/ }).click());
  assert.ok(fresh);
  await browser.page.getByText('验证码错误').first().waitFor();
  await login.login('admin', ADMIN_PASSWORD, fresh);
  await browser.page.waitForURL(/\/horizon\/system\/user/);
});

test('the users list shows the seeded users', async () => {
  const { page } = browser;
  await page.getByRole('cell', { name: 'translator', exact: true }).waitFor();
  for (const name of ['admin', 'editor', 'reviewer']) await page.getByRole('cell', { name, exact: true }).waitFor();
  await screenshot(page, '02-users');
});

test('an administrator creates a user through the dialog', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('电话').fill('13912345678');
  await dialog.getByLabel('昵称').fill('端到端');
  await dialog.getByLabel('邮箱').fill(`${username}@horizon.local`);
  await dialog.getByLabel('部门').click();
  await page.getByText('技术部', { exact: true }).last().click();
  await dialog.getByRole('combobox', { name: '岗位' }).click();
  await page.getByRole('option', { name: '技术支持' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '普通用户' }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, '03-user-create');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '确认' }).click();
  const answer = await created;
  assert.equal(answer.status(), 201);
  await page.getByText(/新增成功/).first().waitFor();
  // The initial password, shown this once (random: not 123456).
  const shown = page.getByRole('dialog', { name: '初始密码' });
  await shown.getByText('初始密码只显示这一次').waitFor();
  initialPassword = await shown.getByLabel(`${username} 的初始密码`).inputValue();
  assert.equal(initialPassword, (await answer.json()).initialPassword);
  assert.ok(initialPassword.length >= 12 && initialPassword !== '123456');
  await shown.getByRole('button', { name: '复制' }).waitFor();
  await screenshot(page, '03b-initial-password');
  await page.keyboard.press('Escape');
  await shown.waitFor(); // only 我已记下 closes it
  await shown.getByRole('button', { name: '我已记下' }).click();
  await shown.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: username, exact: true }).waitFor();
});

test('logging out asks for confirmation and returns to the login page', async () => {
  const { page } = browser;
  await new Shell(page).logout();
  await page.waitForURL(/\/horizon\/login/);
});

test('the new user logs in with the initial password and must change it before anything else', async () => {
  const { page } = browser;
  const login = new LoginPage(page);
  const uuid = await login.open('/login');
  await login.login(username, initialPassword, uuid);
  await page.waitForURL(/\/horizon\/(enter|$)/);
  const gate = page.getByTestId('forced-password-dialog');
  await gate.getByText('请修改初始密码').waitFor();
  await screenshot(page, '04-forced-change');
  // Not dismissable, and the old password is not filled in.
  await page.keyboard.press('Escape');
  await gate.getByText('请修改初始密码').waitFor();
  assert.equal(await gate.getByLabel('旧密码').inputValue(), '');
  await gate.getByLabel('旧密码').fill(initialPassword);
  await gate.getByLabel('新密码').fill('Mine@e2e123');
  await gate.getByLabel('确认密码').fill('Mine@e2e123');
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/users/updatePass') && r.request().method() === 'POST');
  await gate.getByRole('button', { name: /修改密码/ }).click();
  assert.equal((await changed).status(), 200);
  await gate.waitFor({ state: 'hidden' });
  await page.getByText('密码修改成功').first().waitFor();
});

test('after the change the new user goes on in the same session and may not open user administration', async () => {
  const { page } = browser;
  await page.waitForURL(/\/horizon\/(enter|$)/);
  await screenshot(page, '04-launch');
  await page.getByText('系统管理', { exact: true }).click();
  await page.getByText('无访问权限').waitFor();
  assert.equal(await page.getByRole('cell', { name: 'admin', exact: true }).count(), 0);
  await screenshot(page, '05-no-permission');
});

// Every administration screen opens for an administrator with its data, and leaves a screenshot.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LoginPage } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

let browser;
before(async () => {
  browser = await openBrowser();
  const login = new LoginPage(browser.page);
  await login.login('admin', ADMIN_PASSWORD, await login.open('/login'));
  await browser.page.waitForURL(/\/horizon\/enter/);
});
after(async () => {
  assert.deepEqual(browser.errors, [], 'no uncaught errors in the page');
  await browser?.close();
});

const go = (path) => browser.page.goto(`${BASE_URL}/horizon${path}`);

const screens = [
  ['/system/role', '06-roles', async (page) => page.getByRole('cell', { name: '管理员', exact: true }).first().waitFor()],
  ['/system/menu', '07-menus', async (page) => page.getByText('系统监控').first().waitFor()],
  ['/system/dept', '08-depts', async (page) => page.getByRole('cell', { name: '总部' }).first().waitFor()],
  ['/system/job', '09-jobs', async (page) => page.getByRole('cell', { name: '技术支持', exact: true }).waitFor()],
  ['/system/dict', '10-dicts', async (page) => page.getByText('product_period').first().waitFor()],
  ['/monitor/online', '11-online', async (page) => page.getByText('当前会话').waitFor()],
  ['/monitor/logs', '12-logs', async (page) => page.getByText('用户登录').first().waitFor()],
  ['/user/center', '13-user-center', async (page) => page.getByText('admin@horizon.local').first().waitFor()],
];

for (const [path, shot, ready] of screens) {
  test(`opens ${path}`, async () => {
    await go(path);
    await ready(browser.page);
    await screenshot(browser.page, shot);
  });
}

test('the dictionary screen shows the details of the chosen dictionary', async () => {
  const { page } = browser;
  await go('/system/dict');
  await page.getByText('product_period').first().click();
  await page.getByRole('cell', { name: '周刊', exact: true }).waitFor();
  await screenshot(page, '14-dict-details');
});

test('an unknown route shows the 404 page', async () => {
  await go('/no/such/page');
  await browser.page.getByText('页面不存在').waitFor();
  await screenshot(browser.page, '15-not-found');
});

test('the settings drawer changes the theme colour', async () => {
  const { page } = browser;
  await go('/system/job');
  const before = await page.getByRole('button', { name: '新增' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole('button', { name: '个人资料' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  await page.getByText('系统布局配置').waitFor();
  await page.getByRole('radio', { name: '#11a983' }).click();
  await screenshot(page, '16-settings');
  await page.waitForFunction((b) => getComputedStyle(document.querySelector('button.MuiButton-containedPrimary')).backgroundColor !== b, before);
  const cookie = (await browser.context.cookies()).find((c) => c.value.toLowerCase().includes('11a983'));
  assert.ok(cookie, 'the chosen colour is remembered in a cookie');
  assert.ok(cookie.expires * 1000 > Date.now() + 300 * 24 * 3600 * 1000, 'for about a year');
});

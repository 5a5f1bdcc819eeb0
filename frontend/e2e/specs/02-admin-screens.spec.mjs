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
  // 机器翻译: the engine figures appear once api/mt/status answered; the glossary list below them
  ['/system/mt', '17-mt', async (page) => {
    await page.getByRole('group', { name: '翻译引擎' }).waitFor();
    await page.getByRole('region', { name: '翻译失败的新闻' }).waitFor();
    await page.getByText('术语表作用于所有引擎的译文', { exact: false }).waitFor();
  }],
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

test('the machine-translation screen adds and deletes a glossary term', async () => {
  const { page } = browser;
  const source = `E2E Term ${Date.now()}`;
  await go('/system/mt');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('新增术语').waitFor();
  await dialog.getByLabel('原文术语').fill(source);
  await dialog.getByLabel('规定译名').fill('端到端术语');
  await dialog.getByRole('button', { name: '确认' }).click();
  await page.getByText('新增成功').waitFor();
  const row = page.getByRole('row').filter({ hasText: source });
  await row.getByText('端到端术语').waitFor();
  await screenshot(page, '18-mt-glossary');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByText('确认删除选中的 1 条数据?').waitFor();
  await page.getByRole('button', { name: '确认' }).click();
  await page.getByText('删除成功').waitFor();
  await row.waitFor({ state: 'detached' });
});

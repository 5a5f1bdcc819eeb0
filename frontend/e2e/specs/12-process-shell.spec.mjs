// The launch page (/enter) and the product-processing system's shell: six tiles (data storage gated
// by timing:edit/admin, the two external tiles asking the server for an address), the top navigation
// with the active item following the route, the personal centre's menus, and the user menu's logout
// with its confirmation (cancel keeps the session; confirm ends it and reloads onto the login page).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const TILES = ['数据采集', '动态跟踪', '系统管理', '数据存储', '专题知识构建', '技术线索发现'];
const TOP_LINKS = [
  ['首页', /\/horizon\/productProcess-home(\?|$)/],
  ['个人中心', /\/horizon\/productProcess-center\?curMenu=myFollow(&|$)/],
  ['稿件管理', /\/horizon\/productProcess-manu$/],
  ['产品加工', /\/horizon\/productProcess-product$/],
  ['成果管理', /\/horizon\/productProcess-achieve$/],
  ['统计', /\/horizon\/productProcess-statistic$/],
  ['动态投票', /\/horizon\/productProcess-vote$/],
];

let browser;

/** Screenshot once transitions (menus, dialogs, toasts) have settled. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const topNav = (page) => page.getByRole('navigation', { name: '动态跟踪系统' });
const tile = (page, name) => page.getByRole('button').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The names of the nav's links that say they are the current page. */
async function currentLinks(page) {
  return topNav(page)
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((link) => link.textContent.trim()));
}


before(async () => {
  browser = await openBrowser();
});
after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

test('the launch page shows its six tiles', async () => {
  const { page } = browser;
  await loginAs(page, 'translator', '123456');
  for (const name of TILES) await tile(page, name).waitFor();
  assert.equal(await page.getByRole('heading', { level: 2 }).count(), 6);
  if (!process.env.EXTERNAL_KNOWLEDGE_URL) await tile(page, '专题知识构建').getByText('暂未配置').waitFor();
  await page.getByText('欢迎，李翻译').waitFor();
  await page.mouse.move(0, 0);
  await shot(page, 'enter');
});

test('data storage is refused without timing:edit (→ /404)', async () => {
  const { page } = browser;
  await tile(page, '数据存储').click();
  await page.waitForURL(/\/horizon\/404$/);
  await page.goBack();
  await page.waitForURL(/\/horizon\/enter$/);
});

test('an external tile without an address shows the server message', async () => {
  const { page } = browser;
  if (process.env.EXTERNAL_KNOWLEDGE_URL) return;
  const answer = page.waitForResponse((r) => r.url().includes('/api/platform/externalUrl?target=knowledge'));
  await tile(page, '专题知识构建').click();
  assert.equal((await answer).status(), 404);
  await page.getByText('专题知识构建地址未配置，请联系管理员').waitFor();
});

test('an external tile opens the address the server answers in a new window', async () => {
  const { page, context } = browser;
  const address = `${BASE_URL}/api/health`;
  await page.route('**/api/platform/externalUrl?target=clue', (route) => route.fulfill({ json: { url: address } }));
  const popup = context.waitForEvent('page');
  await tile(page, '技术线索发现').click();
  const opened = await popup;
  await opened.waitForLoadState();
  assert.equal(opened.url(), address);
  await opened.close();
  await page.unroute('**/api/platform/externalUrl?target=clue');
});

test('动态跟踪 enters the product-processing system; the active item follows each top link', async () => {
  const { page } = browser;
  await tile(page, '动态跟踪').click();
  await page.waitForURL(/\/horizon\/productProcess-home(\?|$)/);
  await topNav(page).waitFor();
  assert.deepEqual(await currentLinks(page), ['首页']);
  assert.equal(await page.getByRole('link', { name: '系统管理' }).count(), 0, 'no admin sidebar');
  for (const [name, url] of TOP_LINKS) {
    await topNav(page).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(url);
    assert.deepEqual(await currentLinks(page), [name]);
    // never a blank page: every top link shows its screen
    await page.waitForFunction(() => (document.querySelector('main')?.innerText ?? '').trim().length > 0, null, { timeout: 5000 });
  }
  // the last link: 动态投票 is built (its page heading), no longer a coming-soon card
  await page.getByRole('main').getByRole('heading', { name: '动态投票', level: 1 }).waitFor();
  await topNav(page).getByRole('link', { name: '首页', exact: true }).click();
  await page.waitForURL(/productProcess-home(\?|$)/);
  await page.getByRole('main').getByText(/\S/).first().waitFor();
  await shot(page, 'process-shell');
});

test('the personal centre follows curMenu; 个人资料 is the user profile', async () => {
  const { page } = browser;
  await topNav(page).getByRole('link', { name: '个人中心', exact: true }).click();
  const menu = page.getByRole('navigation', { name: '个人中心' });
  const entries = await menu.getByRole('link').evaluateAll((links) => links.map((l) => l.textContent.trim()));
  assert.deepEqual(entries, ['我的关注', '我的翻译', '我的收藏', '我的分享', '个人资料']);
  assert.equal(await menu.locator('a[aria-current="page"]').innerText(), '我的关注');

  await menu.getByRole('link', { name: '我的收藏' }).click();
  await page.waitForURL(/curMenu=collect$/);
  assert.equal(await menu.locator('a[aria-current="page"]').innerText(), '我的收藏');
  assert.deepEqual(await currentLinks(page), ['个人中心']);

  await menu.getByRole('link', { name: '个人资料' }).click();
  await page.waitForURL(/curMenu=user$/);
  await page.getByText('translator@horizon.local').first().waitFor();
  await page.getByRole('tab', { name: '用户资料' }).waitFor();
  await shot(page, 'process-center');

  // back and forward restore the menu
  await page.goBack();
  await page.waitForURL(/curMenu=collect$/);
  assert.equal(await menu.locator('a[aria-current="page"]').innerText(), '我的收藏');
  await page.goForward();
  await page.getByText('translator@horizon.local').first().waitFor();
});

test('the shell fits a laptop and a phone', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const [name] of TOP_LINKS) assert.ok(await topNav(page).getByRole('link', { name, exact: true }).isVisible(), `${name} is visible at 1024 px`);
  await shot(page, 'process-shell-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  const drawer = page.getByRole('presentation').getByRole('navigation', { name: '动态跟踪系统' });
  await drawer.getByRole('link', { name: '统计' }).click();
  await page.waitForURL(/productProcess-statistic$/);
  await drawer.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  assert.equal(await drawer.locator('a[aria-current="page"]').innerText(), '统计');
  await shot(page, 'process-shell-mobile');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  await topNav(page).getByRole('link', { name: '个人中心', exact: true }).click();
  await page.waitForURL(/curMenu=myFollow(&|$)/);
});

test('返回首页 and the logo return to the launch page', async () => {
  const { page } = browser;
  const home = topNav(page).getByRole('link', { name: '返回首页' });
  assert.equal(await home.count(), 2, 'the logo and the 返回首页 button');
  for (const link of [home.last(), home.first()]) {
    await link.click();
    await page.waitForURL(/\/horizon\/enter$/);
    await tile(page, '动态跟踪').click();
    await page.waitForURL(/productProcess-home(\?|$)/);
  }
});

test('the user menu: cancel keeps the session, confirm logs out and reloads onto the login page', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: '用户菜单' }).click();
  const items = await page.getByRole('menuitem').evaluateAll((list) => list.map((item) => item.textContent.trim()));
  assert.deepEqual(items, ['首页', '个人中心', '退出登录']);
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await page.waitForURL(/productProcess-center\?curMenu=user$/);

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('确定注销并退出系统吗？').waitFor();
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.match(page.url(), /productProcess-center\?curMenu=user$/);

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const logout = page.waitForResponse((r) => r.url().endsWith('/auth/logout') && r.request().method() === 'DELETE');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  assert.equal((await logout).status(), 200);
  await page.waitForURL(/\/horizon\/login/);
  await page.getByRole('img', { name: '验证码' }).waitFor();
  await page.goto(`${BASE_URL}/horizon/productProcess-home`);
  await page.waitForURL(/\/horizon\/login\?redirect=%2FproductProcess-home/);
});

test('an administrator opens data storage from the launch page', async () => {
  const { page } = browser;
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  await tile(page, '数据存储').click();
  await page.waitForURL(/\/horizon\/dataExchange$/);
});

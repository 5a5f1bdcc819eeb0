// The route walk of issue 17: every route of the spec (news-tracking §2, production-admin §2) and
// every menu entry seeded for the administrator opens a screen — never the 404 page, never a
// "coming soon" card, never an empty main area.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

/** Spec routes that need no record id (the detail pages are opened from their lists by other specs). */
const SPEC_ROUTES = [
  '/enter',
  '/user/center',
  // product-processing system (news-tracking §2 top navigation; production-admin §2)
  '/productProcess-home',
  '/productProcess-list',
  '/productProcess-center?curMenu=myFollow',
  '/productProcess-center?curMenu=user',
  '/productProcess-manu',
  '/productProcess-product',
  '/productProcess-achieve',
  '/productProcess-statistic',
  '/productProcess-vote',
  '/yjList',
  // news module
  '/pro/home',
  '/pro/news',
  '/pro/product',
  '/pro/analysis',
  '/pro/manuscript',
  '/pro/manuscript/index',
  '/pro/subscribe',
  '/pro/collect',
  // products
  '/product/productSetting',
  '/product/productJournal',
  '/product/statistic',
  // collection and storage systems
  '/website-statistic',
  '/dataExchange',
  '/dataSave',
  '/website',
  '/localStorage',
];

let browser;

before(async () => {
  browser = await openBrowser();
});
after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

/** The paths of a `GET api/menus/build` tree (hidden entries included; links to other sites left out). */
function menuPaths(nodes, prefix = '') {
  const out = [];
  for (const node of nodes ?? []) {
    if (!node.path || /^https?:/i.test(node.path)) continue;
    // the eladmin wrapper of a root menu: its `index` child is the wrapper's own route (as the sidebar resolves it)
    const path = node.path === 'index' ? prefix : node.path.startsWith('/') ? node.path : `${prefix}/${node.path}`;
    if (node.children?.length) out.push(...menuPaths(node.children, path));
    else out.push(path.replace(/\/+/g, '/'));
  }
  return out;
}

/** Opens a route and checks it shows a screen: not the 404 or 401 page, no 建设中, something in the page. */
async function visit(page, route) {
  await page.goto(`${BASE_URL}/horizon${route}`);
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname;
  assert.notEqual(path, '/horizon/404', `${route} went to the 404 page`);
  assert.notEqual(path, '/horizon/401', `${route} went to the no-permission page`);
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /页面不存在|建设中|敬请期待/, `${route} shows a placeholder or the not-found text`);
  assert.ok(text.trim().length > 20, `${route} shows almost nothing`);
}

/** Screens built for issue 17 without a flow spec of their own: a screenshot each, to look at. */
const SHOTS = { '/pro/subscribe': 'walk-subscribe', '/pro/product': 'walk-processing', '/pro/collect': 'walk-collect', '/yjList': 'walk-yjlist' };

test('every spec route opens its screen for the administrator', async () => {
  const { page } = browser;
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  for (const route of SPEC_ROUTES) {
    await visit(page, route);
    if (SHOTS[route]) await screenshot(page, SHOTS[route]);
  }
});

test('every seeded menu entry of every module opens a screen', async () => {
  const { page } = browser;
  const res = await pageApi(page, 'api/menus/build');
  assert.equal(res.status, 200, 'the menus');
  const paths = new Set(menuPaths(res.body));
  assert.ok(paths.size >= 25, `the seeded menus (${paths.size})`);
  for (const path of paths) await visit(page, path);
});

test('an unknown path inside a system goes to the 404 page', async () => {
  const { page } = browser;
  for (const route of ['/pro/nothing-here', '/product/nothing-here']) {
    await page.goto(`${BASE_URL}/horizon${route}`);
    await page.waitForURL(/\/horizon\/404$/);
    await page.getByText('页面不存在').waitFor();
  }
});

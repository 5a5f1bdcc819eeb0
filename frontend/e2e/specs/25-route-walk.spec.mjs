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
  '/home/dashboard',
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
  // full-screen pages (opened in a new window)
  '/screen',
  '/screenLevel',
  '/screenShow',
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

test('/detail/:id shows a manuscript; /pro/product/journal/:id the product\'s journals', async () => {
  const { page } = browser;
  // a product and a manuscript written here (the demo data has neither)
  const info = await pageApi(page, 'auth/info');
  assert.ok(info.body?.user, `auth/info: ${info.status} ${JSON.stringify(info.body)}`);
  const me = info.body.user;
  const made = await pageApi(page, 'api/productSetting', {
    method: 'POST',
    body: { name: '路由巡检产品', deptId: me.dept.id, type: '1', contentType: '2', columnList: [{ sort: 1, name: '巡检栏目', status: true }] },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const product = made.body;
  const created = await pageApi(page, 'api/manuscript', {
    method: 'POST',
    body: { title: '路由巡检稿件', productId: product.id, productList: [product.columnList[0].id], firstAuthor: '巡检', authorIds: String(me.id), abstracts: '巡检摘要', content: '<p>巡检正文</p>' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const first = created.body;
  await visit(page, `/detail/${first.id}`);
  await page.getByTestId('manuscript-detail-page').getByText(first.title).first().waitFor();
  await page.getByTestId('manuscript-versions').waitFor();
  await screenshot(page, 'walk-detail');
  await visit(page, `/pro/product/journal/${product.id}`);
  await page.waitForURL(new RegExp(`productProcess-product\\?tab=journal&productId=${product.id}$`));
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

// 首页 end to end (docs/dashboard.md): the admin opens /home/dashboard in the admin shell, the cards
// show today's numbers (as the API answers them), 首页 is the pinned first tag, and a card leads to
// its list.
//
// Set-up: one failing collection source straight into the test database, so the 数据源状态 card
// names it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loginAs } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const RUN = Date.now().toString(36);
const FAILING = `e2e 失败源 ${RUN}`;

let admin;

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Screenshot once transitions are over and earlier notices have gone. */
async function shot(page, name) {
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

before(async () => {
  const [{ id }] = await sql('INSERT INTO news_website (name, url) VALUES ($1, $2) RETURNING id', [FAILING, `https://failing-${RUN}.example.org/`]);
  await sql(`INSERT INTO collect_source (id, feed_url, host, enabled, error_count) VALUES ($1, $2, 'example.org', true, 4)`, [id, `https://failing-${RUN}.example.org/feed.xml`]);
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
});

after(async () => {
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the page');
  await admin?.close();
});

test('首页: cards with today’s numbers, the pinned first tag, a card leads to its list', async () => {
  const { page } = admin;
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/dashboard') && r.ok());
  await page.goto(`${BASE_URL}/horizon/home/dashboard`);
  const figures = await (await answer).json();
  assert.equal(typeof figures.newsToday, 'number');
  assert.ok(figures.sources.failingNames.includes(FAILING));

  const card = (id) => page.getByTestId(`dashboard-${id}`);
  await card('newsToday').getByTestId('dashboard-value').waitFor();
  assert.equal(await card('newsToday').getByRole('heading', { name: '今日采集' }).count(), 1);
  assert.equal((await card('newsToday').getByTestId('dashboard-value').textContent()).trim(), String(figures.newsToday));
  assert.equal((await card('journalsInProgress').getByTestId('dashboard-value').textContent()).trim(), String(figures.journalsInProgress));
  assert.equal((await card('sources').getByTestId('dashboard-sources-total').locator('p').textContent()).trim(), String(figures.sources.total));
  await card('sources').getByText(FAILING, { exact: false }).waitFor();
  for (const title of ['今日预警', '今日审核通过', '待审核', '进行中的期刊', '数据源状态', '我的待办']) await page.getByRole('heading', { name: title }).waitFor();

  // 首页 is the first tag and cannot be closed
  const tags = page.getByRole('navigation', { name: 'tags' });
  const first = tags.locator('.MuiChip-root').first();
  assert.equal((await first.textContent()).trim(), '首页');
  assert.equal(await first.locator('.MuiChip-deleteIcon').count(), 0);
  await shot(page, 'dashboard');

  // a card is a link to its list; coming back asks the figures again (not cached)
  await card('newsToday').getByRole('link').click();
  await page.waitForURL(/\/horizon\/pro\/news\?curMenu=all&sort=createDesc/);
  const again = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/dashboard') && r.ok());
  await page.goBack();
  await page.waitForURL(/\/horizon\/home\/dashboard/);
  await again;
  await card('sources').getByTestId('dashboard-sources-total').waitFor();
  await card('sources').getByRole('link').click();
  await page.waitForURL(/\/horizon\/website$/);
});

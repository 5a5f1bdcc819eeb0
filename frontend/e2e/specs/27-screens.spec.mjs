// 大屏 end to end (docs/screens.md): the admin (always enabled) finds 数据大屏 / 展示大屏 in the
// admin shell's top bar; each opens its wall display in a new window outside every layout: counters,
// latest warnings, source countries, keywords; the showcase wall with reviewed translations.
// translator (no LARGE_SCREEN_JOB_IDS in this run) sees no entries.
//
// Set-up: items warned by 总部 (the admin's work department) and a reviewed translation, straight
// into the test database (countries as ISO codes, as the collectors store them), and a finalised journal.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loginAs } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const RUN = Date.now().toString(36);
const WARNED = `e2e 大屏预警：某国宣布新的关税措施 ${RUN}`;
const REVIEWED = `e2e 大屏译文：央行维持利率不变 ${RUN}`;
const PRODUCT = `e2e 大屏周刊 ${RUN}`;

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

/** Clicks a top-bar entry and answers the window it opens. */
async function openEntry(page, name) {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name, exact: true }).click();
  const opened = await popup;
  opened.setDefaultTimeout(15000);
  return opened;
}

before(async () => {
  const [{ id: dept }] = await sql(`SELECT id FROM sys_dept WHERE name = '总部'`);
  const news = [];
  for (const [i, country] of ['US', 'US', 'JP'].entries()) {
    const [{ id }] = await sql(
      `INSERT INTO news (title, url, publish_time, country, keywords) VALUES ($1, $2, now(), $3, $4) RETURNING id`,
      [i === 0 ? WARNED : `e2e 大屏 ${RUN} ${i}`, `https://screen-${RUN}.example.org/${i}`, country, ['关税', '大屏测试']],
    );
    news.push(id);
  }
  await sql(`INSERT INTO news_dept (news_id, dept_id, yj, yj_by, yj_time) VALUES ($1, $2, true, '管理员', now())`, [news[0], dept]);
  await sql(`INSERT INTO news_dept (news_id, dept_id, yj, yj_by, yj_time, title_cn) VALUES ($1, $2, true, '管理员', now() - interval '5 minutes', $3)`, [news[1], dept, `e2e 大屏预警（第二条）${RUN}`]);
  await sql(
    `INSERT INTO news_translation (news_id, dept_id, version, content, status, editor_name, examine_name, examine_time) VALUES ($1, $2, 1, '<p>译文</p>', 'done', '李翻译', '王审校', now())`,
    [news[2], dept],
  );
  await sql(`INSERT INTO news_dept (news_id, dept_id, title_cn, trans_status) VALUES ($1, $2, $3, 'done') ON CONFLICT DO NOTHING`, [news[2], dept, REVIEWED]);
  const [{ id: product }] = await sql(`INSERT INTO product_setting (name, dept_id, type, content_type) VALUES ($1, $2, '1', '2') RETURNING id`, [PRODUCT, dept]);
  await sql(`INSERT INTO product_journal (product_id, year, journal_no, total_no, status, publish_time) VALUES ($1, 2026, 47, 320, 'done', now() + interval '1 minute')`, [product]);
  admin = await openBrowser({ width: 1600, height: 900 });
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
});

after(async () => {
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the page');
  await admin?.close();
});

test('数据大屏: the top-bar entry opens the wall in a new window with counters, warnings, countries and keywords', async () => {
  const { page } = admin;
  await page.goto(`${BASE_URL}/horizon/home/dashboard`);
  await page.getByTestId('screen-entries').waitFor();
  const wall = await openEntry(page, '数据大屏');
  const answer = wall.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/screen/overview') && r.ok());
  await wall.waitForURL(/\/horizon\/screen$/);
  const overview = await (await answer).json();
  await wall.getByRole('heading', { name: '数据大屏', exact: true }).waitFor();
  assert.equal(await wall.getByRole('navigation').count(), 0, 'no shell around the wall');
  assert.equal((await wall.getByTestId('screen-count-newsToday').locator('p').nth(1).textContent()).trim(), overview.counts.newsToday.toLocaleString('en-US'));
  await wall.getByTestId('screen-warned').getByText(WARNED).waitFor();
  assert.ok(overview.countries.some((c) => c.name === 'US' && c.count >= 2));
  await wall.getByTestId('screen-warned').getByText('美国 · 总部').first().waitFor(); // ISO codes named in Chinese
  await wall.getByRole('img', { name: '来源国家条数排行' }).waitFor();
  await wall.getByTestId('screen-keywords').getByText('大屏测试', { exact: true }).waitFor();
  await wall.getByTestId('screen-clock').waitFor();
  await wall.waitForTimeout(800); // the bar chart's entry animation
  await shot(wall, 'screen');
  await wall.close();
});

test('展示大屏: the showcase wall rotates reviewed translations and finalised journals', async () => {
  const { page } = admin;
  const wall = await openEntry(page, '展示大屏');
  await wall.waitForURL(/\/horizon\/screenShow$/);
  await wall.getByRole('heading', { name: '展示大屏', exact: true }).waitFor();
  await wall.getByTestId('screen-slide-translations').getByText(REVIEWED).waitFor();
  await shot(wall, 'screen-show');
  await wall.getByText('第 1 / 2 屏 · 每 10 秒轮换').waitFor();
  await wall.getByTestId('screen-slide-journals').getByText(PRODUCT).waitFor({ timeout: 15000 });
  await wall.getByText('2026 年第 47 期（总第 320 期）').first().waitFor();
  await shot(wall, 'screen-show-journals');
  await wall.close();
});

test('分级数据大屏 opens on its own address; translator sees no entries', async () => {
  const { page } = admin;
  await page.goto(`${BASE_URL}/horizon/screenLevel`);
  await page.getByRole('heading', { name: '分级数据大屏', exact: true }).waitFor();
  await page.getByTestId('screen-count-warned7d').waitFor();
  await shot(page, 'screen-level');

  const translator = await openBrowser();
  try {
    await loginAs(translator.page, 'translator', '123456');
    const access = translator.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/screen/access') && r.ok());
    await translator.page.goto(`${BASE_URL}/horizon/home/dashboard`);
    assert.deepEqual(await (await access).json(), { enabled: false });
    assert.equal(await translator.page.getByTestId('screen-entries').count(), 0);
    assert.deepEqual(translator.errors, []);
  } finally {
    await translator.close();
  }
});

// 统计 end to end (docs/statistics.md): figures of this month in the processing shell and the admin
// shell, and the period report.
//
// Set-up: the admin creates a product with two columns through the API; manuscripts of two
// departments and three journals go straight into the test database (the submission flows are specs
// 14 and 17); the translator claims and submits two demo items of 新闻中心 and the reviewer reviews
// them through the API. Then, in the browser:
//   1. /productProcess-statistic: 稿件统计 with its three charts (each its own request, each answered
//      under a second), the throughput table, 按栏目, and the empty state of a product without data;
//   2. 统计报告: product + 本月 → 生成报告 → links to the xlsx and the Word summary, both downloadable;
//   3. /product/statistic: the same page in the admin shell.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loginAs, pageApi as api } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const RUN = Date.now().toString(36);
const PRODUCT = `e2e 统计周刊 ${RUN}`;
const EMPTY_PRODUCT = `e2e 统计空刊 ${RUN}`;

let admin;
let product;

/** Screenshot once transitions are over and earlier notices have gone. */
async function shot(page, name, { charts = false } = {}) {
  // ECharts animates on its canvas (about 1 s), which document.getAnimations() does not see
  if (charts) await page.waitForTimeout(1200);
  await page.locator('.MuiSnackbar-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const ok = (answer, what) => {
  assert.ok(answer.status >= 200 && answer.status < 300, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Picks an option of a MUI select. */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The three charts' requests of a navigation, awaited with their timing (ms from request to response end). */
function chartResponses(page) {
  return ['manuscripts', 'translations', 'journals'].map((chart) =>
    page.waitForResponse((r) => r.url().includes(`/api/statistic/${chart}?`) && r.ok()).then(async (r) => {
      await r.finished();
      const timing = r.request().timing();
      return { chart, ms: timing.responseEnd, url: r.url() };
    }),
  );
}

before(async () => {
  admin = await openBrowser();
  await loginAs(admin.page, 'admin', ADMIN_PASSWORD);
  const info = ok(await api(admin.page, 'auth/info'), 'admin info');
  product = ok(
    await api(admin.page, 'api/productSetting', {
      method: 'POST',
      body: { name: PRODUCT, deptId: info.user.dept.id, type: '1', contentType: '2', columnList: ['要闻', '综述'].map((name, i) => ({ sort: i + 1, name, status: true })) },
    }),
    'create the product',
  );
  ok(await api(admin.page, 'api/productSetting', { method: 'POST', body: { name: EMPTY_PRODUCT, deptId: info.user.dept.id, type: '1', contentType: '2', columnList: [{ sort: 1, name: '综述', status: true }] } }), 'create the empty product');
  const [focus, review] = product.columnList.map((c) => c.id);
  const depts = Object.fromEntries((await sql('SELECT id, name FROM sys_dept')).map((d) => [d.name, d.id]));
  // 出版中心: 3 (one in both columns), 新闻中心: 2
  const plan = [
    [depts['出版中心'], [focus, review]],
    [depts['出版中心'], [focus]],
    [depts['出版中心'], [review]],
    [depts['新闻中心'], [focus]],
    [depts['新闻中心'], [review]],
  ];
  for (const [i, [deptId, columns]] of plan.entries()) {
    const [{ id }] = await sql(`INSERT INTO manuscript (title, first_author, author_ids, dept_id, product_id, create_by) VALUES ($1, '供稿人', '1', $2, $3, 'admin') RETURNING id`, [`统计稿件 ${i + 1}`, deptId, product.id]);
    for (const c of columns) await sql('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, c]);
  }
  for (const [no, status] of [[1, 'done'], [2, 'submit'], [3, 'edit']]) {
    await sql(`INSERT INTO product_journal (product_id, year, journal_no, total_no, status, create_by) VALUES ($1, $2, $3, $3, $4, 'admin')`, [product.id, new Date().getFullYear(), no, status]);
  }

  // two demo items claimed and submitted by the translator, reviewed by the reviewer
  const translator = await openBrowser();
  const items = [];
  let workDept;
  try {
    await loginAs(translator.page, 'translator', '123456');
    workDept = ok(await api(translator.page, 'auth/info'), 'translator info').user.dept.pid;
    const list = ok(await api(translator.page, 'api/news/list?page=0&size=50&sort=dateDesc'), 'news list');
    for (const row of list.content) {
      const state = await api(translator.page, `api/news/translationState?id=${row.id}&deptId=${workDept}`);
      if (state.status === 200 && state.body.transStatus === null && state.body.version === 0) items.push(row);
      if (items.length === 2) break;
    }
    assert.equal(items.length, 2, 'two demo items not yet translated in 新闻中心');
    for (const item of items) {
      ok(await api(translator.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'edit' } } }), 'claim');
      ok(await api(translator.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'examine', contentTrans: `<p>统计译文 ${RUN}</p>` } } }), 'submit');
    }
  } finally {
    await translator.close();
  }
  const reviewer = await openBrowser();
  try {
    await loginAs(reviewer.page, 'reviewer', '123456');
    for (const item of items) ok(await api(reviewer.page, 'api/news/submitTranslate', { method: 'POST', body: { id: item.id, deptId: workDept, content: { status: 'done', version: 1 } } }), 'review');
  } finally {
    await reviewer.close();
  }
  // every reviewed claim of the translator (earlier specs of the same run review some too) started
  // 95 minutes before its review, so the translator's median is known whatever ran before
  await sql(
    `UPDATE news_translation SET claim_time = examine_time - interval '95 minutes'
      WHERE examine_time IS NOT NULL AND (news_id = ANY($1::bigint[]) OR editor_id = (SELECT id FROM sys_user WHERE username = 'translator'))`,
    [items.map((i) => i.id)],
  );
});

after(async () => {
  assert.deepEqual(admin?.errors ?? [], [], 'no uncaught errors in the page');
  await admin?.close();
});

test('稿件统计 in the processing shell: three charts, one request each, answered under a second', async () => {
  const { page } = admin;
  const responses = chartResponses(page);
  const started = Date.now();
  await page.goto(`${BASE_URL}/horizon/productProcess-statistic`);
  const timings = await Promise.all(responses);
  for (const { chart, ms, url } of timings) {
    assert.ok(ms < 1000, `${chart} answered in ${Math.round(ms)} ms`);
    assert.match(url, /startDate=\d{4}-\d{2}-01&endDate=\d{4}-\d{2}-\d{2}/, '本月 by default');
  }
  await page.getByRole('tab', { name: '稿件统计', selected: true }).waitFor();
  await page.getByText(/稿件共 \d+ 篇/).waitFor();
  await page.getByTestId('throughput-table').getByRole('cell', { name: 'translator' }).waitFor();
  await page.getByRole('img', { name: '各产品期刊状态' }).waitFor();
  console.log(`statistics page: charts drawn ${Date.now() - started} ms after navigation (${timings.map((t) => `${t.chart} ${Math.round(t.ms)} ms`).join(', ')})`);
  assert.equal(await page.getByRole('button', { name: '本月', pressed: true }).count(), 1);
  const table = page.getByTestId('throughput-table');
  assert.equal(await table.getByRole('row').filter({ hasText: 'translator' }).getByRole('cell', { name: '1.6 小时' }).count(), 1, 'median claim → review as translator');
  // the reviewer's count as the API answers it (earlier specs of the run review items too), at least this spec's two
  const translationsUrl = new URL(timings.find((t) => t.chart === 'translations').url);
  const figures = ok(await api(page, `${translationsUrl.pathname.slice(1)}${translationsUrl.search}`), 'translation figures');
  const reviewed = figures.people?.find((p) => p.name === 'reviewer')?.reviewed;
  assert.ok(reviewed >= 2, `the reviewer reviewed this spec's two items (${reviewed})`);
  assert.equal(await table.getByRole('row').filter({ hasText: 'reviewer' }).getByRole('cell').nth(3).textContent(), String(reviewed));
  await shot(page, 'statistics-01-manuscripts', { charts: true });
  await page.getByTestId('stats-translations').scrollIntoViewIfNeeded();
  await page.mouse.move(5, 5);
  await page.mouse.wheel(0, 400);
  await shot(page, 'statistics-01b-throughput', { charts: true });
  await page.mouse.wheel(0, -2000);

  // by column, this product only
  const column = page.waitForResponse((r) => r.url().includes('/api/statistic/manuscripts?') && r.url().includes('by=column') && r.url().includes(`productId=${product.id}`));
  await choose(page, page, '产品', PRODUCT);
  await page.getByRole('button', { name: '按栏目' }).click();
  const byColumn = await (await column).json();
  assert.deepEqual(byColumn.products.map((p) => [p.productName, p.total, p.counts]), [[PRODUCT, 5, { 要闻: 3, 综述: 3 }]]);
  await page.getByText('稿件共 5 篇').waitFor();
  await shot(page, 'statistics-02-by-column', { charts: true });

  // a product without figures: the empty state
  await choose(page, page, '产品', EMPTY_PRODUCT);
  await page.getByTestId('stats-manuscripts').getByText('所选周期内暂无数据').waitFor();
  await page.getByTestId('stats-journals').getByText('所选周期内暂无数据').waitFor();
  await shot(page, 'statistics-03-empty');
});

test('统计报告: product and 本月 → 生成报告 → the xlsx and the Word summary', async () => {
  const { page } = admin;
  await page.getByRole('tab', { name: '统计报告' }).click();
  await page.waitForURL(/tab=report/);
  const panel = page.getByTestId('stats-report');
  assert.equal(await panel.getByRole('button', { name: '生成报告' }).isDisabled(), true, 'a product must be chosen');
  await choose(page, panel, '产品', PRODUCT);
  await panel.getByRole('button', { name: '本月' }).click();
  await panel.getByRole('button', { name: '生成报告' }).click();
  const links = page.getByTestId('report-links');
  await links.waitFor();
  await page.getByText('统计报告已生成').waitFor();
  await shot(page, 'statistics-04-report');
  for (const [name, magic] of [['Excel 表格', 'PK'], ['Word 摘要', 'PK']]) {
    const href = await links.getByRole('link', { name: new RegExp(name) }).getAttribute('href');
    assert.ok(href, `${name} has a link`);
    const head = await page.evaluate(async (url) => {
      const r = await fetch(url);
      const bytes = new Uint8Array(await r.arrayBuffer());
      return { status: r.status, start: String.fromCharCode(bytes[0], bytes[1]) };
    }, href);
    assert.deepEqual(head, { status: 200, start: magic }, `${name} downloads as a zip container`);
  }
  assert.match(await links.textContent(), /稿件统计报告_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.docx/);
});

test('/product/statistic: the same page in the admin shell', async () => {
  const { page } = admin;
  const responses = chartResponses(page);
  await page.goto(`${BASE_URL}/horizon/product/statistic`);
  await Promise.all(responses);
  await page.getByRole('heading', { name: '统计', exact: true }).waitFor();
  await page.getByText(/稿件共 \d+ 篇/).waitFor();
  await shot(page, 'statistics-05-admin-shell', { charts: true });
});

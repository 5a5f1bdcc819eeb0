// 查询统计 (/pro/analysis, docs/news-analysis.md) on the demo data: the page opens in the
// product-processing shell with 统计 active and draws every figure for the last 30 days, each from
// its own request; a query (search text and 近7天) goes into the route, the figures and the list
// below count the same items, a reload of the link reproduces it, and 导出统计 downloads the
// figures as one xlsx.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loginAs, pageApi } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

const FIGURES = ['timeline', 'source', 'classify', 'country', 'language', 'keywords'];

let browser;
let downloads;

/** Screenshot once transitions (menus, dialogs, toasts) have settled. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

/** Waits until every figure shows a chart (a canvas) and answers how long that took. */
async function figuresDrawn(page) {
  const start = Date.now();
  for (const id of FIGURES) await page.getByTestId(`figure-${id}`).locator('canvas').first().waitFor({ timeout: 15_000 });
  return Date.now() - start;
}

const timelineTotal = async (page) => (await page.getByTestId('figure-timeline').getByText(/^共 \d+ 条$/).textContent()).trim();

before(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'horizon-e2e-analysis-'));
  browser = await openBrowser();
});

after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

test('查询统计 opens in the shell and draws every figure of the last 30 days, one request each', async () => {
  const { page } = browser;
  await loginAs(page, 'translator', '123456');
  const figureRequests = [];
  const answered = [];
  page.on('request', (r) => r.url().includes('/api/news/analysis/') && figureRequests.push(r.url()));
  page.on('requestfinished', (r) => r.url().includes('/api/news/analysis/') && answered.push(r));
  await page.goto(`${BASE_URL}/horizon/pro/analysis`);
  await page.getByRole('heading', { name: '查询统计', level: 1 }).waitFor();
  const nav = page.getByRole('navigation', { name: '动态跟踪系统' });
  assert.equal((await nav.locator('a[aria-current="page"]').allTextContents()).map((s) => s.trim()).join(), '统计');
  await figuresDrawn(page);
  const total = await timelineTotal(page);
  assert.notEqual(total, '共 0 条', 'the demo data has items in the last 30 days');
  // one request per chart: the timeline, four distributions, the keywords
  assert.equal(figureRequests.length, 6, figureRequests.join('\n'));
  assert.deepEqual(new Set(figureRequests.map((u) => new URL(u).searchParams.get('by')).filter(Boolean)), new Set(['source', 'country', 'classify', 'language']));
  // the first load after the server started (cold caches, queued behind the lookups): logged only
  console.log(`first figure requests answered in ${answered.map((r) => Math.round(r.timing().responseEnd)).join(', ')} ms`);
  // the list below counts the same items
  await page.getByTestId('news-list').locator('tbody tr').first().waitFor();
  assert.equal((await page.getByTestId('news-total').textContent()).trim(), total);
  await page.mouse.move(0, 0);
  await shot(page, 'analysis-default');
  await page.getByTestId('figure-country').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'analysis-distributions');
  await page.getByTestId('figure-keywords').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'analysis-keywords');
  await page.getByTestId('news-list').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, 'analysis-list');
});

test('a query goes into the route, the figures and the list follow it, a reload reproduces it', async () => {
  const { page } = browser;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('textbox', { name: '检索词' }).fill('能源');
  await page.getByRole('button', { name: '近 7 天' }).click();
  const answered = [];
  const onFinished = (r) => r.url().includes('/api/news/analysis/') && answered.push(r);
  page.on('requestfinished', onFinished);
  const started = Date.now();
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.waitForURL(/kw=%E8%83%BD%E6%BA%90/);
  const url = new URL(page.url());
  assert.ok(url.searchParams.get('startDate') && url.searchParams.get('endDate'), 'the period is in the route');
  await page.waitForFunction(() => !document.querySelector('[data-testid^="figure-"][aria-busy="true"]'));
  const drawn = Date.now() - started;
  page.off('requestfinished', onFinished);
  // each chart's data answers under a second with the demo data (request sent → last byte)
  const times = answered.map((r) => Math.round(r.timing().responseEnd));
  console.log(`figures of a query: requests answered in ${times.join(', ')} ms, all drawn in ${drawn} ms`);
  assert.equal(times.length, 6);
  assert.ok(Math.max(...times) < 1_000, times.join());
  const total = await timelineTotal(page);
  await page.waitForFunction((text) => document.querySelector('[data-testid="news-total"]')?.textContent?.trim() === text, total);
  // the keyword figure leaves the query's own word out
  const query = url.searchParams;
  const keywords = await pageApi(page, `api/news/analysis/keywords?content=${encodeURIComponent('能源')}&startDate=${query.get('startDate')}&endDate=${query.get('endDate')}`);
  assert.equal(keywords.status, 200);
  assert.ok(!keywords.body.items.some((k) => k.keyword === '能源'), JSON.stringify(keywords.body.items));
  await page.mouse.move(0, 0);
  await shot(page, 'analysis-query');

  await page.reload();
  await page.getByRole('heading', { name: '查询统计', level: 1 }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: '检索词' }).inputValue(), '能源');
  await figuresDrawn(page);
  assert.equal(await timelineTotal(page), total);
  assert.equal(await page.getByRole('button', { name: '近 7 天' }).getAttribute('aria-pressed'), 'true');
});

test('导出统计 downloads every figure as one xlsx', async () => {
  const { page } = browser;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出统计' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^查询统计-\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = join(downloads, file.suggestedFilename());
  await file.saveAs(path);
  const bytes = readFileSync(path);
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an xlsx (zip) file');
  assert.ok(bytes.includes(Buffer.from('xl/worksheets/sheet7.xml')), 'seven sheets: the query and six figures');
});

test('重置 goes back to the last 30 days without filters', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: '重置' }).click();
  await page.waitForURL((u) => !u.searchParams.has('kw'));
  assert.equal(await page.getByRole('textbox', { name: '检索词' }).inputValue(), '');
  assert.equal(await page.getByRole('button', { name: '近 30 天' }).getAttribute('aria-pressed'), 'true');
  await figuresDrawn(page);
});

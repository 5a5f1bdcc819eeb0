// The data storage system end to end (issue 16): the admin enters 数据存储 from the launch page,
// adds a source on 数据源管理 against a loopback feed (backend/test/fixtures/feeds/rss2-gbk.xml;
// the app runs with COLLECT_ALLOW_PRIVATE=true, see run.mjs) with 预览 first, collects it at once,
// finds its items in the news list, exports them as a signed package on 跨网数据交换, downloads it,
// trusts its own key and imports the package again: the import is idempotent, so the report says
// nothing was created and every item was skipped (or updated). Then 数据存储备份 runs a backup now
// (when pg_dump is there), downloads it, and shows the restore steps; 文件存储 uploads and deletes
// a file. One app instance only (a second process on a fresh database would double the flow's
// time): creating items from a package is covered by backend/test/data-storage.e2e-spec.ts, which
// deletes them before importing.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loginAs, pageApi } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const FEEDS = join(here, '../../../backend/test/fixtures/feeds');
const FIRST_TITLE = '央行宣布下调存款准备金率0.25个百分点';
const SOURCE_NAME = 'E2E 示例新闻网';

let browser;
let feedServer;
let feedOrigin;
let downloads;
/** Items of the exported package (from its job row). */
let exported = 0;
let packagePath;

/** Screenshot once transitions (menus, dialogs, toasts) have settled. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const storageNav = (page) => page.getByRole('navigation', { name: '数据存储系统' });
const tile = (page, name) => page.getByRole('button').filter({ has: page.getByRole('heading', { name, exact: true }) });

before(async () => {
  // the loopback site: the GBK RSS fixture as a feed, a tiny home page
  feedServer = createServer((req, res) => {
    if (req.url === '/feeds/rss2-gbk.xml') {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
      res.end(readFileSync(join(FEEDS, 'rss2-gbk.xml')));
    } else if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>示例新闻网</title><link rel="alternate" type="application/rss+xml" href="/feeds/rss2-gbk.xml">');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${feedServer.address().port}`;
  downloads = mkdtempSync(join(tmpdir(), 'horizon-e2e-exchange-'));
  browser = await openBrowser();
});

after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
  await new Promise((resolve) => (feedServer ? feedServer.close(resolve) : resolve()));
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

test('the admin enters 数据存储: its header with three tabs, 跨网数据交换 active', async () => {
  const { page } = browser;
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  await tile(page, '数据存储').click();
  await page.waitForURL(/\/horizon\/dataExchange$/);
  const nav = storageNav(page);
  await nav.waitFor();
  for (const name of ['跨网数据交换', '数据存储备份', '数据源管理']) await nav.getByRole('link', { name, exact: true }).waitFor();
  assert.equal(await nav.getByRole('link', { name: '跨网数据交换', exact: true }).getAttribute('aria-current'), 'page');
  assert.equal(await page.getByRole('link', { name: '系统管理' }).count(), 0, 'no admin sidebar');
  await page.getByTestId('own-fingerprint').waitFor();
});

test('数据源管理: a new source is previewed, saved and collected at once', async () => {
  const { page } = browser;
  await storageNav(page).getByRole('link', { name: '数据源管理', exact: true }).click();
  await page.waitForURL(/\/horizon\/website$/);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增数据源' });
  await dialog.getByLabel('网站名称').fill(SOURCE_NAME);
  await dialog.getByLabel('网站地址').fill(`${feedOrigin}/`);
  await dialog.getByRole('combobox', { name: '类型' }).click();
  await page.getByRole('option', { name: 'RSS', exact: true }).click();
  await dialog.getByLabel('订阅源地址').fill(`${feedOrigin}/feeds/rss2-gbk.xml`);
  // not enabled: the scheduler leaves it alone, so 立即采集 below is the run that stores the items
  await dialog.getByLabel('启用', { exact: true }).uncheck();
  assert.ok(await dialog.getByRole('button', { name: '保存' }).isDisabled(), 'a new source is previewed before its first save');
  await dialog.getByRole('button', { name: '预览' }).click();
  await dialog.getByText(FIRST_TITLE).first().waitFor({ timeout: 30000 });
  await shot(page, 'storage-source-preview');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = page.getByRole('row').filter({ hasText: SOURCE_NAME });
  await row.waitFor();
  await row.getByRole('button', { name: '立即采集' }).click();
  const result = page.getByRole('dialog', { name: `采集结果：${SOURCE_NAME}` });
  const summary = result.getByRole('table', { name: '结果' });
  await summary.waitFor({ timeout: 60000 });
  const created = Number((await summary.getByRole('row').filter({ hasText: '新建' }).getByRole('cell').last().innerText()).trim());
  assert.ok(created >= 2, `the run created the feed's two items (created ${created})`);
  await shot(page, 'storage-source-collected');
  await result.getByRole('button', { name: '关闭' }).click();
});

test('the collected items appear in the news list', async () => {
  const { page } = browser;
  await page.goto(`${BASE_URL}/horizon/pro/news`);
  await page.getByRole('combobox', { name: '检索' }).fill('存款准备金率');
  await page.getByRole('button', { name: '检索', exact: true }).click();
  await page.locator('[data-testid="news-table"] tr[data-news-id]').filter({ hasText: FIRST_TITLE }).first().waitFor({ timeout: 30000 });
  await shot(page, 'storage-news-list');
});

test('跨网数据交换: an export runs to the end and its package downloads', async () => {
  const { page } = browser;
  await page.goto(`${BASE_URL}/horizon/dataExchange`);
  const form = page.getByRole('region', { name: '导出数据包' });
  await form.getByLabel('时间范围开始日期').fill('2025-01-01');
  await form.getByLabel('时间范围结束日期').fill('2026-12-31');
  await form.getByLabel('时间范围结束日期').press('Escape');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/dataExchange/exports') && r.request().method() === 'POST');
  await form.getByRole('button', { name: '开始导出' }).click();
  const job = await (await created).json();
  assert.equal((await created).status(), 201);
  const row = page.getByTestId(`job-${job.id}`);
  await row.getByRole('button', { name: '下载' }).waitFor({ timeout: 60000 });
  const counts = (await row.getByText(/^新闻 \d+ \/ \d+$/).innerText()).match(/(\d+) \/ (\d+)/);
  exported = Number(counts[1]);
  assert.ok(exported >= 2, `the package holds the collected items (${exported})`);
  await shot(page, 'storage-export-done');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^horizon-exchange-[0-9a-f]{8}-\d{14}\.zip$/);
  packagePath = join(downloads, file.suggestedFilename());
  await file.saveAs(packagePath);
  assert.ok(statSync(packagePath).size > 0, 'the package was saved');
});

test('跨网数据交换: with its own key trusted, importing the package again creates nothing', async () => {
  const { page } = browser;
  assert.ok(packagePath, 'the export test saved a package');
  // trust this installation's key: its PEM copied from the page into 添加公钥
  const pem = (await page.getByRole('region', { name: '本机公钥' }).locator('pre').innerText()).trim();
  assert.match(pem, /^-----BEGIN PUBLIC KEY-----/);
  const trusted = page.getByRole('region', { name: '受信任的公钥' });
  await trusted.getByRole('button', { name: '添加公钥' }).click();
  const dialog = page.getByRole('dialog', { name: '添加公钥' });
  await dialog.getByLabel('名称').fill('本机（回环测试）');
  await dialog.getByLabel('公钥（PEM）').fill(pem);
  await dialog.getByRole('button', { name: '确定' }).click();
  await trusted.getByRole('cell', { name: '本机（回环测试）' }).waitFor();

  await page.getByTestId('package-input').setInputFiles(packagePath);
  const progress = page.getByTestId('import-progress');
  const report = progress.getByRole('region', { name: '导入报告' });
  await report.waitFor({ timeout: 90000 });
  const figure = async (label) => Number((await report.getByRole('group', { name: label }).locator('p').innerText()).trim());
  assert.equal(await figure('新增'), 0, 'a second import creates nothing');
  assert.equal((await figure('跳过（已存在）')) + (await figure('更新')), exported, 'every item was found already');
  assert.equal(await figure('失败'), 0);
  await report.getByText(/签名公钥指纹/).waitFor();
  assert.equal(await page.getByTestId('upload-progress').count(), 0, 'the upload is over');
  assert.equal(await page.evaluate(() => localStorage.getItem('horizon.exchange.pendingImport')), null, 'no unfinished upload is remembered');
  await progress.scrollIntoViewIfNeeded();
  await shot(page, 'storage-import-report');
});

test('数据存储备份: status, the backups list and the restore steps', async () => {
  const { page } = browser;
  await storageNav(page).getByRole('link', { name: '数据存储备份', exact: true }).click();
  await page.waitForURL(/\/horizon\/dataSave$/);
  assert.equal(await storageNav(page).getByRole('link', { name: '数据存储备份', exact: true }).getAttribute('aria-current'), 'page');
  const status = page.getByRole('region', { name: '备份状态' });
  await status.getByRole('group', { name: 'pg_dump' }).getByText(/^(可用|不可用)$/).waitFor();
  const answer = await pageApi(page, 'api/backup/status');
  assert.equal(answer.status, 200);
  if (!answer.body.available) {
    // no pg_dump on this machine: the screen says why, and 立即备份 is off
    await status.getByText(answer.body.reason).waitFor();
    assert.ok(await status.getByRole('button', { name: '立即备份' }).isDisabled());
  } else {
    const started = page.waitForResponse((r) => r.url().endsWith('/api/backup/runs') && r.request().method() === 'POST');
    await status.getByRole('button', { name: '立即备份' }).click();
    const run = await (await started).json();
    assert.equal((await started).status(), 201);
    const row = page.getByTestId(`backup-${run.id}`);
    await row.getByRole('button', { name: '下载' }).waitFor({ timeout: 120000 });
    await row.getByText('已完成').waitFor();
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^horizon-backup-\d{8}-\d{6}(-\d+)?\.zip$/);
    const saved = join(downloads, file.suggestedFilename());
    await file.saveAs(saved);
    assert.ok(statSync(saved).size > 0, 'the backup was saved');
    await status.getByRole('group', { name: '上次备份' }).getByText('已完成').waitFor();
  }
  await page.getByRole('region', { name: '恢复备份' }).getByText(/npm run restore -- /).first().waitFor();
  await shot(page, 'storage-backup');
});

test('文件存储: a file is uploaded, listed with its uploader, and deleted', async () => {
  const { page } = browser;
  await storageNav(page).getByRole('link', { name: '文件存储', exact: true }).click();
  await page.waitForURL(/\/horizon\/localStorage$/);
  const name = `e2e-文件存储-${Date.now()}.txt`;
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/localStorage') && r.request().method() === 'POST');
  await page.getByTestId('files-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('数据存储 e2e\n') });
  assert.equal((await uploaded).status(), 201);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  await row.getByRole('cell', { name: 'admin', exact: true }).waitFor();
  await shot(page, 'storage-files');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await row.waitFor({ state: 'detached' });
});

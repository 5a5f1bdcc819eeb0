// Flows of the desk screens of issue 17 without a spec of their own: 新闻订阅 (subscribe by website,
// see it in 我的订阅, set the notice frequency, open the 关注 tab), 动态加工 (choose an item in the
// news list, find it under 待翻译 with the counts) and 成果管理 (per-person totals, search).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

let browser;

before(async () => {
  browser = await openBrowser();
});
after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

test('新闻订阅: subscribe to a website, see it in 我的订阅, choose daily notices, open the 关注 tab', async () => {
  const { page } = browser;
  await loginAs(page, 'reviewer', '123456');
  await page.goto(`${BASE_URL}/horizon/pro/subscribe`);
  await page.getByRole('heading', { name: '新闻订阅' }).waitFor();
  await page.getByRole('button', { name: '按网站' }).click();
  await page.getByRole('tab', { name: '网站' }).click();
  const sites = (await pageApi(page, 'api/newsInterest/interestList?page=0&size=1000&sort=name,asc')).body.content;
  assert.ok(sites.length > 0, 'the demo websites');
  const site = sites.find((s) => !s.checked) ?? sites[0];
  await page.getByLabel('搜索').fill(site.name);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/newsInterest') && r.request().method() === 'POST');
  await page.getByRole('checkbox', { name: site.name, exact: true }).click();
  assert.equal((await saved).status(), 201);
  await page.getByText('订阅已更新').waitFor();

  await page.getByRole('tab', { name: '我的订阅' }).click();
  await page.getByTestId('subscribe-mine-websiteIds').getByText(site.name).waitFor();
  const frequency = page.waitForResponse((r) => r.url().includes('/api/news/setFrequency?frequency=daily'));
  await page.getByLabel('每日汇总').click();
  assert.equal((await frequency).status(), 200);
  assert.equal((await pageApi(page, 'api/newsInterest/findByUserId')).body.frequency, 'daily');
  await screenshot(page, 'desk-subscribe');

  await page.getByRole('link', { name: '查看订阅的新闻' }).click();
  await page.waitForURL(/\/pro\/news\?curMenu=interest/);
});

test('动态加工: a chosen item waits under 待翻译, with the counts on the tabs', async () => {
  const { page } = browser;
  const list = await pageApi(page, 'api/news/list?page=0&size=20&sort=dateDesc');
  const item = list.body.content.find((r) => !r.isChoice);
  assert.ok(item, 'an item not chosen yet');
  assert.equal((await pageApi(page, 'api/news/choose', { method: 'POST', body: { id: item.id, isChoice: true } })).status, 200);
  const counts = (await pageApi(page, 'api/news/choiceStages')).body;
  assert.ok(counts.todo >= 1);

  // the list the page asks for: the department's chosen items not yet claimed, newest first
  const listed = page.waitForResponse((r) => r.url().includes('/api/news/list?') && r.url().includes('type=choice') && r.url().includes('stage=todo'));
  await page.goto(`${BASE_URL}/horizon/pro/product`);
  await page.getByRole('heading', { name: '动态加工' }).waitFor();
  await page.getByTestId('stage-todo').getByText(String(counts.todo), { exact: true }).waitFor();
  const todo = await (await listed).json();
  assert.equal(todo.totalElements, counts.todo, 'the tab count is the list total');
  const all = (await pageApi(page, `api/news/list?type=choice&stage=todo&page=0&size=1000`)).body.content.map((r) => r.id);
  assert.ok(all.includes(item.id), 'the chosen item waits under 待翻译');
  await page.locator('tbody tr').first().waitFor();
  await page.getByTestId('stage-review').click();
  await page.waitForURL(/stage=review/);
  await screenshot(page, 'desk-processing');
});

test('成果管理: per-person totals of the period and a search of the list', async () => {
  const { page } = browser;
  await page.goto(`${BASE_URL}/horizon/productProcess-achieve`);
  await page.getByRole('heading', { name: '成果管理' }).waitFor();
  const searched = page.waitForResponse((r) => r.url().includes('/api/news/list?') && r.url().includes('isTrans=3') && r.url().includes('content='));
  await page.getByLabel('检索成果').fill('能源');
  await page.getByLabel('检索成果').press('Enter');
  assert.equal((await searched).status(), 200);
  await page.waitForURL(/content=/);
  await screenshot(page, 'desk-achievements');
});

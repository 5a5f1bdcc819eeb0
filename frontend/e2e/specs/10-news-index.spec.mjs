// News index (/pro/news) as the reviewer (news:recommend, news:choice, news:translate, news:judge,
// news:push, news:noise): every tab (loaded only when first opened), every sort, page size and page
// kept in the route (reload, back/forward), search with history, bulk track (then 推荐 shows the
// rows), the side panel and its tabs, collect, the detail page in a new window, and a share whose
// news item was deleted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LoginPage, pageApi } from '../pages.mjs';
import { BASE_URL, openBrowser, screenshot } from '../support.mjs';

let browser;
/** Every `GET api/news/list` query the page sent, in order. */
const listQueries = [];

/** Screenshot once transitions (tab indicator, panel, toasts) are over. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const isList = (r) => r.url().includes('/api/news/list?') && r.request().method() === 'GET';
const queryOf = (r) => new URL(r.url()).searchParams;

/** Waits for a news list answer whose query matches `expect` (a record of expected values; null = absent). */
function listResponse(page, expect) {
  return page.waitForResponse((r) => {
    if (!isList(r)) return false;
    const q = queryOf(r);
    return Object.entries(expect).every(([k, v]) => (v === null ? !q.has(k) : q.get(k) === String(v)));
  });
}

const routeQuery = (page) => new URL(page.url()).searchParams;
const rows = (page) => page.locator('[data-testid="news-table"] tr[data-news-id]');
const rowIds = async (page) => (await rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.newsId))));

async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** The API as the logged-in page. */
const api = (page, method, path, body) => pageApi(page, path, { method, body });

before(async () => {
  browser = await openBrowser();
  browser.page.on('request', (r) => {
    if (r.url().includes('/api/news/list?')) listQueries.push(Object.fromEntries(new URL(r.url()).searchParams));
  });
});
after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

test('the reviewer opens the news index: tree, tabs, rows, total and the route query', async () => {
  const { page } = browser;
  const login = new LoginPage(page);
  await login.login('reviewer', '123456', await login.open('/login'));
  await page.waitForURL(/\/horizon\/(enter|$)/);

  const first = listResponse(page, { page: 0, size: 20, sort: 'dateDesc', type: null });
  await page.goto(`${BASE_URL}/horizon/pro/news`);
  const answer = await (await first).json();
  assert.ok(answer.content.length > 0 && answer.totalElements > 0, 'the demo corpus lists news');
  assert.ok(queryOf(await first).get('deptId'), 'the department id is sent with the list query');

  // the route carries the whole list state
  await page.waitForURL(/curMenu=all/);
  assert.equal(routeQuery(page).get('page'), '1');
  assert.equal(routeQuery(page).get('size'), '20');

  await rows(page).first().waitFor();
  assert.equal(await rows(page).count(), answer.content.length);
  await page.getByTestId('news-total').getByText(`共 ${answer.totalElements.toLocaleString('zh-CN')} 条`).waitFor();
  await page.getByTestId('news-classify-tree').getByText('全部', { exact: true }).waitFor();
  for (const name of ['全部', '热点', '推荐', '关注', '跟踪', '精选', '收藏', '分享']) await page.getByRole('tab', { name, exact: true }).waitFor();
  // Chinese title above the original, source site and read count on the row
  const firstRow = answer.content[0];
  const row = rows(page).first();
  await row.getByText(firstRow.titleCn || firstRow.title, { exact: true }).waitFor();
  await row.getByText(`阅读 ${firstRow.count}`).waitFor();
  await shot(page, 'news-index');
});

test('every tab loads when first opened, with its own query', async () => {
  const { page } = browser;
  assert.ok(!listQueries.some((q) => q.type), 'only the default tab loaded so far');

  const tabs = [
    ['热点', 'hot', 'numDesc'],
    ['推荐', 'recommend', 'dateDesc'],
    ['关注', 'interest', 'dateDesc'],
    ['跟踪', 'follow', 'updateDesc'],
    ['精选', 'choice', 'dateDesc'],
  ];
  for (const [name, type, sort] of tabs) {
    const answer = listResponse(page, { type, sort, page: 0, size: 20 });
    await openTab(page, name);
    assert.equal((await answer).status(), 200, `${name} answers`);
    assert.equal(routeQuery(page).get('curMenu'), type);
    await page.locator('[data-testid="news-table"] tr[data-news-id], [data-testid="news-empty"]').first().waitFor();
  }
  // 精选 rows show the selected status and the reviewer's extra actions
  if (await rows(page).count()) {
    const row = rows(page).first();
    await row.getByRole('button', { name: '已精选' }).waitFor();
    await row.getByRole('button', { name: '翻译' }).waitFor();
    await row.getByRole('button', { name: '报送' }).waitFor();
  }

  const collect = page.waitForResponse((r) => r.url().includes('/api/newsCollect?') && r.request().method() === 'GET');
  await openTab(page, '收藏');
  assert.equal((await collect).status(), 200);

  const mine = page.waitForResponse((r) => r.url().includes('/api/newsSuggest?') && queryOf(r).has('fromId'));
  await openTab(page, '分享');
  assert.equal((await mine).status(), 200);
  await page.getByRole('button', { name: '我的分享', pressed: true }).waitFor();
  assert.equal(queryOf(await mine).get('size'), '15', 'the share list pages by 15');
  const toMe = page.waitForResponse((r) => r.url().includes('/api/newsSuggest?') && queryOf(r).has('toId'));
  await page.getByRole('button', { name: '分享给我' }).click();
  assert.equal((await toMe).status(), 200);
  assert.equal(routeQuery(page).get('shareType'), 'to');

  // back to 全部: its page and sort are remembered, no type is sent
  await openTab(page, '全部');
  assert.equal(routeQuery(page).get('curMenu'), 'all');
  await rows(page).first().waitFor();
});

test('sorting by each field sends its value; update time only in 跟踪; relevance needs a search', async () => {
  const { page } = browser;
  // each value once (a value shown before may come from the cache without a request)
  const sorts = [
    ['发布时间升序', 'dateAsc'],
    ['浏览量降序', 'numDesc'],
    ['浏览量升序', 'numAsc'],
    ['入库时间降序', 'createDesc'],
    ['入库时间升序', 'createAsc'],
  ];
  const answers = {};
  for (const [label, sort] of sorts) {
    const answer = listResponse(page, { sort, page: 0 });
    await page.getByRole('button', { name: label }).click();
    answers[sort] = await answer;
    assert.equal(answers[sort].status(), 200, label);
    assert.equal(routeQuery(page).get('sort'), sort);
    await page.getByRole('button', { name: label, pressed: true }).waitFor();
  }
  // reads ascending: the first row has no more reads than the second
  const { content } = await answers.numAsc.json();
  assert.ok(content.length < 2 || content[0].count <= content[1].count);
  // back to the default (newest first): the route drops the sort
  await page.getByRole('button', { name: '发布时间降序' }).click();
  await page.waitForURL((u) => !u.searchParams.has('sort'));

  assert.equal(await page.getByRole('button', { name: '更新时间降序' }).count(), 0, 'no update-time sort in 全部');
  assert.ok(await page.getByRole('button', { name: '相关度降序' }).isDisabled(), 'relevance needs a search');

  // a search (saved to the history) enables relevance
  const searched = listResponse(page, { content: '能源', page: 0 });
  const saved = page.waitForResponse((r) => r.url().includes('/api/news/saveSearchHistory'));
  await page.getByRole('combobox', { name: '检索' }).fill('能源');
  await page.getByRole('button', { name: '检索', exact: true }).click();
  assert.equal((await searched).status(), 200);
  assert.equal((await saved).status(), 200);
  assert.equal(routeQuery(page).get('content'), '能源');
  const relevance = listResponse(page, { content: '能源', sort: 'scoreDesc' });
  await page.getByRole('button', { name: '相关度降序' }).click();
  assert.equal((await relevance).status(), 200);
  await rows(page).first().getByText('能源').first().waitFor();

  // the history dropdown offers the search again; clearing the search drops relevance
  await page.getByRole('button', { name: '清除检索' }).click();
  await page.waitForURL((u) => !u.searchParams.has('content') && !u.searchParams.has('sort'));
  await page.getByRole('combobox', { name: '检索' }).click();
  await page.getByRole('option', { name: /能源/ }).waitFor();
  await page.keyboard.press('Escape');

  // 跟踪 offers update time
  await openTab(page, '跟踪');
  const byUpdate = listResponse(page, { type: 'follow', sort: 'updateAsc' });
  await page.getByRole('button', { name: '更新时间升序' }).click();
  assert.equal((await byUpdate).status(), 200);
  await openTab(page, '全部');
});

test('page size and page live in the route: reload and back/forward land on the same page', async () => {
  const { page } = browser;
  const bySize = listResponse(page, { size: 50, page: 0 });
  await page.getByRole('combobox', { name: /条\/页/ }).click();
  await page.getByRole('option', { name: '50 条/页' }).click();
  assert.equal((await bySize).status(), 200);
  assert.equal(routeQuery(page).get('size'), '50');
  assert.equal(routeQuery(page).get('page'), '1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="news-table"] tr[data-news-id]').length === 50);

  const second = listResponse(page, { size: 50, page: 1 });
  await page.getByRole('button', { name: '第 2 页' }).click();
  const secondIds = (await (await second).json()).content.map((r) => r.id);
  assert.equal(routeQuery(page).get('page'), '2');

  // the jumper
  const third = listResponse(page, { size: 50, page: 2 });
  await page.getByRole('textbox', { name: '前往' }).fill('3');
  await page.getByRole('textbox', { name: '前往' }).press('Enter');
  assert.equal((await third).status(), 200);
  assert.equal(routeQuery(page).get('page'), '3');

  // back: page 2 again (same rows)
  await page.goBack();
  await page.waitForURL(/[?&]page=2(&|$)/);
  await page.getByRole('button', { name: '第 2 页', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  await page.waitForFunction((first) => document.querySelector('[data-testid="news-table"] tr[data-news-id]')?.getAttribute('data-news-id') === String(first), secondIds[0]);
  await page.goForward();
  await page.waitForURL(/[?&]page=3(&|$)/);

  // reload lands on page 3 with 50 rows a page
  const reloaded = listResponse(page, { size: 50, page: 2 });
  await page.reload();
  assert.equal((await reloaded).status(), 200);
  await page.getByRole('button', { name: '第 3 页', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  assert.equal(await page.getByRole('combobox', { name: /条\/页/ }).textContent(), '50 条/页');

  // back to page 1, 20 a page
  const reset = listResponse(page, { size: 20, page: 0 });
  await page.getByRole('combobox', { name: /条\/页/ }).click();
  await page.getByRole('option', { name: '20 条/页' }).click();
  assert.equal((await reset).status(), 200);
});

test('three selected rows are tracked in bulk and appear in 推荐', async () => {
  const { page } = browser;
  assert.ok(!routeQuery(page).has('sort') && !routeQuery(page).has('content'), 'newest first, no search');
  await rows(page).nth(2).waitFor();
  const ids = (await rowIds(page)).slice(0, 3);

  for (let i = 0; i < 3; i++) await rows(page).nth(i).getByRole('checkbox').check();
  await page.getByTestId('news-selected-count').getByText('已选择 3 条').waitFor();

  const tracked = [];
  const onRequest = (r) => {
    if (r.url().endsWith('/api/news/updateIsRecommend') && r.method() === 'POST') tracked.push(r.postDataJSON());
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: '批量跟踪' }).click();
  await page.getByText('已跟踪 3 条新闻').first().waitFor();
  page.off('request', onRequest);
  assert.ok(tracked.every((b) => b.isRecommend === true && ids.includes(b.id)), 'one request per untracked row');
  // rows updated in place, selection cleared
  for (let i = 0; i < 3; i++) await rows(page).nth(i).getByRole('button', { name: '已跟踪' }).waitFor();
  await page.getByTestId('news-selected-count').waitFor({ state: 'detached' });
  await shot(page, 'news-bulk-tracked');

  const recommend = listResponse(page, { type: 'recommend', page: 0 });
  await openTab(page, '推荐');
  const listed = (await (await recommend).json()).content.map((r) => r.id);
  for (const id of ids) assert.ok(listed.includes(id), `推荐 lists the tracked item ${id}`);
  for (const id of ids) await page.locator(`[data-testid="news-table"] tr[data-news-id="${id}"]`).waitFor();
  await openTab(page, '全部');
});

test('a click opens the side panel with its three tabs and marks the row read', async () => {
  const { page } = browser;
  const row = rows(page).nth(3);
  const id = Number(await row.getAttribute('data-news-id'));
  const info = page.waitForResponse((r) => r.url().includes(`/api/news/info?id=${id}`));
  await row.locator('.news-title').click();
  const item = await (await info).json();
  const panel = page.getByTestId('news-side-panel');
  await panel.waitFor();
  await panel.getByRole('heading', { name: item.titleCn || item.title }).waitFor();
  const link = panel.getByRole('link', { name: '原文链接' });
  assert.equal(await link.getAttribute('href'), item.url);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await link.getAttribute('rel'), /noopener/);
  await page.locator(`tr[data-news-id="${id}"][data-read="true"]`).waitFor();
  await panel.locator('.news-text').first().waitFor();
  assert.equal(await panel.locator('.news-text script, .news-text [onerror]').count(), 0);

  await panel.getByRole('tab', { name: '机器翻译' }).click();
  await panel.getByRole('tabpanel', { name: '机器翻译' }).waitFor();
  if (item.contentCn) await panel.getByRole('tabpanel').locator('.news-text').waitFor();
  else await panel.getByText('暂无机器翻译').waitFor();
  await panel.getByRole('tab', { name: '人工翻译' }).click();
  if (!item.contentTrans) await panel.getByText('暂无精翻，请进入详情页开始翻译').waitFor();
  await panel.getByRole('tab', { name: '原文' }).click();
  await shot(page, 'news-side-panel');
  await panel.getByRole('button', { name: '关闭' }).click();
  await panel.waitFor({ state: 'detached' });
});

test('collecting a row updates it in place and lists it under 收藏', async () => {
  const { page } = browser;
  const row = rows(page).filter({ has: page.getByRole('button', { name: '收藏', exact: true }) }).first();
  const id = Number(await row.getAttribute('data-news-id'));
  const title = (await row.locator('.news-title').textContent()).trim();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/newsCollect') && r.request().method() === 'POST');
  await row.getByRole('button', { name: '收藏', exact: true }).click();
  const response = await added;
  assert.ok(response.ok(), 'POST api/newsCollect succeeds');
  assert.equal(response.request().postDataJSON().newsId, id);
  await page.getByText('收藏成功').first().waitFor();
  await page.locator(`tr[data-news-id="${id}"]`).getByRole('button', { name: '已收藏' }).waitFor();

  await openTab(page, '收藏');
  await page.getByRole('link', { name: title }).first().waitFor();
  await openTab(page, '全部');
});

test('a double click opens the detail page in a new window', async () => {
  const { page, context } = browser;
  const row = rows(page).first();
  const id = await row.getAttribute('data-news-id');
  const [detail] = await Promise.all([context.waitForEvent('page'), row.locator('.news-title').dblclick()]);
  await detail.waitForURL(new RegExp(`/horizon/pro/news/detailFull2/${id}$`));
  await detail.getByTestId('news-detail').waitFor();
  await detail.getByRole('tab', { name: '机器翻译' }).click();
  await detail.getByRole('button', { name: '对照阅读' }).click();
  await detail.getByRole('button', { name: '分页阅读' }).click();
  await detail.getByRole('tab', { name: '原文' }).click();
  await detail.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(detail, 'news-detail');

  // the translation entry of the same item
  await detail.goto(`${BASE_URL}/horizon/pro/news/detailFull/${id}?trans=true`);
  await detail.getByTestId('trans-status').waitFor();
  await detail.getByTestId('trans-claim').waitFor();
  await screenshot(detail, 'news-detail-translation');
  await detail.close();
});

test('opening a share whose news item was deleted says so', async () => {
  const { page } = browser;
  const me = await api(page, 'GET', 'auth/info');
  const oldest = await api(page, 'GET', 'api/news/list?page=0&size=1&sort=dateAsc');
  const victim = oldest.body.content[0];
  const shared = await api(page, 'POST', 'api/newsSuggest', { newsId: victim.id, toId: me.body.user.id, content: 'e2e：稍后删除' });
  assert.equal(shared.status, 201);
  assert.equal((await api(page, 'POST', 'api/news/deleteById', { id: victim.id })).status, 200);

  await openTab(page, '分享');
  await page.getByRole('button', { name: '我的分享' }).click();
  const shareRow = page.locator('[data-testid="share-list"] tr[data-share-id]').filter({ hasText: 'e2e：稍后删除' }).first();
  await shareRow.getByText('新闻已删除').waitFor();
  await shareRow.click();
  await page.getByText('该分享的新闻已被删除').first().waitFor();
  await shot(page, 'news-share-list');
});

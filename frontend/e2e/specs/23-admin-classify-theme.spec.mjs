// 系统管理 → 新闻分类 and 新闻主题 (docs/classify-theme.md): both open from the admin sidebar (they
// answered the 404 page before). On 新闻分类 the admin adds a class, drags it onto 科技 to move it
// there (confirmed, then checked through the API), tries to drag a class onto the noise class and
// is refused, and finds the noise class locked (no handle, delete disabled; the API refuses too).
// On 新闻主题 the admin adds a theme with keywords and then a batch where one title exists.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs, pageApi } from '../pages.mjs';
import { ADMIN_PASSWORD, openBrowser, screenshot } from '../support.mjs';

let browser;

/** Screenshot once transitions (menus, dialogs, toasts) have settled. */
async function shot(page, name) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const rowOf = (page, name) => page.locator('tr').filter({ has: page.getByText(name, { exact: true }) }).first();
const flatten = (nodes) => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const classes = async (page) => flatten((await pageApi(page, 'api/NewsClassify/list')).body);

/** Drags a row's handle with the mouse to the middle of another row, in small steps (dnd-kit's pointer sensor). */
async function mouseDrag(page, fromHandle, toRow) {
  const from = await fromHandle.boundingBox();
  const to = await toRow.boundingBox();
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  await page.mouse.move(x + 60, to.y + to.height / 2, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** Opens a 系统管理 screen from the sidebar (expanding the group when it is folded). */
async function openFromMenu(page, title, path) {
  const group = page.getByRole('button', { name: '系统管理', exact: true }).and(page.locator('[aria-expanded]'));
  await group.waitFor();
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL(new RegExp(`/horizon${path}$`));
}

before(async () => {
  browser = await openBrowser();
  await loginAs(browser.page, 'admin', ADMIN_PASSWORD);
});

after(async () => {
  assert.deepEqual(browser?.errors ?? [], [], 'no uncaught errors in the page');
  await browser?.close();
});

test('新闻分类 opens from the menu with the tree, the noise class locked', async () => {
  const { page } = browser;
  await page.getByRole('button').filter({ has: page.getByRole('heading', { name: '系统管理', exact: true }) }).click();
  await page.waitForURL(/\/horizon\/system\//);
  await openFromMenu(page, '新闻分类', '/system/classify');
  await rowOf(page, '人工智能').waitFor();
  assert.equal(await page.getByText('页面不存在').count(), 0);
  const noise = rowOf(page, '噪音');
  await noise.getByText('受保护').waitFor();
  assert.equal(await noise.getByRole('button', { name: /拖动分类/ }).count(), 0, 'the noise class has no drag handle');
  assert.equal(await noise.getByRole('button', { name: /噪音分类.*不能删除/ }).isDisabled(), true, 'its delete is disabled');
  assert.equal(await noise.getByRole('switch').isDisabled(), true, 'its switch is disabled');
  await shot(page, '23-01-classify-tree');
  await noise.getByText('受保护').hover();
  await page.getByRole('tooltip').getByText(/不能删除、停用或移动/).waitFor();
  await shot(page, '23-01b-classify-noise-locked');
  // the server refuses as well
  const noiseId = (await classes(page)).find((c) => c.code === 'A5000').id;
  const refused = await pageApi(page, 'api/NewsClassify', { method: 'DELETE', body: [noiseId] });
  assert.deepEqual([refused.status, refused.body.message], [400, '噪音分类不能删除']);
});

test('新闻分类: add a class, then drag it onto 科技', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('新增分类').waitFor();
  await dialog.getByLabel('分类名称').fill('量子计算');
  await dialog.getByLabel('分类编码').fill('A3099');
  await dialog.getByLabel('排序').fill('5');
  await shot(page, '23-02-classify-add');
  await dialog.getByRole('button', { name: '确认' }).click();
  await page.getByText('新增成功').waitFor();
  const added = rowOf(page, '量子计算');
  await added.waitFor();
  // folded, the source and the target are both on screen
  await page.getByRole('button', { name: '全部折叠' }).click();
  await rowOf(page, '人工智能').waitFor({ state: 'detached' });

  await mouseDrag(page, added.getByRole('button', { name: '拖动分类 量子计算' }), rowOf(page, '科技'));
  const confirm = page.getByRole('dialog').filter({ hasText: '移动分类' });
  await confirm.getByText('确认将“量子计算”移到“科技”下？').waitFor();
  await shot(page, '23-03-classify-move-confirm');
  await confirm.getByRole('button', { name: '确认' }).click();
  await page.getByText('已将“量子计算”移到“科技”下').waitFor();
  await rowOf(page, '人工智能').waitFor(); // the target unfolds to show where the class went
  const all = await classes(page);
  const tech = all.find((c) => c.name === '科技');
  assert.equal(all.find((c) => c.name === '量子计算').pid, tech.id);
  await shot(page, '23-04-classify-moved');
});

test('新闻分类: a drop onto the noise class is refused with a message', async () => {
  const { page } = browser;
  await page.getByText('已将“量子计算”移到“科技”下').waitFor({ state: 'hidden', timeout: 20000 });
  await mouseDrag(page, rowOf(page, '量子计算').getByRole('button', { name: '拖动分类 量子计算' }), rowOf(page, '噪音'));
  await page.getByText('噪音分类下不能有下级分类').waitFor();
  assert.equal(await page.getByRole('dialog').filter({ hasText: '移动分类' }).count(), 0, 'no confirmation for a refused drop');
  await shot(page, '23-05-classify-drop-refused');
  const all = await classes(page);
  assert.equal(all.find((c) => c.name === '量子计算').pid, all.find((c) => c.name === '科技').id, 'nothing moved');
});

test('新闻主题 opens from the menu; add a theme and a batch', async () => {
  const { page } = browser;
  await openFromMenu(page, '新闻主题', '/system/theme');
  await rowOf(page, '能源安全').waitFor();
  await shot(page, '23-06-theme-list');

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('主题名称').fill('北极航道');
  await dialog.getByLabel('关键词').fill('北极\nArctic，北方海航道');
  await shot(page, '23-07-theme-add');
  await dialog.getByRole('button', { name: '确认' }).click();
  await page.getByText('新增成功').waitFor();
  const added = rowOf(page, '北极航道');
  await added.getByText('Arctic', { exact: true }).waitFor();

  await page.getByRole('button', { name: '批量新增' }).click();
  const batch = page.getByRole('dialog');
  await batch.getByLabel('主题').fill('太空竞争：航天，space race\n能源安全');
  await shot(page, '23-08-theme-batch');
  await batch.getByRole('button', { name: '确认' }).click();
  await page.getByText('新增 1 个主题，1 个已存在，已跳过').waitFor();
  await rowOf(page, '太空竞争').waitFor();
  await shot(page, '23-09-theme-added');
  const themes = (await pageApi(page, 'api/newsTheme/findAll')).body;
  assert.deepEqual(themes.find((x) => x.title === '北极航道').keywords, ['北极', 'Arctic', '北方海航道']);
  assert.deepEqual(themes.find((x) => x.title === '太空竞争').keywords, ['航天', 'space race']);
});

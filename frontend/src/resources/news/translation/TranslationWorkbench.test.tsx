import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { broadcastLive } from '../../../providers/socket';
import { createMongoAbility } from '@casl/ability';
import { AppAbilityProvider, type AppAbility, ruleOf } from '../../../providers/ability';
import type { NewsUser } from '../access';
import { newsAbilities } from '../access';
import type { NewsInfo } from '../types';
import type { TranslationState, TranslationVersion } from './api';
import { MT_POLL_MS, TranslationWorkbench } from './TranslationWorkbench';
import { TRANSLATION } from './workflow';

const TRANSLATOR = { id: 7, username: 'translator', dept: { id: 8, name: '编译部', pid: 5 } };
const REVIEWER = { id: 9, username: 'reviewer', dept: { id: 6, name: '国际新闻部', pid: 5 } };
/** Both work in 新闻中心 (5), the parent of their departments. */
const WORK_DEPT = 5;

const INFO = {
  id: 1,
  title: 'Oil prices rise',
  titleCn: '油价上涨',
  content: 'Oil prices rose on Monday.\n\nOPEC met on Tuesday.',
  contentHtml: null,
  contentCn: '周一油价上涨。\n\n欧佩克周二开会。',
  language: 'en',
  country: 'US',
  mtStatus: 'done',
  mtError: null,
} as unknown as NewsInfo;

const untranslated = (): TranslationState => ({
  id: 1,
  deptId: WORK_DEPT,
  transStatus: null,
  isProcessed: null,
  contentTrans: null,
  version: 0,
  editorId: null,
  editorName: null,
  examineId: null,
  examineName: null,
  updateTime: null,
});

interface Reply {
  status: number;
  body: unknown;
}

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

type Handler = (call: Call) => Reply | unknown;

/** `fetch` answering from `handler` (a `{status, body}` reply, or a body for 200). */
function stubApi(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
      calls.push(call);
      const out = handler(call);
      const reply: Reply = out && typeof out === 'object' && 'status' in out && 'body' in out ? (out as Reply) : { status: 200, body: out ?? {} };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const conflict = (message: string, code?: string): Reply => ({ status: 409, body: { status: 409, message, code } });

function newsUser(user: typeof TRANSLATOR, roles: string[]): NewsUser {
  return { userId: user.id, deptId: user.dept.id, username: user.username, roles, abilities: newsAbilities(roles), ready: true };
}

/**
 * The ability the server would send (codes + the translation review rule of
 * backend modules/translation/translation.policy.ts; `allowSelf` = REVIEW_ALLOW_SELF).
 */
function serverAbility(user: typeof TRANSLATOR, roles: string[], allowSelf: boolean): AppAbility {
  const rules: Array<{ action: string; subject: string; conditions?: object; inverted?: boolean }> = roles.map((code) => {
    const [action, subject] = ruleOf(code);
    return { action, subject };
  });
  if (roles.includes('admin')) rules.push({ action: 'manage', subject: 'all' });
  if (roles.includes('news:judge')) rules.push({ action: 'review', subject: TRANSLATION });
  if (!allowSelf) rules.push({ action: 'review', subject: TRANSLATION, conditions: { editorId: user.id }, inverted: true });
  return createMongoAbility(rules) as AppAbility;
}

function renderWorkbench(user: typeof TRANSLATOR, roles: string[], info: NewsInfo = INFO, { reviewEntry = false, allowSelf = false }: { reviewEntry?: boolean; allowSelf?: boolean } = {}) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.id, username: user.username, user }),
    getPermissions: async () => roles,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AdminContext authProvider={authProvider} queryClient={queryClient} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
      <AppAbilityProvider value={serverAbility(user, roles, allowSelf)}>
        <TranslationWorkbench info={info} user={newsUser(user, roles)} reviewEntry={reviewEntry} />
      </AppAbilityProvider>
      <Notification />
    </AdminContext>,
  );
}

/** The TipTap editor behind the manual pane (TipTap keeps it on its DOM node). */
function editorOf() {
  const dom = screen.getByTestId('trans-editor') as HTMLElement & { editor?: import('@tiptap/core').Editor };
  if (!dom.editor) throw new Error('no editor');
  return dom.editor;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

/** Waits for a notice and closes it (Escape), so that the next one shows at once. */
async function toast(text: string) {
  await screen.findByText(text);
  fireEvent.keyDown(document.body, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}
const status = () => screen.getByTestId('trans-status');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TranslationWorkbench', { timeout: 20_000 }, () => {
  it('claims, edits, saves with Ctrl+S and submits for review, all in the work department', async () => {
    let state = untranslated();
    const calls = stubApi(({ method, url, body }) => {
      if (url.includes('api/platform/settings')) return { mt: { engine: 'libre', configured: true } };
      if (method === 'GET' && url.includes('api/news/translationState')) return state;
      if (url.endsWith('api/news/submitTranslate')) {
        const content = body?.content as { status: string; contentTrans?: string };
        if (content.status === 'edit' && content.contentTrans === undefined) {
          state = { ...state, transStatus: 'edit', editorId: 7, editorName: 'translator', version: 1, contentTrans: 'US\n\n周一油价上涨。\n\n欧佩克周二开会。' };
        } else if (content.status === 'edit') {
          state = { ...state, contentTrans: content.contentTrans ?? null };
        } else if (content.status === 'examine') {
          state = { ...state, transStatus: 'examine', isProcessed: 'examine', contentTrans: content.contentTrans ?? null };
        }
        return state;
      }
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:list', 'news:translate']);

    await waitFor(() => expect(status().textContent).toBe('未翻译'));
    expect(calls.find((c) => c.url.includes('translationState'))?.url).toContain(`deptId=${WORK_DEPT}`);
    // not the editor: no save / submit / review; the machine translation is shown first
    expect(screen.queryByTestId('trans-save')).toBeNull();
    expect(screen.queryByTestId('trans-submit')).toBeNull();
    expect(screen.queryByTestId('trans-review')).toBeNull();
    expect(screen.getByText('周一油价上涨。')).toBeTruthy();

    fireEvent.click(screen.getByTestId('trans-claim'));
    await toast('认领成功，可以开始翻译');
    await waitFor(() => expect(status().textContent).toBe('翻译中'));
    expect(writes(calls)[0]).toMatchObject({ url: '/api/news/submitTranslate', body: { id: 1, deptId: WORK_DEPT, content: { status: 'edit' } } });
    // the manual tab opens with the prefilled text, editable
    await waitFor(() => expect(editorOf().getText()).toContain('欧佩克周二开会。'));
    expect(editorOf().isEditable).toBe(true);
    expect(screen.getByTestId('trans-tab-manual').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('v1')).toBeTruthy();

    act(() => {
      editorOf().commands.insertContentAt(editorOf().state.doc.content.size, '<p>译者补充一段。</p>');
    });
    await screen.findByTestId('trans-dirty');

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    await toast('保存成功');
    const save = writes(calls)[1];
    expect(save.body).toMatchObject({ id: 1, deptId: WORK_DEPT, content: { status: 'edit' } });
    expect((save.body?.content as { contentTrans: string }).contentTrans).toMatch(/<p>US<\/p>.*<p>译者补充一段。<\/p>$/);
    await waitFor(() => expect(screen.queryByTestId('trans-dirty')).toBeNull());

    fireEvent.click(screen.getByTestId('trans-submit'));
    const confirm = await screen.findByRole('dialog', { name: '提交审核' });
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    await screen.findByText('提交成功');
    await waitFor(() => expect(status().textContent).toBe('待审核'));
    expect(writes(calls)[2].body).toMatchObject({ content: { status: 'examine', contentTrans: (save.body?.content as { contentTrans: string }).contentTrans } });
    // submitted: read only, and 我要翻译 is offered again (a new version)
    await waitFor(() => expect(editorOf().isEditable).toBe(false));
    expect(screen.queryByTestId('trans-save')).toBeNull();
    expect(screen.getByTestId('trans-claim')).toBeTruthy();
  });

  it('warns before reviewing until the manual translation was viewed, then reviews the shown version', async () => {
    let state: TranslationState = {
      ...untranslated(),
      transStatus: 'examine',
      isProcessed: 'examine',
      contentTrans: '<p>周一油价上涨。</p>',
      version: 1,
      editorId: 7,
      editorName: 'translator',
    };
    const calls = stubApi(({ method, url, body }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('submitTranslate') && (body?.content as { status: string }).status === 'done') {
        state = { ...state, transStatus: 'done', isProcessed: 'done', examineId: 9, examineName: 'reviewer' };
        return state;
      }
      return {};
    });
    renderWorkbench(REVIEWER, ['news:list', 'news:translate', 'news:judge']);

    await waitFor(() => expect(status().textContent).toBe('待审核'));
    fireEvent.click(screen.getByTestId('trans-review'));
    await toast('请点击右侧人工翻译，查看译文后再审核');
    expect(writes(calls)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('trans-tab-manual'));
    await waitFor(() => expect(editorOf().getText()).toContain('周一油价上涨。'));
    expect(editorOf().isEditable).toBe(false);
    fireEvent.click(screen.getByTestId('trans-review'));
    await screen.findByText('审核成功');
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/news/submitTranslate', body: { id: 1, deptId: WORK_DEPT, content: { status: 'done', version: 1 } } }]);
    await waitFor(() => expect(status().textContent).toBe('已审核'));
    expect(screen.getByTestId('trans-review').textContent).toBe('重新审核');
    expect(screen.getByText('reviewer')).toBeTruthy();
  });

  it('does not offer 审核 of one’s own text unless the server allows self-review', async () => {
    const state: TranslationState = { ...untranslated(), transStatus: 'examine', isProcessed: 'examine', contentTrans: '<p>周一油价上涨。</p>', version: 1, editorId: 7, editorName: 'translator' };
    stubApi(({ method, url }) => (method === 'GET' && url.includes('translationState') ? state : {}));
    const own = renderWorkbench(TRANSLATOR, ['news:list', 'news:translate', 'news:judge']);
    await waitFor(() => expect(status().textContent).toBe('待审核'));
    expect(screen.queryByTestId('trans-review')).toBeNull();
    own.unmount();
    renderWorkbench(TRANSLATOR, ['news:list', 'news:translate', 'news:judge'], INFO, { allowSelf: true });
    await waitFor(() => expect(status().textContent).toBe('待审核'));
    expect(screen.getByTestId('trans-review').textContent).toBe('审核');
  });

  it('opened through a row’s 审核: 人工翻译 is shown, the banner carries 审核, which reviews at once', async () => {
    let state: TranslationState = {
      ...untranslated(),
      transStatus: 'examine',
      isProcessed: 'examine',
      contentTrans: '<p>周一油价上涨。</p>',
      version: 2,
      editorId: 7,
      editorName: 'translator',
      titleCn: '油价周一上涨',
    };
    const calls = stubApi(({ method, url, body }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('submitTranslate') && (body?.content as { status: string }).status === 'done') {
        state = { ...state, transStatus: 'done', isProcessed: 'done', examineId: 9, examineName: 'reviewer' };
        return state;
      }
      return {};
    });
    renderWorkbench(REVIEWER, ['news:list', 'news:judge'], INFO, { reviewEntry: true });

    await waitFor(() => expect(status().textContent).toBe('待审核'));
    expect(screen.getByTestId('trans-tab-manual').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(editorOf().getText()).toContain('周一油价上涨。'));
    const banner = screen.getByTestId('trans-review-banner');
    within(banner).getByText('translator 提交的第 2 版译文待审核：请对照左侧原文阅读右侧“人工翻译”，确认无误后点击“审核”。');
    // one 审核 button, in the banner
    expect(screen.getAllByTestId('trans-review')).toHaveLength(1);
    // the department's Chinese title is shown to the reviewer, read only
    within(screen.getByTestId('trans-title-cn-view')).getByText('油价周一上涨');
    expect(screen.queryByTestId('trans-title-cn')).toBeNull();

    fireEvent.click(within(banner).getByTestId('trans-review'));
    await screen.findByText('审核成功');
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/news/submitTranslate', body: { id: 1, deptId: WORK_DEPT, content: { status: 'done', version: 2 } } }]);
    expect(screen.queryByText('请点击右侧人工翻译，查看译文后再审核')).toBeNull();
    await waitFor(() => expect(status().textContent).toBe('已审核'));
    // reviewed: no banner; 重新审核 in the header
    expect(screen.queryByTestId('trans-review-banner')).toBeNull();
    expect(screen.getByTestId('trans-review').textContent).toBe('重新审核');
  });

  it('the Chinese title: prefilled with the machine title, saved and submitted with the text, read only once submitted', async () => {
    let state = untranslated();
    const calls = stubApi(({ method, url, body }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('api/news/submitTranslate')) {
        const content = body?.content as { status: 'edit' | 'examine'; contentTrans?: string; titleCn?: string };
        state = {
          ...state,
          transStatus: content.status,
          editorId: 7,
          editorName: 'translator',
          version: 1,
          contentTrans: content.contentTrans ?? 'US',
          titleCn: content.titleCn === undefined ? (state.titleCn ?? null) : content.titleCn || null,
        };
        return state;
      }
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:list', 'news:translate'], { ...INFO, titleCn: '油价上涨' } as NewsInfo);
    await waitFor(() => expect(status().textContent).toBe('未翻译'));
    // before the claim: read only, the title the list shows
    within(screen.getByTestId('trans-title-cn-view')).getByText('油价上涨');

    fireEvent.click(screen.getByTestId('trans-claim'));
    await toast('认领成功，可以开始翻译');
    const field = (await screen.findByTestId('trans-title-cn')) as HTMLInputElement;
    expect(field.value).toBe('油价上涨');
    expect(field.maxLength).toBe(500);
    screen.getByText('与译文一起保存；留空则显示机器翻译的标题（没有时显示原文标题）');

    // the untouched prefill is not sent (the server keeps what it has)
    fireEvent.click(screen.getByTestId('trans-save'));
    await toast('保存成功');
    expect((writes(calls)[1].body?.content as Record<string, unknown>).titleCn).toBeUndefined();

    fireEvent.change(field, { target: { value: '  周一国际油价上涨  ' } });
    await screen.findByTestId('trans-dirty');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await toast('保存成功');
    expect(writes(calls)[2].body).toMatchObject({ content: { status: 'edit', titleCn: '周一国际油价上涨' } });
    await waitFor(() => expect(screen.queryByTestId('trans-dirty')).toBeNull());
    expect((screen.getByTestId('trans-title-cn') as HTMLInputElement).value).toBe('周一国际油价上涨');

    fireEvent.change(screen.getByTestId('trans-title-cn'), { target: { value: '周一国际油价大涨' } });
    fireEvent.click(screen.getByTestId('trans-submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '提交审核' })).getByRole('button', { name: '确认' }));
    await screen.findByText('提交成功');
    expect(writes(calls)[3].body).toMatchObject({ content: { status: 'examine', titleCn: '周一国际油价大涨' } });
    // submitted: the title is read only, as saved
    await waitFor(() => within(screen.getByTestId('trans-title-cn-view')).getByText('周一国际油价大涨'));
  });

  it('shows the spec’s error when someone else claimed the item first, and who it is', async () => {
    let state = untranslated();
    stubApi(({ method, url }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('submitTranslate')) {
        state = { ...state, transStatus: 'edit', editorId: 9, editorName: '王审校', version: 1, contentTrans: '别人的草稿' };
        return conflict('该新闻已有人正在翻译，请点击查看详情', 'NEWS_TRANSLATION_LOCKED');
      }
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:list', 'news:translate']);
    await waitFor(() => expect(status().textContent).toBe('未翻译'));
    fireEvent.click(screen.getByTestId('trans-claim'));
    await screen.findByText('该新闻已有人正在翻译，请点击查看详情');
    // the state is reloaded: 翻译中 by someone else, nothing to claim
    await waitFor(() => expect(status().textContent).toBe('翻译中'));
    screen.getByText('王审校 正在翻译，暂不能认领');
    expect(screen.queryByTestId('trans-claim')).toBeNull();
    expect(screen.queryByTestId('trans-release')).toBeNull();
  });

  it('shows other server errors with their message', async () => {
    stubApi(({ method, url }) => {
      if (method === 'GET' && url.includes('translationState')) return { ...untranslated(), transStatus: 'edit', editorId: 7, editorName: 'translator', version: 1, contentTrans: '' };
      if (url.endsWith('submitTranslate')) return { status: 400, body: { status: 400, message: '译文内容不能为空' } };
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:translate']);
    fireEvent.click(await screen.findByTestId('trans-save'));
    await screen.findByText('译文内容不能为空');
  });

  it('releases a claim after confirmation, back to untranslated', async () => {
    let state: TranslationState = { ...untranslated(), transStatus: 'edit', editorId: 7, editorName: 'translator', version: 1, contentTrans: '<p>草稿</p>' };
    const calls = stubApi(({ method, url }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('releaseTranslate')) {
        state = untranslated();
        return state;
      }
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:translate']);
    fireEvent.click(await screen.findByTestId('trans-release'));
    const confirm = await screen.findByRole('dialog', { name: '释放翻译' });
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    await screen.findByText('已释放');
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/news/releaseTranslate', body: { id: 1, deptId: WORK_DEPT } }]);
    await waitFor(() => expect(status().textContent).toBe('未翻译'));
    await waitFor(() => expect(editorOf().getText()).toBe(''));
  });

  it('keeps unsaved text when the claim is released elsewhere, and asks before claiming over it', async () => {
    let state: TranslationState = { ...untranslated(), transStatus: 'edit', editorId: 7, editorName: 'translator', version: 1, contentTrans: '<p>草稿</p>' };
    const calls = stubApi(({ method, url }) => {
      if (method === 'GET' && url.includes('translationState')) return state;
      if (url.endsWith('submitTranslate')) {
        state = { ...untranslated(), transStatus: 'edit', editorId: 7, editorName: 'translator', version: 1, contentTrans: 'US' };
        return state;
      }
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:translate']);
    await waitFor(() => expect(editorOf().getText()).toBe('草稿'));
    act(() => {
      editorOf().commands.insertContentAt(editorOf().state.doc.content.size, '<p>没保存的一段</p>');
    });
    await screen.findByTestId('trans-dirty');
    // an administrator released it meanwhile
    state = untranslated();
    act(() => broadcastLive({ msgType: 'INFO', title: '', msg: '', type: 'translation.submitted', newsId: '1' }));
    await waitFor(() => expect(status().textContent).toBe('未翻译'));
    expect(editorOf().getText()).toContain('没保存的一段');
    screen.getByTestId('trans-dirty');

    fireEvent.click(screen.getByTestId('trans-claim'));
    const confirm = await screen.findByRole('dialog', { name: '我要翻译' });
    within(confirm).getByText(/未保存的修改/);
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    await toast('认领成功，可以开始翻译');
    await waitFor(() => expect(editorOf().getText()).toBe('US'));
    expect(screen.queryByTestId('trans-dirty')).toBeNull();
  });

  it('lists the versions and shows a coloured word diff of two of them', async () => {
    const versions: TranslationVersion[] = [
      { version: 2, status: 'done', content: '<p>周一油价大涨。</p>', editorId: 7, editorName: 'translator', examineId: 9, examineName: 'reviewer', examineTime: '2026-11-21 09:00:00', createTime: '2026-11-21 08:30:00' },
      { version: 1, status: 'examine', content: '<p>周一油价上涨。</p>', editorId: 7, editorName: 'translator', examineId: null, examineName: null, examineTime: null, createTime: '2026-11-20 08:30:00' },
    ];
    const calls = stubApi(({ url }) => {
      if (url.includes('translationState')) return { ...untranslated(), transStatus: 'done', version: 2, editorId: 7, editorName: 'translator', examineName: 'reviewer', contentTrans: versions[0].content };
      if (url.includes('translationVersions')) return versions;
      if (url.includes('translationDiff'))
        return {
          from: 1,
          to: 2,
          parts: [
            { op: 'equal', text: '周一油价' },
            { op: 'delete', text: '上涨' },
            { op: 'insert', text: '大涨' },
            { op: 'equal', text: '。' },
          ],
          inserted: 2,
          deleted: 2,
        };
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:translate']);
    fireEvent.click(await screen.findByTestId('trans-history'));
    const dialog = await screen.findByRole('dialog', { name: '版本历史' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(3);
    within(rows[1]).getByText('v2');
    within(rows[1]).getByText('已审核');
    within(rows[1]).getByText('2026-11-21 08:30');
    within(rows[1]).getByText('reviewer');
    within(rows[2]).getByText('待审核');

    // defaults: the two newest versions
    expect((within(dialog).getByLabelText('原版本') as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByLabelText('新版本') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(within(dialog).getByRole('button', { name: '对比' }));
    const diff = await within(dialog).findByTestId('trans-diff');
    expect(diff.querySelector('[data-op="delete"]')?.textContent).toBe('上涨');
    expect(diff.querySelector('[data-op="insert"]')?.textContent).toBe('大涨');
    within(diff).getByText('新增 2 字');
    within(diff).getByText('删除 2 字');
    expect(calls.find((c) => c.url.includes('translationDiff'))?.url).toMatch(/id=1&deptId=5&from=1&to=2$/);

    // a version's own text
    fireEvent.click(within(rows[2]).getByRole('button', { name: '查看' }));
    const text = await within(dialog).findByTestId('trans-version-text');
    within(text).getByText('周一油价上涨。');
  });

  it('compares a version with the current draft while translating', async () => {
    const calls = stubApi(({ url }) => {
      if (url.includes('translationState')) return { ...untranslated(), transStatus: 'edit', version: 2, editorId: 7, editorName: 'translator', contentTrans: '<p>草稿</p>' };
      if (url.includes('translationVersions'))
        return [{ version: 1, status: 'done', content: '<p>定稿</p>', editorId: 7, editorName: 'translator', examineId: 9, examineName: 'reviewer', examineTime: null, createTime: '2026-11-20 08:30:00' }];
      if (url.includes('translationDiff')) return { from: 1, to: null, parts: [{ op: 'delete', text: '定稿' }, { op: 'insert', text: '草稿' }], inserted: 2, deleted: 2 };
      return {};
    });
    renderWorkbench(TRANSLATOR, ['news:translate']);
    fireEvent.click(await screen.findByTestId('trans-history'));
    const dialog = await screen.findByRole('dialog', { name: '版本历史' });
    await within(dialog).findAllByText('v1');
    expect((within(dialog).getByLabelText('新版本') as HTMLSelectElement).value).toBe('draft');
    fireEvent.click(within(dialog).getByRole('button', { name: '对比' }));
    await within(dialog).findByTestId('trans-diff');
    within(dialog).getByText('v1 → 当前草稿');
    expect(calls.find((c) => c.url.includes('translationDiff'))?.url).toMatch(/from=1$/);
  });

  it('reloads the state when the live channel reports a review of this item', async () => {
    let state: TranslationState = { ...untranslated(), transStatus: 'examine', version: 1, editorId: 7, editorName: 'translator', contentTrans: '<p>译文</p>' };
    stubApi(({ url }) => (url.includes('translationState') ? state : {}));
    renderWorkbench(TRANSLATOR, ['news:translate']);
    await waitFor(() => expect(status().textContent).toBe('待审核'));
    state = { ...state, transStatus: 'done', examineName: 'reviewer' };
    act(() => broadcastLive({ msgType: 'INFO', title: '审核', msg: '已审核', type: 'translation.reviewed', newsId: '2', deptId: WORK_DEPT }));
    act(() => broadcastLive({ msgType: 'INFO', title: '审核', msg: '已审核', type: 'translation.reviewed', newsId: '1', deptId: WORK_DEPT }));
    await waitFor(() => expect(status().textContent).toBe('已审核'));
  });

  describe('machine translation', () => {
    it('polls info every 5 s while it runs, and stops on unmount', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let polls = 0;
      stubApi(({ url }) => {
        if (url.includes('translationState')) return untranslated();
        if (url.includes('api/news/info')) {
          polls += 1;
          return polls < 2 ? { ...INFO, contentCn: null, mtStatus: 'running' } : { ...INFO, contentCn: '机器译文到了。', mtStatus: 'done' };
        }
        return {};
      });
      const view = renderWorkbench(TRANSLATOR, ['news:translate'], { ...INFO, contentCn: null, mtStatus: 'pending' } as unknown as NewsInfo);
      await screen.findByText('机器翻译进行中…');
      await act(async () => {
        vi.advanceTimersByTime(MT_POLL_MS);
      });
      await waitFor(() => expect(polls).toBe(1));
      expect(screen.getByText('机器翻译进行中…')).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(MT_POLL_MS);
      });
      await screen.findByText('机器译文到了。');
      expect(polls).toBe(2);
      // done: no more polling
      await act(async () => {
        vi.advanceTimersByTime(MT_POLL_MS * 3);
      });
      expect(polls).toBe(2);
      view.unmount();
    });

    it('stops polling when the page is left', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let polls = 0;
      stubApi(({ url }) => {
        if (url.includes('translationState')) return untranslated();
        if (url.includes('api/news/info')) polls += 1;
        return url.includes('api/news/info') ? { ...INFO, contentCn: null, mtStatus: 'running' } : {};
      });
      const view = renderWorkbench(TRANSLATOR, ['news:translate'], { ...INFO, contentCn: null, mtStatus: 'running' } as unknown as NewsInfo);
      await screen.findByText('机器翻译进行中…');
      view.unmount();
      await act(async () => {
        vi.advanceTimersByTime(MT_POLL_MS * 3);
      });
      expect(polls).toBe(0);
    });

    it('shows a failure with 重新机翻, which calls doTranslate', async () => {
      const calls = stubApi(({ url }) => {
        if (url.includes('translationState')) return untranslated();
        if (url.endsWith('api/news/doTranslate')) return { id: 1, titleCn: '油价上涨', contentCn: '新的机器译文。', language: 'en', mtStatus: 'done', mtError: null };
        return {};
      });
      renderWorkbench(TRANSLATOR, ['news:translate'], { ...INFO, contentCn: null, mtStatus: 'failed', mtError: '引擎超时' } as unknown as NewsInfo);
      await screen.findByText(/机器翻译失败：引擎超时/);
      fireEvent.click(screen.getByRole('button', { name: '重新机翻' }));
      await screen.findByText('新的机器译文。');
      expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/news/doTranslate', body: { id: 1 } }]);
    });

    it('says so once, calmly, in the 机器翻译 tab when no engine is configured: how an administrator enables it, no button', async () => {
      stubApi(({ url }) => {
        if (url.includes('api/platform/settings')) return { mt: { engine: 'none', configured: false } };
        if (url.includes('translationState')) return untranslated();
        return {};
      });
      renderWorkbench(TRANSLATOR, ['news:translate'], { ...INFO, contentCn: null, mtStatus: null } as unknown as NewsInfo);
      const notice = await screen.findByTestId('trans-mt-not-configured');
      // an information, not an error
      expect(notice.className).toMatch(/MuiAlert-outlinedInfo/);
      within(notice).getByText('机器翻译未配置');
      within(notice).getByText(/人工翻译、保存、提交和审核不受影响/);
      within(notice).getByText(/MT_ENGINE/);
      within(notice).getByText(/系统管理 → 机器翻译/);
      expect(screen.queryByTestId('trans-mt-run')).toBeNull();
    });

    it('never toasts 机器翻译未配置 on claim, save or submit without an engine', async () => {
      let state = untranslated();
      const calls = stubApi(({ method, url, body }) => {
        if (url.includes('api/platform/settings')) return { mt: { engine: 'none', configured: false } };
        if (method === 'GET' && url.includes('translationState')) return state;
        if (url.endsWith('submitTranslate')) {
          const content = body?.content as { status: 'edit' | 'examine'; contentTrans?: string };
          state = { ...state, transStatus: content.status, editorId: 7, editorName: 'translator', version: 1, contentTrans: content.contentTrans ?? 'US' };
          return state;
        }
        return {};
      });
      renderWorkbench(TRANSLATOR, ['news:list', 'news:translate'], { ...INFO, contentCn: null, mtStatus: null } as unknown as NewsInfo);
      await screen.findByTestId('trans-mt-not-configured');
      fireEvent.click(await screen.findByTestId('trans-claim'));
      await toast('认领成功，可以开始翻译');
      fireEvent.click(await screen.findByTestId('trans-save'));
      await toast('保存成功');
      fireEvent.click(screen.getByTestId('trans-submit'));
      fireEvent.click(within(await screen.findByRole('dialog', { name: '提交审核' })).getByRole('button', { name: '确认' }));
      await screen.findByText('提交成功');
      expect(calls.some((c) => c.url.endsWith('doTranslate'))).toBe(false);
      // the notice in the (hidden) 机器翻译 tab is the only place that says it
      expect(screen.queryAllByText(/机器翻译未配置/)).toHaveLength(1);
    });

    it('learns it from a 503 of doTranslate when the settings do not say, and shows the notice instead of an error toast', async () => {
      stubApi(({ url }) => {
        if (url.includes('api/platform/settings')) return { title: null };
        if (url.includes('translationState')) return untranslated();
        if (url.endsWith('doTranslate')) return { status: 503, body: { status: 503, message: '机器翻译未配置，请联系管理员配置翻译引擎', code: 'MT_NOT_CONFIGURED' } };
        return {};
      });
      renderWorkbench(TRANSLATOR, ['news:translate'], { ...INFO, contentCn: null, mtStatus: null } as unknown as NewsInfo);
      fireEvent.click(await screen.findByTestId('trans-mt-run'));
      await screen.findByTestId('trans-mt-not-configured');
      expect(screen.queryByTestId('trans-mt-run')).toBeNull();
      // the server's message is not toasted on top of the notice
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('机器翻译未配置，请联系管理员配置翻译引擎')).toBeNull();
      expect(screen.queryAllByText(/机器翻译未配置/)).toHaveLength(1);
    });
  });
});

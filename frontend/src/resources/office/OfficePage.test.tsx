// The editor page's states with a mocked built-in editor and a stubbed API (docs/office-design.md §5
// "vitest"): open failures, read-only with the lock holder, the dirty prompt and save flow, a lost
// lock (save and heartbeat), closing → DELETE + broadcast + window.close.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { type Answerer, stubApi } from '../journal-workbench/testSupport';
import type { BuiltinEditorProps } from './BuiltinEditor';
import type { OnlyofficeEditorProps } from './OnlyofficeEditor';
import { HEARTBEAT_MS } from './logic';
import { OfficePage } from './OfficePage';
import type { OfficeSession } from './types';

const editor = vi.hoisted(() => ({ props: null as BuiltinEditorProps | null, save: vi.fn(async () => new ArrayBuffer(8) as ArrayBuffer | null) }));

vi.mock('./BuiltinEditor', async () => {
  const { useEffect } = await import('react');
  function MockEditor(props: BuiltinEditorProps) {
    editor.props = props;
    const { onHandle, onStatus } = props;
    useEffect(() => {
      onHandle({ save: editor.save });
      onStatus({ ready: true, failure: null });
    }, [onHandle, onStatus]);
    return <div data-testid="mock-editor" data-mode={props.mode} data-bytes={props.bytes.length} />;
  }
  return { default: MockEditor };
});

const onlyoffice = vi.hoisted(() => ({ mounted: 0, destroy: vi.fn() }));

vi.mock('./OnlyofficeEditor', async () => {
  const { useEffect } = await import('react');
  function MockOnlyoffice({ onHandle, onReady, config }: OnlyofficeEditorProps) {
    useEffect(() => {
      onlyoffice.mounted += 1;
      onHandle({ destroy: onlyoffice.destroy });
      onReady();
      return () => {
        onlyoffice.mounted -= 1;
        onHandle(null);
      };
    }, [onHandle, onReady]);
    return <div data-testid="mock-onlyoffice" data-key={String((config.document as { key: string }).key)} />;
  }
  return { default: MockOnlyoffice };
});

const SESSION_ID = '6f1c0a52-8f5e-4c1b-9d6a-3b1f2a4c5d6e';

function session(over: Partial<OfficeSession> = {}): OfficeSession {
  return {
    id: SESSION_ID,
    editor: 'builtin',
    mode: 'edit',
    reason: null,
    target: { kind: 'journal', id: 12, journalId: 12, version: 3, latest: 3, title: '日报2026第12期', fileName: '日报2026第12期.docx' },
    lock: { holder: { id: 3, username: 'editor', nickName: '张编辑' }, since: '2026-11-27 10:32:00', editor: 'builtin' },
    expiresAt: '2026-11-27 11:02:00',
    builtin: { fileUrl: '/files/cap/日报2026第12期.docx' },
    ...over,
  };
}

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 3, fullName: '张编辑' }),
  getPermissions: async () => [],
};

function renderPage(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={auth} queryClient={queryClient} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <Routes>
          <Route path="/office/:kind/:id" element={<OfficePage />} />
          <Route path="*" element={<div data-testid="start-page" />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** The open call answered with `opened`, the file with a few bytes, then `extra`. */
function stubOffice(opened: OfficeSession | { status: number; body: unknown }, extra: Answerer = () => undefined) {
  return stubApi((method, path, url, body) => {
    const own = extra(method, path, url, body);
    if (own) return own;
    if (path === 'api/productJournal/downloadWebOfficeJournal' || path === 'api/productManuscript/openWebOffice') return 'status' in opened ? opened : { body: opened };
    if (path.startsWith('files/')) return { body: 'PK-bytes' };
    return undefined;
  });
}

const posted: unknown[] = [];
class FakeChannel {
  constructor(readonly name: string) {}
  postMessage(message: unknown) {
    posted.push({ channel: this.name, message });
  }
  close() {}
}

beforeEach(() => {
  posted.length = 0;
  editor.props = null;
  editor.save.mockClear();
  onlyoffice.mounted = 0;
  onlyoffice.destroy.mockClear();
  vi.stubGlobal('BroadcastChannel', FakeChannel);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OfficePage', () => {
  it('opens a journal version: the open call with journalId and version, the bytes into the editor', async () => {
    const calls = stubOffice(session());
    renderPage('/office/journal/12?version=3');
    await screen.findByTestId('mock-editor');
    const open = calls.find((c) => c.path === 'api/productJournal/downloadWebOfficeJournal');
    expect(open?.method).toBe('POST');
    expect(open?.body).toEqual({ journalId: 12, version: 3 });
    expect(screen.getByRole('heading', { name: '日报2026第12期' })).toBeTruthy();
    expect(screen.getByText('第 3 版')).toBeTruthy();
    expect(screen.getByTestId('mock-editor').dataset.mode).toBe('edit');
    expect(screen.getByTestId('mock-editor').dataset.bytes).toBe('8');
    expect(screen.queryByTestId('office-read-only')).toBeNull();
  });

  it('shows 期刊打开失败 / 稿件打开失败 / 打开失败 with the server’s message', async () => {
    stubOffice({ status: 404, body: { status: 404, message: '期刊不存在' } });
    const first = renderPage('/office/journal/99');
    expect(await screen.findByText('期刊打开失败')).toBeTruthy();
    expect(screen.getByText('期刊不存在')).toBeTruthy();
    first.unmount();

    const calls = stubOffice({ status: 400, body: { status: 400, message: '该稿件没有文件' } });
    const second = renderPage('/office/copy/45?version=2');
    expect(await screen.findByText('稿件打开失败')).toBeTruthy();
    expect(screen.getByText('该稿件没有文件')).toBeTruthy();
    expect(calls.find((c) => c.path === 'api/productManuscript/openWebOffice')?.url.search).toBe('?id=45&version=2');
    second.unmount();

    renderPage('/office/news/1');
    expect(await screen.findByText('打开失败')).toBeTruthy();
  });

  it('read-only: the 只读 badge with the lock holder, no 保存, the editor in view mode', async () => {
    stubOffice(session({ mode: 'view', reason: 'locked', lock: { holder: { id: 7, username: 'zhang', nickName: '张三' }, since: '2026-11-27 10:32:00', editor: 'builtin' }, expiresAt: null }));
    renderPage('/office/journal/12');
    await screen.findByTestId('mock-editor');
    expect(screen.getByTestId('office-read-only').textContent).toBe('只读');
    expect(screen.getByTestId('office-read-only-reason').textContent).toBe('张三 正在编辑（自 10:32 起），以只读方式打开');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByTestId('mock-editor').dataset.mode).toBe('view');
  });

  it('关闭 with unsaved changes asks; 保存 stores a version, then the session ends, the workbench hears it, the window closes', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const calls = stubOffice(session(), (method, path) => {
      if (method === 'POST' && path === 'api/office/builtin/save') return { status: 201, body: { id: 40, version: 4, title: null, createTime: '2026-11-27 10:40:00', created: true, editor: 'builtin', stale: false, baseVersion: 3, latestBefore: null } };
      if (method === 'DELETE') return { status: 204 };
      return undefined;
    });
    renderPage('/office/journal/12?version=3');
    await screen.findByTestId('mock-editor');
    act(() => {
      editor.props?.onChange({ source: 'load', revision: 1 });
      editor.props?.onChange({ revision: 2 });
    });

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    const dialog = await screen.findByRole('dialog', { name: '文档尚未保存' });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '文档尚未保存' })).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(editor.save).toHaveBeenCalledOnce();
    const save = calls.find((c) => c.path === 'api/office/builtin/save');
    expect(save?.method).toBe('POST');
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`api/office/sessions/${SESSION_ID}`);
    expect(calls.findIndex((c) => c.method === 'DELETE')).toBeGreaterThan(calls.indexOf(save!));
    expect(posted).toEqual([{ channel: 'horizon-office', message: { type: 'office-closed', kind: 'journal', id: 12, journalId: 12, savedVersion: 4, editor: 'builtin' } }]);
  });

  it('不保存 closes without saving; a window that cannot close goes to the start page', async () => {
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const calls = stubOffice(session(), (method) => (method === 'DELETE' ? { status: 204 } : undefined));
    renderPage('/office/journal/12');
    await screen.findByTestId('mock-editor');
    act(() => editor.props?.onChange({ revision: 5 }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '不保存' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(editor.save).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === 'api/office/builtin/save')).toBe(false);
    expect(posted[0]).toEqual({ channel: 'horizon-office', message: expect.objectContaining({ savedVersion: null }) });
    expect(await screen.findByTestId('start-page')).toBeTruthy();
  });

  it('保存 without an edit stores nothing (a save re-serialises the file); 保存 after one does', async () => {
    const calls = stubOffice(session(), (method, path) =>
      method === 'POST' && path === 'api/office/builtin/save'
        ? { status: 201, body: { id: 41, version: 5, title: null, createTime: '2026-11-27 10:41:00', created: true, editor: 'builtin', stale: true, baseVersion: 3, latestBefore: 4 } }
        : undefined,
    );
    renderPage('/office/journal/12');
    await screen.findByTestId('mock-editor');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('文档没有变化，未生成新版本')).toBeTruthy();
    expect(calls.some((c) => c.path === 'api/office/builtin/save')).toBe(false);

    act(() => editor.props?.onChange({ revision: 2 }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存为新版本，但期间已有他人上传的第 4 版')).toBeTruthy();
  });

  it('a save refused with OFFICE_LOCK_LOST shows 编辑锁已失效 and turns the editor read-only', async () => {
    stubOffice(session(), (method, path) =>
      method === 'POST' && path === 'api/office/builtin/save' ? { status: 409, body: { status: 409, code: 'OFFICE_LOCK_LOST', message: '编辑锁已失效，请重新打开' } } : undefined,
    );
    renderPage('/office/journal/12');
    await screen.findByTestId('mock-editor');
    act(() => editor.props?.onChange({ revision: 2 }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('office-lock-lost')).textContent).toBe('编辑锁已失效，请重新打开');
    expect(screen.getByTestId('mock-editor').dataset.mode).toBe('view');
    expect(screen.getByTestId('office-read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重新打开' })).toBeNull();
  });

  it('beats every 5 minutes; a 409 from the heartbeat is a lost lock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let beats = 0;
    stubOffice(session(), (method, path) => {
      if (method === 'POST' && path.endsWith('/heartbeat')) {
        beats += 1;
        return beats === 1 ? { status: 204 } : { status: 409, body: { status: 409, code: 'OFFICE_LOCK_LOST', message: '编辑锁已失效，请重新打开' } };
      }
      return undefined;
    });
    renderPage('/office/journal/12');
    await screen.findByTestId('mock-editor');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    });
    expect(beats).toBe(1);
    expect(screen.queryByTestId('office-lock-lost')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    });
    expect(beats).toBe(2);
    expect(await screen.findByTestId('office-lock-lost')).toBeTruthy();
  });

  it('关闭 of a Collabora (WOPI) session unloads its frame before waiting for the save, then announces it', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const frameAtPoll: Array<string | null> = [];
    const wopi = { actionUrl: 'https://office.example.org/browser/abc/cool.html?WOPISrc=x', accessToken: 'tok', accessTokenTtl: 1795700000000 };
    const calls = stubOffice(session({ editor: 'wopi', builtin: undefined, wopi }), (method, path) => {
      if (method === 'DELETE') return { status: 204 };
      if (method === 'GET' && path === `api/office/sessions/${SESSION_ID}`) {
        frameAtPoll.push(screen.queryByTitle('在线编辑器')?.getAttribute('src') ?? null);
        return { body: { id: SESSION_ID, state: 'saved', mode: 'edit', lock: null, savedVersion: 5, error: null } };
      }
      return undefined;
    });
    renderPage('/office/journal/12');
    const frame = await screen.findByTitle('在线编辑器', {}, { timeout: 5_000 });
    expect(frame.getAttribute('src')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 5_000 });
    expect(frameAtPoll[0]).toBe('about:blank');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(posted[0]).toEqual({ channel: 'horizon-office', message: expect.objectContaining({ savedVersion: 5, editor: 'wopi' }) });
  });

  /** Opens `first`, then answers the second heartbeat with 409 `code`; later opens get `again`. */
  async function loseLock(first: OfficeSession, code: string, again: OfficeSession = first) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let opens = 0;
    const calls = stubOffice(first, (method, path) => {
      if (path === 'api/productJournal/downloadWebOfficeJournal') {
        opens += 1;
        return { body: opens === 1 ? first : again };
      }
      if (method === 'POST' && path.endsWith('/heartbeat')) return { status: 409, body: { status: 409, code, message: '编辑锁已失效，请重新打开' } };
      if (method === 'DELETE') return { status: 204 };
      return undefined;
    });
    renderPage('/office/journal/12');
    await screen.findByTestId('office-page');
    await waitFor(() => expect(screen.getByTestId('office-page').dataset.state).toBe('open'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    });
    return { calls, opens: () => opens };
  }

  it('a lost lock with ONLYOFFICE leaves its editor (no more silent edits) and offers 重新打开, which opens a new session', async () => {
    const config = (key: string) => ({ apiJs: 'https://office.example.org/api.js', config: { document: { key } } });
    const second = session({ id: 'second-session', editor: 'onlyoffice', builtin: undefined, onlyoffice: config('k-2') });
    const first = session({ editor: 'onlyoffice', builtin: undefined, onlyoffice: config('k-1') });
    const { calls, opens } = await loseLock(first, 'OFFICE_LOCK_LOST', second);
    const banner = await screen.findByTestId('office-lock-lost');
    expect(banner.textContent).toContain('编辑锁已失效，请重新打开');
    expect(screen.queryByTestId('mock-onlyoffice')).toBeNull();
    expect(onlyoffice.mounted).toBe(0);
    expect(screen.getByTestId('office-page').dataset.mode).toBe('view');

    fireEvent.click(within(banner).getByRole('button', { name: '重新打开' }));
    expect((await screen.findByTestId('mock-onlyoffice')).dataset.key).toBe('k-2');
    expect(opens()).toBe(2);
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`api/office/sessions/${SESSION_ID}`);
    expect(screen.queryByTestId('office-lock-lost')).toBeNull();
    expect(screen.getByTestId('office-page').dataset.mode).toBe('edit');
  });

  it('a lost lock with Collabora (session ended) removes the WOPI frame and offers 重新打开', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const wopi = { actionUrl: 'https://office.example.org/browser/abc/cool.html?WOPISrc=x', accessToken: 'tok', accessTokenTtl: 1795700000000 };
    await loseLock(session({ editor: 'wopi', builtin: undefined, wopi }), 'OFFICE_SESSION_ENDED');
    const banner = await screen.findByTestId('office-lock-lost');
    expect(screen.queryByTitle('在线编辑器')).toBeNull();
    expect(within(banner).getByRole('button', { name: '重新打开' })).toBeTruthy();
  });
});

// The document-server adapters of the editor page (docs/office-design.md §4.8): ONLYOFFICE through a
// stub DocsAPI, the WOPI form POST and the origin-checked PostMessage protocol.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeApi } from './api';
import OnlyofficeEditor from './OnlyofficeEditor';
import WopiEditor from './WopiEditor';

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { DocsAPI?: unknown }).DocsAPI;
});

describe('OnlyofficeEditor', () => {
  it('loads api.js once, opens DocsAPI.DocEditor with the signed config and our events, destroys it on unmount', async () => {
    const destroyEditor = vi.fn();
    const DocEditor = vi.fn(function DocEditor() {
      return { destroyEditor };
    });
    const onDirty = vi.fn();
    const onHandle = vi.fn();
    const config = { document: { key: 'k1', url: 'http://nginx/files/x' }, token: 'signed.jwt' };
    const view = render(<OnlyofficeEditor apiJs="https://office.example.org/web-apps/apps/api/documents/api.js" sessionId="s-1" config={config} onHandle={onHandle} onDirty={onDirty} onReady={vi.fn()} onError={vi.fn()} />);
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://office.example.org/web-apps/apps/api/documents/api.js"]');
    expect(script).toBeTruthy();
    (window as { DocsAPI?: unknown }).DocsAPI = { DocEditor };
    await act(async () => {
      script?.dispatchEvent(new Event('load'));
    });
    expect(DocEditor).toHaveBeenCalledOnce();
    const [placeholder, given] = DocEditor.mock.calls[0] as unknown as [string, Record<string, unknown> & { events: Record<string, (e: unknown) => void> }];
    expect(document.getElementById(placeholder)).toBeTruthy();
    expect(given).toMatchObject(config);
    given.events.onDocumentStateChange({ data: true });
    expect(onDirty).toHaveBeenCalledWith(true);
    expect(onHandle).toHaveBeenLastCalledWith({ destroy: expect.any(Function) });
    view.unmount();
    expect(destroyEditor).toHaveBeenCalled();
  });

  it('feeds the history view: onRequestHistory → refreshHistory, onRequestHistoryData → setHistoryData, errors shown in the editor', async () => {
    const editor = { destroyEditor: vi.fn(), refreshHistory: vi.fn(), setHistoryData: vi.fn() };
    const DocEditor = vi.fn(function DocEditor() {
      return editor;
    });
    const history = { currentVersion: 2, history: [{ version: 1, key: 'k-1' }, { version: 2, key: 'k-2' }] };
    const historyCall = vi.spyOn(officeApi, 'onlyofficeHistory').mockResolvedValue(history);
    const dataCall = vi.spyOn(officeApi, 'onlyofficeHistoryData').mockRejectedValue(new Error('版本不存在'));
    const apiJs = 'https://office.example.org/history/api.js';
    render(<OnlyofficeEditor apiJs={apiJs} sessionId="s-9" config={{ document: { key: 'k-2' } }} onHandle={vi.fn()} onDirty={vi.fn()} onReady={vi.fn()} onError={vi.fn()} />);
    (window as { DocsAPI?: unknown }).DocsAPI = { DocEditor };
    await act(async () => {
      document.head.querySelector<HTMLScriptElement>(`script[src="${apiJs}"]`)?.dispatchEvent(new Event('load'));
    });
    const events = (DocEditor.mock.calls[0] as unknown as [string, { events: Record<string, (e?: unknown) => void> }])[1].events;
    await act(async () => {
      events.onRequestHistory();
      events.onRequestHistoryData({ data: 1 });
    });
    expect(historyCall).toHaveBeenCalledWith('s-9');
    expect(editor.refreshHistory).toHaveBeenCalledWith(history);
    expect(dataCall).toHaveBeenCalledWith('s-9', 1);
    expect(editor.setHistoryData).toHaveBeenCalledWith({ version: 1, error: '版本不存在' });
  });
});

describe('WopiEditor', () => {
  const actionUrl = 'https://office.example.org/browser/abc/cool.html?WOPISrc=http%3A%2F%2Fnginx%2Fapi%2Fwopi%2Ffiles%2F9';

  function renderWopi() {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const props = { onHandle: vi.fn(), onDirty: vi.fn(), onReady: vi.fn(), onCloseRequest: vi.fn() };
    const view = render(<WopiEditor actionUrl={actionUrl} accessToken="tok-123" accessTokenTtl={1795700000000} title="在线编辑器" {...props} />);
    const frame = screen.getByTitle('在线编辑器') as HTMLIFrameElement;
    return { submit, frame, view, ...props };
  }

  it('posts the access token into the frame with a hidden form, never in the URL', () => {
    const { submit, frame } = renderWopi();
    const form = screen.getByTestId('wopi-form') as HTMLFormElement;
    expect(submit).toHaveBeenCalledOnce();
    expect(form.getAttribute('action')).toBe(actionUrl);
    expect(form.method).toBe('post');
    expect(form.target).toBe(frame.name);
    expect(Object.fromEntries(new FormData(form))).toEqual({ access_token: 'tok-123', access_token_ttl: '1795700000000' });
    expect(frame.src).toBe('');
  });

  it('answers the client only on its origin: Host_PostmessageReady, Doc_ModifiedStatus, UI_Close', () => {
    const { frame, onDirty, onReady, onCloseRequest } = renderWopi();
    const target = frame.contentWindow as Window;
    const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    const send = (origin: string, data: unknown) => act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin, data, source: target }));
    });

    send('https://evil.example.org', JSON.stringify({ MessageId: 'UI_Close' }));
    expect(onCloseRequest).not.toHaveBeenCalled();

    send('https://office.example.org', JSON.stringify({ MessageId: 'App_LoadingStatus', Values: { Status: 'Document_Loaded' } }));
    expect(postMessage).toHaveBeenCalledWith(expect.stringContaining('"MessageId":"Host_PostmessageReady"'), 'https://office.example.org');
    expect(onReady).toHaveBeenCalled();

    send('https://office.example.org', { MessageId: 'Doc_ModifiedStatus', Values: { Modified: true } });
    expect(onDirty).toHaveBeenCalledWith(true);

    send('https://office.example.org', JSON.stringify({ MessageId: 'UI_Close', Values: {} }));
    expect(onCloseRequest).toHaveBeenCalledOnce();
  });

  it('hands the page a destroy that unloads the client (Collabora saves and unlocks only then)', () => {
    const { frame, view, onHandle } = renderWopi();
    expect(onHandle).toHaveBeenLastCalledWith({ destroy: expect.any(Function) });
    const [{ destroy }] = onHandle.mock.lastCall as [{ destroy: () => void }];
    expect(frame.getAttribute('src')).toBeNull();
    destroy();
    expect(frame.getAttribute('src')).toBe('about:blank');
    view.unmount();
    expect(onHandle).toHaveBeenLastCalledWith(null);
  });
});

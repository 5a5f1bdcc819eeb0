// Online editing in the workbench (issue 15 piece 6; docs/office-design.md §4.9): 在线编辑 (row,
// generated dialog, versions dialog) only when an editor is configured, the reload when an editor
// window closes, 编辑方式, and 对比 of two .docx versions.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answerer, COLUMNS, copy, infoCalls, journalInfo, journalVersion, renderWorkbench, stubWorkbench } from './testSupport';
import type { OfficeDiff } from './types';

const BUILTIN = { editor: 'builtin', enabled: true };
const file = (id: number, realName: string, suffix = 'docx') => ({ id, realName, name: realName, suffix, type: 'word', size: 1, handlerName: null, handlerDate: '', createTime: '' });

/** Answers `api/office/config` with `config`, then `extra`. */
const withOffice = (config: unknown, extra: Answerer = () => undefined): Answerer => (method, path, url, body) => (path === 'api/office/config' ? { body: config } : extra(method, path, url, body));

/** A BroadcastChannel stand-in: `post(data)` delivers to every open channel of the name. */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  close() {
    FakeChannel.open = FakeChannel.open.filter((c) => c !== this);
  }
  static post(name: string, data: unknown) {
    for (const c of FakeChannel.open.filter((x) => x.name === name)) c.onmessage?.({ data } as MessageEvent);
  }
}

/** The editor page's address under the app's base path (`/horizon/` in the build). */
const editorPage = (path: string) => `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}${path}`;

let opened: Array<[string, string | undefined]>;
beforeEach(() => {
  opened = [];
  vi.stubGlobal('open', (url: string, target?: string) => {
    opened.push([url, target]);
    return null;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeChannel.open = [];
});

const withFiles = () => journalInfo({ columns: [{ ...COLUMNS[0], manuList: [copy(1), copy(2, { type: 'upload', version: 3, file: file(72, '上传稿.docx') })] }] });

describe('在线编辑', { timeout: 30_000 }, () => {
  it('row action on a copy with a file opens the editor page for its version in a new window', async () => {
    stubWorkbench(withFiles(), withOffice(BUILTIN));
    renderWorkbench();
    const withFile = (await screen.findByText('稿件 2')).closest('tr') as HTMLElement;
    const button = await within(withFile).findByRole('button', { name: '在线编辑' });
    // a dynamic copy (no file) has no 在线编辑
    expect(within(screen.getByText('稿件 1').closest('tr') as HTMLElement).queryByRole('button', { name: '在线编辑' })).toBeNull();
    fireEvent.click(button);
    expect(opened).toEqual([[editorPage('office/copy/2?version=3'), '_blank']]);
  });

  it('is hidden when the configured editor is none (or not connected)', async () => {
    const calls = stubWorkbench(withFiles(), withOffice({ editor: 'none', enabled: false }));
    renderWorkbench();
    await waitFor(() => expect(calls.some((c) => c.path === 'api/office/config')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const row = (await screen.findByText('稿件 2')).closest('tr') as HTMLElement;
    await within(row).findByRole('button', { name: '版本' });
    expect(within(row).queryByRole('button', { name: '在线编辑' })).toBeNull();
  });

  it('the generated dialog opens the new journal version in the editor', async () => {
    stubWorkbench(journalInfo(), withOffice(BUILTIN, (method, path) => {
      if (path === 'api/productJournal/generateJournal') return { body: journalVersion(3) };
      if (path === 'api/localStorage/downloadToken/53') return { status: 201, body: { token: 't', url: '/api/localStorage/downloadFile/53?access_token=t', expiresIn: 600 } };
      return undefined;
    }));
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '生成期刊' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认' }));
    const dialog = await screen.findByTestId('generated-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: '在线编辑' }));
    expect(opened).toEqual([[editorPage('office/journal/9?version=3'), '_blank']]);
  });

  it('an editor window of this journal closing reloads the journal; another journal’s does not', async () => {
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    const calls = stubWorkbench(journalInfo(), withOffice(BUILTIN));
    renderWorkbench();
    await screen.findByRole('button', { name: '生成期刊' });
    await waitFor(() => expect(FakeChannel.open.some((c) => c.name === 'horizon-office')).toBe(true));
    const before = infoCalls(calls).length;
    act(() => FakeChannel.post('horizon-office', { type: 'office-closed', kind: 'copy', id: 2, journalId: 77, savedVersion: 4 }));
    act(() => FakeChannel.post('horizon-office', { type: 'something-else', journalId: 9 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(infoCalls(calls).length).toBe(before);
    act(() => FakeChannel.post('horizon-office', { type: 'office-closed', kind: 'copy', id: 2, journalId: 9, savedVersion: 4 }));
    await waitFor(() => expect(infoCalls(calls).length).toBe(before + 1));
  });

  it('a document server’s editor closed without a known save: reloads now, after 15 s and after 45 s (not for the built-in one); unmount stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal('BroadcastChannel', FakeChannel);
      const calls = stubWorkbench(journalInfo(), withOffice(BUILTIN));
      const view = renderWorkbench();
      await screen.findByRole('button', { name: '生成期刊' });
      await waitFor(() => expect(FakeChannel.open.some((c) => c.name === 'horizon-office')).toBe(true));
      const count = () => infoCalls(calls).length;
      const advance = (ms: number) => act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
      const start = count();

      // the built-in editor saves before it announces: one reload only
      act(() => FakeChannel.post('horizon-office', { type: 'office-closed', kind: 'copy', id: 2, journalId: 9, savedVersion: null, editor: 'builtin' }));
      await waitFor(() => expect(count()).toBe(start + 1));
      await advance(60_000);
      expect(count()).toBe(start + 1);

      // ONLYOFFICE / Collabora (or a message without `editor`): the save lands after the window closed
      act(() => FakeChannel.post('horizon-office', { type: 'office-closed', kind: 'journal', id: 9, journalId: 9, savedVersion: null, editor: 'onlyoffice' }));
      await waitFor(() => expect(count()).toBe(start + 2));
      await advance(14_000);
      expect(count()).toBe(start + 2);
      await advance(1_000);
      await waitFor(() => expect(count()).toBe(start + 3));
      await advance(30_000);
      await waitFor(() => expect(count()).toBe(start + 4));
      await advance(60_000);
      expect(count()).toBe(start + 4);

      act(() => FakeChannel.post('horizon-office', { type: 'office-closed', kind: 'journal', id: 9, journalId: 9, savedVersion: null }));
      await waitFor(() => expect(count()).toBe(start + 5));
      const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
      view.unmount();
      await advance(60_000);
      expect(invalidate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});

describe('历史版本: 编辑方式, 在线编辑, 对比', { timeout: 30_000 }, () => {
  const versions = [journalVersion(3), journalVersion(2), { ...journalVersion(1), file: file(51, '第12期-V1.doc', 'doc') }];
  const META = [
    { fileId: 53, version: 3, editor: 'onlyoffice', savedBy: { id: 3, username: 'editor', nickName: '张编辑' }, savedAt: '2026-03-23 10:00:00', stale: true, autosave: null, modifiedByUser: null, hasHistory: false },
    // a reused version number: the row of another file must not show
    { fileId: 999, version: 2, editor: 'builtin', savedBy: null, savedAt: null, stale: false, autosave: null, modifiedByUser: null, hasHistory: false },
  ];
  const DIFF: OfficeDiff = {
    from: 2,
    to: 3,
    paragraphs: [
      { op: 'equal', text: '第一段' },
      { op: 'changed', parts: [{ op: 'equal', text: '今天天气' }, { op: 'delete', text: '很好' }, { op: 'insert', text: '很坏' }] },
      { op: 'skipped', count: 4 },
      { op: 'added', text: '新的一段' },
      { op: 'removed', text: '删掉的一段' },
    ],
    skipped: 4,
    truncated: false,
    stats: { added: 1, removed: 1, changed: 1 },
    notes: { from: null, to: null },
  };

  const open = async (diff: () => { status?: number; body: unknown }) => {
    const calls = stubWorkbench(journalInfo({ files: versions }), withOffice(BUILTIN, (method, path) => {
      if (path === 'api/productJournal/getFiles') return { body: versions };
      if (path === 'api/office/versions') return { body: META };
      if (path === 'api/office/diff') return diff();
      return undefined;
    }));
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '历史版本' }));
    const dialog = await screen.findByTestId('journal-versions-dialog');
    await within(dialog).findByText('第12期-V3.docx');
    return { calls, dialog };
  };

  it('shows the saving editor (基于旧版本 for a stale save), 上传/生成 otherwise, and 在线编辑 per version', async () => {
    const { calls, dialog } = await open(() => ({ body: DIFF }));
    const row = (v: number) => dialog.querySelector(`tr[data-version="${v}"]`) as HTMLElement;
    within(dialog).getByRole('columnheader', { name: '编辑方式' });
    await within(row(3)).findByText('ONLYOFFICE');
    within(row(3)).getByText('基于旧版本');
    within(row(2)).getByText('上传/生成');
    expect(within(row(2)).queryByText('内置编辑器')).toBeNull();
    const meta = calls.find((c) => c.path === 'api/office/versions')!.url.searchParams;
    expect([meta.get('kind'), meta.get('id')]).toEqual(['journal', '9']);
    fireEvent.click(within(row(2)).getByRole('button', { name: '在线编辑' }));
    expect(opened).toEqual([[editorPage('office/journal/9?version=2'), '_blank']]);
  });

  it('ticks two .docx versions → 对比 → the paragraphs: equal, changed with word parts, skipped, added, removed', async () => {
    const { calls, dialog } = await open(() => ({ body: DIFF }));
    const compare = within(dialog).getByRole('button', { name: '对比' }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    // the .doc version cannot be ticked
    expect(within(dialog).queryByRole('checkbox', { name: '选择 V1 进行对比' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V3 进行对比' }));
    expect(compare.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V2 进行对比' }));
    expect(compare.disabled).toBe(false);
    fireEvent.click(compare);
    const diff = await screen.findByTestId('diff-dialog');
    within(diff).getByText('版本对比 V2 → V3');
    const view = await within(diff).findByTestId('office-diff');
    const q = calls.find((c) => c.path === 'api/office/diff')!.url.searchParams;
    expect([q.get('kind'), q.get('id'), q.get('from'), q.get('to')]).toEqual(['journal', '9', '2', '3']);
    expect([...view.querySelectorAll('[data-op]')].map((el) => `${el.getAttribute('data-op')}:${el.textContent}`)).toEqual([
      'equal:第一段',
      'changed:今天天气很好很坏',
      'delete:很好',
      'insert:很坏',
      'skipped:…… 省略 4 段相同内容 ……',
      'added:新的一段',
      'removed:删掉的一段',
    ]);
    within(view).getByText('新增 1 段');
    expect(within(view).queryByText('两个版本内容相同')).toBeNull();
  });

  it('two versions with the same text: 两个版本内容相同', async () => {
    const { dialog } = await open(() => ({ body: { ...DIFF, paragraphs: [{ op: 'equal', text: '第一段' }], stats: { added: 0, removed: 0, changed: 0 } } }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V3 进行对比' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V2 进行对比' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '对比' }));
    await within(await screen.findByTestId('diff-dialog')).findByText('两个版本内容相同');
  });

  it('a refused diff shows the server’s message (notice and dialog)', async () => {
    const { dialog } = await open(() => ({ status: 400, body: { status: 400, message: '只能比较两个 .docx 版本', timestamp: '' } }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V3 进行对比' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 V2 进行对比' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '对比' }));
    const diff = await screen.findByTestId('diff-dialog');
    await within(diff).findByText('只能比较两个 .docx 版本');
    await waitFor(() => expect(screen.getAllByText('只能比较两个 .docx 版本').length).toBe(2));
  });
});

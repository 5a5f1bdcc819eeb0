import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { infoCalls, journalInfo, renderWorkbench, stubWorkbench } from './testSupport';

afterEach(() => vi.unstubAllGlobals());

const pool = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  title: `投稿 ${id}`,
  memo: `备注 ${id}`,
  abstracts: `摘要 ${id}`,
  firstAuthor: '李供稿',
  authorIds: '4',
  authors: [{ id: 4, nickName: '王审校' }],
  dept: { id: 1, name: '新闻中心' },
  createBy: { id: 3, username: 'editor', nickName: '张编辑' },
  createTime: `2026-03-1${id} 09:00:00`,
  newsId: null,
  type: 'upload',
  inJournal: false,
  ...over,
});

const POOL = [pool(1, { type: 'dynamic', newsId: 77 }), pool(2, { inJournal: true }), pool(3), pool(4)];

describe('选择稿件', { timeout: 30_000 }, () => {
  it('lists the pool of the column 15 a page, marks copies already in, and copies the chosen ones in order, then reloads', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => {
      if (method === 'GET' && path === 'api/productManuscript/list') return { body: { content: POOL, totalElements: 19 } };
      if (method === 'POST' && path === 'api/productManuscript') return { status: 201, body: { count: 2, ids: [51, 52] } };
      return undefined;
    });
    renderWorkbench();
    const column = (await screen.findByRole('heading', { level: 2, name: '综述' })).closest('section') as HTMLElement;
    fireEvent.click(within(column).getByRole('button', { name: '选择稿件' }));
    const dialog = await screen.findByTestId('pick-dialog');
    within(dialog).getByText('选择稿件 — 综述');
    await within(dialog).findByText('投稿 1');
    const query = calls.find((call) => call.path === 'api/productManuscript/list')!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ productId: '3', journalId: '9', columnId: '12', page: '0', size: '15', sort: 'createTime,desc' });
    expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', '序号', '标题', '类型', '备注', '摘要', '供稿', '审稿', '单位', '投稿人', '时间']);
    const first = within(dialog).getByText('投稿 1').closest('tr') as HTMLElement;
    for (const text of ['动态稿件', '备注 1', '摘要 1', '李供稿', '王审校', '新闻中心', '张编辑', '2026-03-11 09:00:00']) within(first).getByText(text);

    // a source already in the journal cannot be chosen
    const taken = within(dialog).getByRole('checkbox', { name: '选择第 2 行' }) as HTMLInputElement;
    expect(taken.disabled).toBe(true);
    within(taken.closest('tr') as HTMLElement).getByText('已选入');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择第 4 行' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择第 1 行' }));
    within(dialog).getByText('已选 2 篇');
    const before = infoCalls(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('稿件选择成功');
    expect(calls.find((call) => call.method === 'POST' && call.path === 'api/productManuscript')?.body).toEqual({ journalId: 9, columnId: 12, manuIds: [4, 1] });
    await waitFor(() => expect(screen.queryByTestId('pick-dialog')).toBeNull());
    await waitFor(() => expect(infoCalls(calls).length).toBeGreaterThan(before));
  });

  it('says 选择失败 when the copy is refused and keeps the dialog open', async () => {
    stubWorkbench(journalInfo(), (method, path) => {
      if (method === 'GET' && path === 'api/productManuscript/list') return { body: { content: POOL, totalElements: 4 } };
      if (method === 'POST' && path === 'api/productManuscript') return { status: 409, body: { status: 409, code: 'JOURNAL_DONE', message: '期刊已定稿，不能修改' } };
      return undefined;
    });
    renderWorkbench();
    fireEvent.click((await screen.findAllByRole('button', { name: '选择稿件' }))[0]);
    const dialog = await screen.findByTestId('pick-dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '选择第 3 行' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('选择失败：期刊已定稿，不能修改');
    screen.getByTestId('pick-dialog');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Override, renderProductPage, stubProductApi } from '../../pages/production/pageTestUtils';
import type { Product } from '../products/types';
import type { Journal } from './types';

const PRODUCTS = [
  { id: 2, name: '国际动态周刊' },
  { id: 3, name: '科技日报' },
] as Product[];

const journal = (id: number, over: Partial<Journal>): Journal => ({
  id,
  productId: 2,
  product: { id: 2, name: '国际动态周刊' },
  year: 2026,
  journalNo: id,
  totalNo: 10 + id,
  editorIds: '3,9',
  status: 'edit',
  memo: null,
  createTime: `2026-11-2${id} 09:00:00`,
  planPublishTime: '2026-11-25',
  publishTime: null,
  createBy: { id: 1, username: 'admin' },
  ...over,
}) as Journal;

const JOURNALS = [journal(1, { status: 'edit' }), journal(2, { status: 'submit' }), journal(3, { status: 'done' }), journal(4, { status: 'review' })];

function stubJournals(override: Override = () => undefined) {
  return stubProductApi(PRODUCTS, (method, path, params) =>
    override(method, path, params) ??
    (path === '/api/productJournal/list' ? { body: { content: JOURNALS, totalElements: JOURNALS.length } } : undefined),
  );
}

const table = () => screen.findByRole('table', { name: '期刊列表' });
const rowOf = (index: number) => screen.getByLabelText(`选择第 ${index} 行`).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('JournalList', { timeout: 30_000 }, () => {
  it('in the process shell, a journal’s 稿件管理 stays there: 稿件管理 of the product', async () => {
    stubJournals();
    renderProductPage({ path: '/productProcess-product?tab=journal&productId=2', mode: 'process' });
    expect(await screen.findByRole('tab', { name: '期刊管理', selected: true })).toBeTruthy();
    await within(await table()).findByText('编辑审核中');
    const link = within(rowOf(1)).getByRole('link', { name: '稿件管理' });
    expect(link.getAttribute('href')).toBe('/productProcess-manu?tab=all&productId=2');
  });

  it('lists the journals of the product of the address, with the Chinese status names', async () => {
    const calls = stubJournals();
    renderProductPage({ path: '/product/productJournal?productId=2' });
    expect(await screen.findByRole('tab', { name: '期刊管理', selected: true })).toBeTruthy();
    const root = await table();
    await within(root).findByText('编辑审核中');
    const list = calls.find((call) => call.url.pathname === '/api/productJournal/list')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ productId: '2', page: '0', size: '20', sort: 'createTime,desc' });

    const headers = within(root)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['', '产品', '年度', '期号', '总期号', '责任编辑', '状态', '计划出版时间', '创建时间', '创建人', '操作']);
    await waitFor(() => expect(within(rowOf(1)).getByText('张编辑、9')).toBeTruthy());
    const cells = within(rowOf(1))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1, 10)).toEqual(['国际动态周刊', '2026', '1', '11', '张编辑、9', '编辑审核中', '2026-11-25', '2026-11-21 09:00:00', 'admin']);
    expect(['已提交', '已完成', '更正版'].map((name) => within(root).getByText(name))).toHaveLength(3);

    // the state machine: 提交 / 完成 / 更正; a done journal cannot be deleted
    expect(within(rowOf(1)).getByRole('button', { name: '提交' })).toBeTruthy();
    expect(within(rowOf(2)).getByRole('button', { name: '完成' })).toBeTruthy();
    expect(within(rowOf(3)).getByRole('button', { name: '更正' })).toBeTruthy();
    expect(within(rowOf(4)).getByRole('button', { name: '完成' })).toBeTruthy();
    expect(within(rowOf(3)).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf(1)).getByRole('link', { name: '稿件管理' }).getAttribute('href')).toBe('/product/manuscript?productId=2&journalId=1');

    // filters: year and status, from page 1
    fireEvent.change(screen.getByLabelText('年度'), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('year') === '2026')).toBe(true));
  });

  it('offers 提交 only with a journal version file', async () => {
    let files: unknown[] = [];
    const calls = stubJournals((method, path) =>
      path === '/api/productJournal/getFiles' ? { body: files } : path === '/api/productJournal/updateStatus' ? { body: journal(1, { status: 'submit' }) } : undefined,
    );
    renderProductPage({ path: '/product/productJournal' });
    await within(await table()).findByText('编辑审核中');
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: '提交' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('请先上传期刊版本文件')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '确认' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    files = [{ id: 1, version: 1, title: '第一版', file: { id: 40, realName: 'v1.docx' }, createTime: '2026-11-21 10:00:00' }];
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: '提交' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('确认提交该期期刊？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/productJournal/updateStatus')).toBe(true));
    expect(calls.find((call) => call.url.pathname === '/api/productJournal/updateStatus')!.body).toEqual({ journalId: 1, status: 'submit' });
    expect(await screen.findByText('提交成功')).toBeTruthy();
  });

  it('shows the server message of a refused status change', async () => {
    stubJournals((_method, path) =>
      path === '/api/productJournal/updateStatus'
        ? { status: 409, body: { status: 409, code: 'JOURNAL_STATUS_CONFLICT', message: '期刊当前状态为「已完成」，不能完成' } }
        : undefined,
    );
    renderProductPage({ path: '/product/productJournal' });
    await within(await table()).findByText('已提交');
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: '完成' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('定稿后将不能再修改，请再次确认')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('期刊当前状态为「已完成」，不能完成')).toBeTruthy();
  });

  it('adds a journal: the product fills year, total number and issue number', async () => {
    const calls = stubJournals((_method, path, params) =>
      path === '/api/productJournal/getMaxTotalNo' ? { body: params.get('productId') === '3' ? '2026,8,2' : '2026,15,5' } : undefined,
    );
    renderProductPage({ path: '/product/productJournal?productId=2' });
    await within(await table()).findByText('编辑审核中');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增期刊')).toBeTruthy();
    // the list's product is preset and its next issue read at once
    await waitFor(() => expect((within(dialog).getByLabelText('年度', { exact: false }) as HTMLInputElement).value).toBe('2026'));
    expect((within(dialog).getByLabelText('总期号') as HTMLInputElement).value).toBe('15');
    expect((within(dialog).getByLabelText('期号', { exact: false, selector: 'input[name="journalNo"]' }) as HTMLInputElement).value).toBe('5');

    // another product: its numbers
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /产品名称/ }));
    fireEvent.click(await screen.findByRole('option', { name: '科技日报' }));
    await waitFor(() => expect((within(dialog).getByLabelText('总期号') as HTMLInputElement).value).toBe('8'));
    expect(calls.filter((call) => call.url.pathname === '/api/productJournal/getMaxTotalNo').map((call) => call.url.searchParams.get('productId'))).toEqual(['2', '3']);

    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await within(dialog).findByText('期刊时间不能为空')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/productJournal')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('期刊时间', { exact: false }), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/productJournal')).toBe(true));
    expect(calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/productJournal')!.body).toEqual({
      productId: 3,
      year: 2026,
      journalNo: 2,
      totalNo: 8,
      editorIds: null,
      memo: null,
      planPublishTime: '2026-12-01',
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('asks for the required fields with the spec messages', async () => {
    stubJournals();
    renderProductPage({ path: '/product/productJournal' });
    await within(await table()).findByText('编辑审核中');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    for (const message of ['产品名称不能为空', '期刊时间不能为空', '年度不能为空', '期号不能为空']) expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('deletes the selected journals after the confirmation', async () => {
    const calls = stubJournals();
    renderProductPage({ path: '/product/productJournal' });
    await within(await table()).findByText('编辑审核中');
    const toolbar = screen.getByRole('toolbar', { name: '期刊操作' });
    expect((within(toolbar).getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择第 1 行'));
    fireEvent.click(screen.getByLabelText('选择第 2 行'));
    fireEvent.click(within(toolbar).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确认删除选中的 2 条数据?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ body: [1, 2] });
    expect(calls.find((call) => call.method === 'DELETE')!.url.pathname).toBe('/api/productJournal');
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  describe('who may write a journal (canEdit, productSetting/all?editable=true)', () => {
    const NOT_OWNED = '没有权限操作该产品的期刊';
    // rows 1 and 4 belong to a product the caller does not own; 2 and 3 to one it does
    const MIXED = [
      journal(1, { status: 'edit', canEdit: false }),
      journal(2, { status: 'submit', canEdit: true }),
      journal(3, { status: 'edit', canEdit: true, productId: 3, product: { id: 3, name: '科技日报' } }),
      journal(4, { status: 'review', canEdit: false }),
    ];
    const stubMixed = (editable: Array<{ id: number; name: string }>, rows: Journal[] = MIXED) =>
      stubJournals((_method, path, params) =>
        path === '/api/productJournal/list'
          ? { body: { content: rows, totalElements: rows.length } }
          : path === '/api/productSetting/all' && params.get('editable') === 'true'
            ? { body: editable }
            : undefined,
      );
    /** The reason shown over a disabled action: the wrapper's tooltip. */
    const reasonOf = (button: HTMLElement) => button.closest('span[title]')?.getAttribute('title');

    it('shows the write actions of a row the caller may not write disabled, with the reason; the others stay usable', async () => {
      const calls = stubMixed([{ id: 3, name: '科技日报' }]);
      renderProductPage({ path: '/product/productJournal', roles: ['productJournal:list', 'productJournal:add', 'productJournal:edit', 'productJournal:del'] });
      await within(await table()).findByText('已提交');
      for (const [index, names] of [
        [1, ['编辑', '删除', '提交']],
        [4, ['编辑', '删除', '完成']],
      ] as const) {
        for (const name of names) {
          const button = within(rowOf(index)).getByRole('button', { name }) as HTMLButtonElement;
          expect(button.disabled, `${name} of row ${index}`).toBe(true);
          expect(reasonOf(button), `${name} of row ${index}`).toBe(NOT_OWNED);
        }
      }
      // the tooltip on hover, in Chinese
      fireEvent.mouseOver(within(rowOf(1)).getByRole('button', { name: '提交' }).parentElement!);
      expect((await screen.findByRole('tooltip')).textContent).toBe(NOT_OWNED);
      // a click on a disabled status button opens nothing
      fireEvent.click(within(rowOf(1)).getByRole('button', { name: '提交' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      for (const [index, name] of [
        [2, '完成'],
        [2, '编辑'],
        [2, '删除'],
        [3, '提交'],
      ] as const) {
        expect((within(rowOf(index)).getByRole('button', { name }) as HTMLButtonElement).disabled, `${name} of row ${index}`).toBe(false);
      }
      // 稿件管理 (a read) stays for every row
      expect(within(await table()).getAllByRole('link', { name: '稿件管理' })).toHaveLength(4);

      // only writable rows can be chosen: 全选 takes rows 2 and 3, the toolbar deletes those
      expect((screen.getByLabelText('选择第 1 行') as HTMLInputElement).disabled).toBe(true);
      expect(reasonOf(screen.getByLabelText('选择第 1 行'))).toBe(NOT_OWNED);
      fireEvent.click(screen.getByLabelText('选择本页全部期刊'));
      const toolbar = screen.getByRole('toolbar', { name: '期刊操作' });
      expect(within(toolbar).getByText('已选 2 项')).toBeTruthy();
      fireEvent.click(within(toolbar).getByRole('button', { name: '删除' }));
      const confirm = await screen.findByRole('dialog');
      expect(within(confirm).getByText('确认删除选中的 2 条数据?')).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
      await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
      expect(calls.find((call) => call.method === 'DELETE')!.body).toEqual([2, 3]);
    });

    it('hides 新增, the toolbar 删除 and the selection from a caller who may write no product; every row action is disabled', async () => {
      stubMixed(
        [],
        MIXED.map((row) => ({ ...row, canEdit: false })),
      );
      renderProductPage({ path: '/product/productJournal', roles: ['productJournal:list', 'productJournal:add', 'productJournal:edit', 'productJournal:del'] });
      const root = await table();
      await within(root).findByText('已提交');
      const toolbar = screen.getByRole('toolbar', { name: '期刊操作' });
      await waitFor(() => expect(within(toolbar).queryByRole('button', { name: '新增' })).toBeNull());
      expect(within(toolbar).queryByRole('button', { name: '删除' })).toBeNull();
      expect(screen.queryByLabelText('选择本页全部期刊')).toBeNull();
      expect(within(root).queryAllByRole('checkbox')).toHaveLength(0);
      const actions = within(root).getAllByRole('button') as HTMLButtonElement[];
      expect(actions.map((button) => button.textContent || button.getAttribute('aria-label'))).toEqual(['编辑', '删除', '提交', '编辑', '删除', '完成', '编辑', '删除', '提交', '编辑', '删除', '完成']);
      expect(actions.every((button) => button.disabled && reasonOf(button) === NOT_OWNED)).toBe(true);
    });

    it('the form offers only the products the caller may write journals for, and presets the filter only when it is one', async () => {
      const calls = stubMixed([{ id: 3, name: '科技日报' }]);
      renderProductPage({ path: '/product/productJournal?productId=2', roles: ['productJournal:list', 'productJournal:add', 'productJournal:edit'] });
      await within(await table()).findByText('已提交');
      fireEvent.click(await screen.findByRole('button', { name: '新增' }));
      const dialog = await screen.findByRole('dialog');
      // 国际动态周刊 (the list's filter) is not the caller's: not preset, no next issue read for it
      expect((within(dialog).getByLabelText('年度', { exact: false }) as HTMLInputElement).value).toBe('');
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /产品名称/ }));
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent).filter((text) => text)).toEqual(['科技日报']);
      expect(calls.some((call) => call.url.pathname === '/api/productSetting/all' && call.url.searchParams.get('editable') === 'true')).toBe(true);
      expect(calls.some((call) => call.url.pathname === '/api/productJournal/getMaxTotalNo')).toBe(false);
    });
  });

  it('removes add, delete, edit and status actions without the journal permissions', async () => {
    stubJournals();
    renderProductPage({ path: '/product/productJournal', roles: ['productJournal:list'] });
    const root = await table();
    await within(root).findByText('编辑审核中');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    for (const name of ['编辑', '提交', '完成', '更正']) expect(within(root).queryByRole('button', { name })).toBeNull();
    expect(within(root).getAllByRole('link', { name: '稿件管理' })).toHaveLength(4);
    // no product permission: no product tab
    expect(screen.queryByRole('tab', { name: '产品管理' })).toBeNull();
  });
});

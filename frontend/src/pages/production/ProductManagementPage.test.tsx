import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderProductPage as renderPage, stubProductApi } from './pageTestUtils';
import type { Product } from '../../resources/products/types';

const PRODUCTS = [
  {
    id: 4,
    name: '国际动态周刊',
    deptId: 7,
    dept: { id: 7, name: '期刊编辑部' },
    editorIds: '3',
    editors: [{ id: 3, nickName: '张编辑' }],
    period: 'week',
    type: '2',
    contentType: '1',
    fileIds: '12',
    files: [{ id: 12, realName: '周刊模板.docx' }],
    columnList: [
      { id: 21, sort: 2, name: '要闻', status: true },
      { id: 20, sort: 1, name: '综述', status: true },
    ],
    isWeekly: true,
    createTime: '2026-11-20 09:00:00',
  },
  {
    id: 5,
    name: '科技日报',
    deptId: 7,
    dept: { id: 7, name: '期刊编辑部' },
    editorIds: null,
    editors: [],
    period: 'day',
    type: '1',
    contentType: '2',
    fileIds: null,
    files: [],
    columnList: [],
    isWeekly: false,
    createTime: '2026-11-21 10:00:00',
  },
] as Product[];

const table = () => screen.findByRole('table', { name: '产品列表' });
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const button = (name: string) => within(screen.getByRole('toolbar', { name: '产品操作' })).getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('ProductManagementPage', { timeout: 30_000 }, () => {
  it('lists the products with their columns, labels and paging', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage();
    expect(await screen.findByRole('tab', { name: '产品管理', selected: true })).toBeTruthy();
    const root = await table();
    await within(root).findByText('国际动态周刊');
    const headers = within(root)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['', '产品名称', '产品类型', '稿件类型', '主编', '栏目', '周期', '模板文件', '创建时间', '操作']);
    const cells = within(rowOf('国际动态周刊'))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1, 9)).toEqual(['国际动态周刊周刊', '专刊', '摘要', '张编辑', '综述、要闻', '周刊', '周刊模板.docx', '2026-11-20 09:00:00']);
    expect(within(rowOf('科技日报')).getByText('全文')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('科技日报')).getByText('日刊')).toBeTruthy());

    const list = calls.find((call) => call.url.pathname === '/api/productSetting/list');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ page: '0', size: '20', sort: 'id,desc' });
    const dict = calls.find((call) => call.url.pathname === '/api/dictDetail');
    expect(Object.fromEntries(dict!.url.searchParams)).toEqual({ dictName: 'product_period', page: '0', size: '9999' });

    // server-side sort by 创建时间, and the search by name from page 1
    fireEvent.click(within(root).getByText('创建时间'));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('sort') === 'createTime,asc')).toBe(true));
    fireEvent.change(screen.getByLabelText('产品名称'), { target: { value: ' 周刊 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('name') === '周刊')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect((screen.getByLabelText('产品名称') as HTMLInputElement).value).toBe(''));
  });

  it('enables 修改 for exactly one row and deletes the selected rows after the confirmation', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    expect(button('修改').disabled).toBe(true);
    expect(button('删除').disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('选择 国际动态周刊'));
    expect(button('修改').disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('选择 科技日报'));
    expect(button('修改').disabled).toBe(true);
    expect(button('删除').disabled).toBe(false);

    fireEvent.click(button('删除'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确认删除选中的 2 条数据?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const removal = calls.find((call) => call.method === 'DELETE')!;
    expect(removal.url.pathname).toBe('/api/productSetting');
    expect(removal.body).toEqual([4, 5]);
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('shows the server message when a delete is refused', async () => {
    stubProductApi(PRODUCTS, (method) => (method === 'DELETE' ? { status: 409, body: { status: 409, message: '产品「国际动态周刊」已有期刊或稿件，不能删除' } } : undefined));
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(within(rowOf('国际动态周刊')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确认删除选中的 1 条数据?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('产品「国际动态周刊」已有期刊或稿件，不能删除')).toBeTruthy();
  });

  it('hides columns but keeps at least five (请至少选择五列)', async () => {
    stubProductApi(PRODUCTS);
    renderPage();
    const root = await table();
    await within(root).findByText('国际动态周刊');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const popover = await screen.findByRole('group', { name: '列设置' });
    for (const name of ['主编', '栏目', '周期']) fireEvent.click(within(popover).getByLabelText(name));
    // (the open popover hides the page from the accessibility tree)
    const headers = () => within(root).getAllByRole('columnheader', { hidden: true });
    await waitFor(() => expect(headers()).toHaveLength(5 + 2));
    expect(headers().map((th) => th.textContent)).toEqual(['', '产品名称', '产品类型', '稿件类型', '模板文件', '创建时间', '操作']);

    fireEvent.click(within(popover).getByLabelText('产品类型'));
    expect(await screen.findByText('请至少选择五列')).toBeTruthy();
    expect(headers()).toHaveLength(5 + 2);

    fireEvent.click(within(popover).getByLabelText('全选'));
    await waitFor(() => expect(headers()).toHaveLength(8 + 2));
  });

  it('opens the add dialog with one blank column and the spec messages', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(button('新增'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增产品')).toBeTruthy();
    expect((within(dialog).getByLabelText('第 1 行名称') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('第 1 行启用') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('第 2 行名称')).toBeNull();
    expect((within(dialog).getByLabelText('全文') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: '上传模板文件' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await within(dialog).findByText('所属单位不能为空')).toBeTruthy();
    expect(within(dialog).getByText('产品名称不能为空')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers the sample template in the product dialog (下载模板样例)', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(button('新增'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板样例' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.url.pathname === '/api/productSetting/templateSample')).toBe(true));
  });

  it('edits a product: columns sorted by sort, template shown, the PUT body', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(within(rowOf('国际动态周刊')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑产品')).toBeTruthy();
    expect((within(dialog).getByLabelText('第 1 行名称') as HTMLInputElement).value).toBe('综述');
    expect((within(dialog).getByLabelText('第 2 行名称') as HTMLInputElement).value).toBe('要闻');
    expect(within(dialog).getByText('周刊模板.docx')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '上传模板文件' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '添加栏目' }));
    fireEvent.change(within(dialog).getByLabelText('第 3 行名称'), { target: { value: '专题' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '删除第 1 行栏目' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '移除模板' }));
    expect(within(dialog).getByRole('button', { name: '上传模板文件' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      id: 4,
      name: '国际动态周刊',
      deptId: 7,
      editorIds: '3',
      period: 'week',
      type: '2',
      contentType: '1',
      fileIds: null,
      columnList: [
        { id: 21, sort: 2, name: '要闻', status: true },
        { sort: 3, name: '专题', status: true },
      ],
      isWeekly: true,
    });
    expect(await screen.findByText('编辑成功')).toBeTruthy();
  });

  it('generates a statistics report, and says so when it fails', async () => {
    let fail = false;
    const calls = stubProductApi(PRODUCTS, (_method, path) =>
      path === '/api/productJournal/generateStatistic'
        ? fail
          ? { status: 500, body: { status: 500, message: '统计失败' } }
          : { body: `/files/eyJrIjoiZmlsZSJ9.${'s'.repeat(43)}/${encodeURIComponent('国际动态周刊统计.xlsx')}` }
        : undefined,
    );
    renderPage();
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(within(rowOf('国际动态周刊')).getByRole('button', { name: '统计报告' }));
    const dialog = await screen.findByRole('dialog', { name: '选择统计周期' });
    fireEvent.change(within(dialog).getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('结束日期'), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成' }));
    const link = await within(dialog).findByRole('button', { name: '国际动态周刊统计.xlsx' });
    const call = calls.find((c) => c.url.pathname === '/api/productJournal/generateStatistic')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ productId: '4', startDate: '2026-11-01', endDate: '2026-11-20' });
    // the answer is the file's signed path: the link opens <origin><path>, with no login token and no further call
    const opened: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href);
    });
    const before = calls.length;
    fireEvent.click(link);
    click.mockRestore();
    expect(opened).toEqual([`${window.location.origin}/files/eyJrIjoiZmlsZSJ9.${'s'.repeat(43)}/${encodeURIComponent('国际动态周刊统计.xlsx')}`]);
    expect(calls.length).toBe(before);

    fail = true;
    fireEvent.click(within(dialog).getByRole('button', { name: '生成' }));
    expect(await within(dialog).findByText('生成失败，请重试')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('开始日期'), { target: { value: '2026-11-21' } });
    expect(within(dialog).getByText('开始日期不能晚于结束日期')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '生成' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the journal tab filtered by the product (期刊管理)', async () => {
    const calls = stubProductApi(PRODUCTS);
    renderPage({ mode: 'process', path: '/productProcess-product' });
    await within(await table()).findByText('国际动态周刊');
    fireEvent.click(within(rowOf('国际动态周刊')).getByRole('button', { name: '期刊管理' }));
    expect(await screen.findByRole('tab', { name: '期刊管理', selected: true })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/productJournal/list')).toBe(true));
    const list = calls.find((call) => call.url.pathname === '/api/productJournal/list')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ productId: '4', page: '0', size: '20', sort: 'createTime,desc' });
    expect(await screen.findByText('没有符合条件的期刊')).toBeTruthy();

    // back to the products: the list is asked again
    const before = calls.filter((call) => call.url.pathname === '/api/productSetting/list').length;
    fireEvent.click(screen.getByRole('tab', { name: '产品管理' }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/productSetting/list').length).toBeGreaterThan(before));
  });

  it('removes the buttons the user may not use (spec §6)', async () => {
    stubProductApi(PRODUCTS);
    renderPage({ roles: ['productSetting:list'] });
    const root = await table();
    await within(root).findByText('国际动态周刊');
    const toolbar = screen.getByRole('toolbar', { name: '产品操作' });
    for (const name of ['新增', '修改', '删除']) expect(within(toolbar).queryByRole('button', { name })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: '导出' })).toBeTruthy();
    expect(within(rowOf('国际动态周刊')).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf('国际动态周刊')).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(rowOf('国际动态周刊')).queryByRole('button', { name: '期刊管理' })).toBeNull();
    expect(within(rowOf('国际动态周刊')).getByRole('button', { name: '统计报告' })).toBeTruthy();
    // no journal permission: no journal tab; no selection column
    expect(screen.queryByRole('tab', { name: '期刊管理' })).toBeNull();
    expect(screen.queryByLabelText('选择 国际动态周刊')).toBeNull();
  });

  it('says so when the user may see neither products nor journals', async () => {
    stubProductApi(PRODUCTS);
    renderPage({ roles: ['news:list'] });
    expect(await screen.findByText('没有查看产品或期刊的权限')).toBeTruthy();
  });
});

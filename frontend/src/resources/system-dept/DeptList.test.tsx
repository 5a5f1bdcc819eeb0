import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type GetListParams, ResourceContextProvider } from 'react-admin';
import { fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import type { Dept } from '../types';
import { DeptList } from './DeptList';

const depts = [
  { id: 1, pid: null, name: '总部', deptSort: 1, enabled: true, hasChildren: true, createTime: '2024-01-01 00:00:00' },
  { id: 2, pid: 1, name: '研发部', deptSort: 2, enabled: true, hasChildren: false, createTime: '2024-01-01 00:00:00' },
  { id: 3, pid: null, name: '分公司', deptSort: 3, enabled: false, hasChildren: false, createTime: '2024-01-01 00:00:00' },
] as Dept[];

const byPid = ({ filter }: GetListParams) =>
  depts.filter((d) => (filter?.pid === undefined ? d.pid === null : d.pid === filter.pid));

let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  stubFetch((_m, url) => (url.startsWith('/api/dept/tree') ? [{ ...depts[0], children: [depts[1]] }, depts[2]] : undefined));
  dataProvider = fakeDataProvider({ 'system/dept': byPid });
});

afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderScreen(
    <ResourceContextProvider value="system/dept">
      <DeptList />
    </ResourceContextProvider>,
    dataProvider,
  );

describe('DeptList', { timeout: 30_000 }, () => {
  it('shows the roots and loads children on expansion with pid', async () => {
    renderList();
    expect(await screen.findByText('总部')).toBeTruthy();
    expect(screen.getByText('分公司')).toBeTruthy();
    expect(screen.queryByText('研发部')).toBeNull();
    expect(screen.getAllByLabelText('展开')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('展开'));
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'system/dept',
      expect.objectContaining({ filter: { pid: 1 }, sort: { field: 'deptSort', order: 'ASC' } }),
    );
  });

  it('creates a sub-dept under the picked parent', async () => {
    renderList();
    fireEvent.click(await screen.findByText('新增'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('部门名称', { exact: false }), { target: { value: '测试部' } });
    fireEvent.click(within(dialog).getByLabelText('否'));
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await within(dialog).findByText('上级部门不能为空')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('上级部门', { exact: false }));
    fireEvent.click(await screen.findByText('分公司', { selector: '.MuiTreeItem-label' }));
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][1]).toEqual({ data: { name: '测试部', deptSort: 999, enabled: true, pid: 3 } });
  });

  it('bulk-deletes the ticked rows with the count in the question', async () => {
    renderList();
    await screen.findByText('总部');
    for (const box of screen.getAllByLabelText('选择')) fireEvent.click(box);
    fireEvent.click(await screen.findByText('删除'));
    expect(await screen.findByText('确认删除选中的 2 条数据?')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(dataProvider.deleteMany).toHaveBeenCalledWith('system/dept', expect.objectContaining({ ids: [1, 3] })));
  });
});

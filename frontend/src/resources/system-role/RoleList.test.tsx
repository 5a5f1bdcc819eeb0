import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { type FetchCall, fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import type { Menu, Role } from '../types';
import { RoleList } from './RoleList';

const menu = (id: number, pid: number | null, title: string, type: 0 | 1 | 2, children?: Menu[]): Menu => ({
  id,
  pid,
  title,
  type,
  menuSort: id,
  cache: false,
  hidden: false,
  iFrame: false,
  children,
}) as Menu;

const menuTree = [
  menu(1, null, '系统管理', 0, [menu(2, 1, '用户管理', 1, [menu(3, 2, '用户新增', 2), menu(4, 2, '用户删除', 2)]), menu(5, 1, '角色管理', 1)]),
  menu(6, null, '系统监控', 0),
];

const roles = [
  { id: 1, name: '超级管理员', level: 1, dataScope: '全部', description: '', menus: [{ id: 6 }], createTime: '2024-01-01 00:00:00' },
] as Role[];

let calls: FetchCall[];
let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  calls = stubFetch((_method, url) => {
    if (url.startsWith('/api/menus')) return { content: menuTree, totalElements: 2 };
    if (url.startsWith('/api/dept/tree')) return [{ id: 1, pid: null, name: '总部' }];
    if (url.startsWith('/api/roles/level')) return { level: 1 };
    return undefined;
  });
  dataProvider = fakeDataProvider({ 'system/role': () => roles });
});

afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderScreen(
    <ResourceContextProvider value="system/role">
      <RoleList />
    </ResourceContextProvider>,
    dataProvider,
  );

const checkboxOf = (label: string) => {
  const item = screen.getByText(label).closest('[role="treeitem"]') as HTMLElement;
  return item.querySelector('input[type="checkbox"]') as HTMLInputElement;
};

describe('RoleList menu assignment', { timeout: 30_000 }, () => {
  it('pre-checks the role menus, propagates a parent check and saves the ids', async () => {
    renderList();
    expect(screen.getByText('选择一个角色，为其分配菜单')).toBeTruthy();
    fireEvent.click(await screen.findByText('超级管理员'));
    await screen.findByText('系统管理');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/menus?tree=true'))).toBe(true));
    expect(checkboxOf('系统监控').checked).toBe(true);
    expect(checkboxOf('系统管理').checked).toBe(false);

    fireEvent.click(checkboxOf('用户管理'));
    await waitFor(() => expect(checkboxOf('用户管理').checked).toBe(true));
    expect(checkboxOf('系统管理').checked).toBe(true);

    fireEvent.click(screen.getByText('保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/roles/menu')).toBe(true));
    expect(calls.find((c) => c.url === '/api/roles/menu')?.body).toEqual({
      id: 1,
      menus: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 6 }],
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('creates a role with a custom data scope', async () => {
    renderList();
    fireEvent.click(await screen.findByText('新增'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('角色名称', { exact: false }), { target: { value: '审稿人' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '自定义' }));
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await within(dialog).findByText('请选择数据权限')).toBeTruthy();
    expect(dataProvider.create).not.toHaveBeenCalled();

    fireEvent.click(await within(dialog).findByText('总部').then(() => checkboxOf('总部')));
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0]).toEqual([
      'system/role',
      { data: { name: '审稿人', level: 3, dataScope: '自定义', description: '', depts: [{ id: 1 }] } },
    ]);
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });
});

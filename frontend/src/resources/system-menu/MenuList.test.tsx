import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import type { Menu } from '../types';
import { MenuList } from './MenuList';

const base = { cache: false, hidden: false, iFrame: false, menuSort: 1 };
const system = { ...base, id: 1, pid: null, type: 0, title: '系统管理', path: 'system', icon: 'system', module: 'system', hasChildren: true } as Menu;
const users = { ...base, id: 2, pid: 1, type: 1, title: '用户管理', path: 'user', component: 'system/user/index', permission: 'user:list' } as Menu;
const add = { ...base, id: 3, pid: 2, type: 2, title: '用户新增', permission: 'user:add' } as Menu;

let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  stubFetch((_m, url) =>
    url.startsWith('/api/menus') ? { content: [{ ...system, children: [{ ...users, children: [add] }] }], totalElements: 1 } : undefined,
  );
  dataProvider = fakeDataProvider({ 'system/menu': () => [system] });
});

afterEach(() => vi.unstubAllGlobals());

describe('MenuList', { timeout: 30_000 }, () => {
  it('shows the type-dependent fields and never offers a button as parent', async () => {
    renderScreen(
      <ResourceContextProvider value="system/menu">
        <MenuList />
      </ResourceContextProvider>,
      dataProvider,
    );
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(screen.getByText('目录')).toBeTruthy();

    fireEvent.click(screen.getByText('新增'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('路由地址', { exact: false })).toBeTruthy();
    expect(within(dialog).queryByLabelText('组件路径', { exact: false })).toBeNull();

    fireEvent.click(within(dialog).getByLabelText('菜单'));
    expect(await within(dialog).findByLabelText('组件路径', { exact: false })).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('按钮'));
    await waitFor(() => expect(within(dialog).queryByLabelText('路由地址', { exact: false })).toBeNull());
    expect(within(dialog).getByLabelText('按钮名称', { exact: false })).toBeTruthy();
    expect(within(dialog).getByLabelText('权限标识', { exact: false })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('按钮名称', { exact: false }), { target: { value: '用户编辑' } });
    fireEvent.change(within(dialog).getByLabelText('权限标识', { exact: false }), { target: { value: 'user:edit' } });
    fireEvent.click(within(dialog).getByLabelText('上级类目', { exact: false }));
    expect(await screen.findByText('顶级类目')).toBeTruthy();
    expect(screen.queryByText('用户新增', { selector: '.MuiTreeItem-label' })).toBeNull();
    fireEvent.click(screen.getByText('用户管理', { selector: '.MuiTreeItem-label' }));
    fireEvent.click(within(dialog).getByText('确认'));

    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][1].data).toMatchObject({
      type: 2,
      title: '用户编辑',
      permission: 'user:edit',
      pid: 2,
      path: null,
      component: null,
    });
  });
});

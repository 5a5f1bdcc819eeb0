import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { type FetchCall, fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import type { User } from '../types';
import { INITIAL_PASSWORD_ONCE } from './InitialPasswordDialog';
import { initialPasswordOf } from './UserFormDialog';
import { UserList } from './UserList';
import { vi } from 'vitest';

const users = [
  {
    id: 1,
    username: 'admin',
    nickName: '管理员',
    email: 'admin@horizon.cn',
    phone: '18888888888',
    gender: '男',
    enabled: true,
    dept: { id: 2, name: '研发部' },
    roles: [{ id: 1, name: '超级管理员' }],
    jobs: [{ id: 8, name: '全栈开发' }],
    createTime: '2024-01-01 10:00:00',
  },
  {
    id: 2,
    username: 'test',
    nickName: '测试',
    email: 'test@horizon.cn',
    phone: '13800138000',
    gender: '女',
    enabled: true,
    dept: { id: 2, name: '研发部' },
    roles: [{ id: 2, name: '普通用户' }],
    jobs: [{ id: 8, name: '全栈开发' }],
    createTime: '2024-01-02 10:00:00',
  },
] as User[];

const deptTree = [{ id: 1, pid: null, name: '总部', children: [{ id: 2, pid: 1, name: '研发部' }] }];

let calls: FetchCall[];
let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  calls = stubFetch((method, url) => {
    if (url.startsWith('/api/dept/tree')) return deptTree;
    if (url.startsWith('/api/job')) return { content: [{ id: 8, name: '全栈开发', jobSort: 1, enabled: true }], totalElements: 1 };
    if (url.startsWith('/api/roles/all')) return [
      { id: 1, name: '超级管理员', level: 1 },
      { id: 2, name: '普通用户', level: 2 },
    ];
    if (url.startsWith('/api/roles/level')) return { level: 1 };
    return undefined;
  });
  dataProvider = fakeDataProvider({ 'system/user': () => users });
});

afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderScreen(
    <ResourceContextProvider value="system/user">
      <UserList />
    </ResourceContextProvider>,
    dataProvider,
  );

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

describe('UserList', { timeout: 30_000 }, () => {
  it('lists users with Chinese columns and filters by the clicked dept', async () => {
    renderList();
    expect(await screen.findByText('admin')).toBeTruthy();
    for (const header of ['用户名', '昵称', '部门', '角色', '状态', '创建日期']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'system/user',
      expect.objectContaining({ sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 20 } }),
    );

    fireEvent.click(await screen.findByText('研发部', { selector: '.MuiTreeItem-label, .MuiTreeItem-label *' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith('system/user', expect.objectContaining({ filter: { deptId: 2 } })),
    );
  });

  it('validates the phone before saving, then sends relations as stubs', async () => {
    renderList();
    fireEvent.click(within(await rowOf('test')).getByLabelText('编辑'));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText('电话', { exact: false });
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await within(dialog).findByText('请输入正确的11位手机号码')).toBeTruthy();
    expect(dataProvider.update).not.toHaveBeenCalled();

    fireEvent.change(phone, { target: { value: '13912345678' } });
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0][1].data).toEqual({
      id: 2,
      username: 'test',
      nickName: '测试',
      phone: '13912345678',
      email: 'test@horizon.cn',
      gender: '女',
      enabled: true,
      dept: { id: 2 },
      jobs: [{ id: 8 }],
      roles: [{ id: 2 }],
    });
    expect(await screen.findByText('编辑成功')).toBeTruthy();
  });

  it('asks before disabling a user and PUTs the whole user', async () => {
    renderList();
    fireEvent.click(within(await rowOf('test')).getByLabelText('禁用'));
    expect(await screen.findByText('此操作将 禁用 test, 是否继续？')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0][1].data).toMatchObject({ id: 2, enabled: false, roles: [{ id: 2 }] });
  });

  it('resets a password after confirmation', async () => {
    renderList();
    fireEvent.click(within(await rowOf('test')).getByLabelText('重置密码'));
    fireEvent.click(await screen.findByText('确认'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/users/resetPwd')).toBe(true));
    expect(calls.find((c) => c.url === '/api/users/resetPwd')?.body).toEqual([2]);
    expect(await screen.findByText('密码重置成功')).toBeTruthy();
  });

  it('shows the new initial password of a reset once, with a copy button, until 我已记下', async () => {
    calls = stubFetch((method, url) => {
      if (method === 'PUT' && url === '/api/users/resetPwd') return [{ id: 2, username: 'test', initialPassword: 'Xy7#abcdEFGH2k' }];
      if (url.startsWith('/api/roles/level')) return { level: 1 };
      return undefined;
    });
    renderList();
    fireEvent.click(within(await rowOf('test')).getByLabelText('重置密码'));
    expect(await screen.findByText(/将生成新的初始密码（只显示一次）/)).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    const dialog = await screen.findByRole('dialog', { name: '初始密码' });
    expect((within(dialog).getByLabelText('test 的初始密码') as HTMLInputElement).value).toBe('Xy7#abcdEFGH2k');
    expect(within(dialog).getByText(INITIAL_PASSWORD_ONCE)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '复制' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: '初始密码' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '初始密码' })).toBeNull());
  });

  it('deletes a row after `确认删除选中的 1 条数据?`', async () => {
    renderList();
    fireEvent.click(within(await rowOf('test')).getByLabelText('删除'));
    expect(await screen.findByText('确认删除选中的 1 条数据?')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(dataProvider.delete).toHaveBeenCalledWith('system/user', expect.objectContaining({ id: 2 })));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});

describe('initialPasswordOf', () => {
  it('reads the initial password of a create answer, nothing otherwise', () => {
    expect(initialPasswordOf({ id: 5, username: 'newbie', initialPassword: 'Ab3#defgHJKm9p' })).toEqual({ id: 5, username: 'newbie', initialPassword: 'Ab3#defgHJKm9p' });
    expect(initialPasswordOf({ id: 5, username: 'newbie' })).toBeNull();
    expect(initialPasswordOf(undefined)).toBeNull();
  });
});

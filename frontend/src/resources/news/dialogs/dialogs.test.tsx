import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../shared/testUtils';
import { ClassifyDialog } from './ClassifyDialog';
import { EditTagsDialog } from './EditTagsDialog';
import { NoiseDeleteDialog } from './NoiseDeleteDialog';
import { matchesUser, type SelectUser, shareBodies, ShareDialog } from './ShareDialog';

const USERS: SelectUser[] = [
  { id: 1, username: 'admin', nickName: '管理员', dept: { id: 2, name: '总部' } },
  { id: 2, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部' } },
  { id: 3, username: 'translator', nickName: '李翻译', dept: { id: 8, name: '编译部' } },
  { id: 4, username: 'nodept', nickName: null, dept: null },
];

const TREE = [
  {
    id: 9999,
    name: '全部',
    children: [
      { id: 10, name: '政治', children: [{ id: 11, name: '外交' }, { id: 12, name: '选举' }] },
      { id: 20, name: '经济', children: [{ id: 21, name: '能源' }, { id: 22, name: '金融' }] },
    ],
  },
];

const NEWS = { id: 5, title: 'Oil prices rise', titleCn: '油价上涨', classify: [21], classifyNames: ['能源'], keywords: ['石油', '欧佩克'] };

function setup(ui: ReactElement, answer: (path: string, options?: { method?: string; body?: unknown }) => unknown = () => null) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
      if (path.startsWith('api/users/selectUser')) return { data: USERS };
      if (path.startsWith('api/NewsClassify/listWithout')) return { data: TREE };
      return { data: answer(path, options) };
    }),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(),
    logout: vi.fn(),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 1, fullName: '管理员' })),
    getPermissions: vi.fn(async () => ['admin']),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminContext
      dataProvider={provider as unknown as DataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      {ui}
      <Notification />
    </AdminContext>,
  );
  return provider;
}

const writes = (provider: ReturnType<typeof setup>) => provider.call.mock.calls.filter(([, options]) => options?.method);

describe('share helpers', () => {
  it('match a user by nickname, account or department', () => {
    expect(matchesUser(USERS[1], '张')).toBe(true);
    expect(matchesUser(USERS[1], 'EDIT')).toBe(true);
    expect(matchesUser(USERS[1], '编辑部')).toBe(true);
    expect(matchesUser(USERS[1], '编译')).toBe(false);
    expect(matchesUser(USERS[3], 'nodept')).toBe(true);
    expect(matchesUser(USERS[2], '')).toBe(true);
  });

  it('send one body per item naming every recipient, the note trimmed (blank → null)', () => {
    const items = [
      { id: 5, title: 'A', titleCn: '甲' },
      { id: 6, title: 'B', titleCn: null },
    ];
    expect(shareBodies(items, [2, 3], '  请看 ')).toEqual([
      { newsId: 5, newsTitle: 'A', newsTitleCn: '甲', toIds: [2, 3], content: '请看' },
      { newsId: 6, newsTitle: 'B', newsTitleCn: null, toIds: [2, 3], content: '请看' },
    ]);
    expect(shareBodies(items.slice(0, 1), [2], '   ')[0].content).toBeNull();
  });
});

describe('ShareDialog', { timeout: 15_000 }, () => {
  it('needs a recipient, lists the others with their department, and shares', async () => {
    const onShared = vi.fn();
    const onClose = vi.fn();
    const provider = setup(<ShareDialog open news={[{ id: 5, title: 'Oil prices rise', titleCn: '油价上涨' }]} onClose={onClose} onShared={onShared} />, () => [{ id: 1 }]);
    const dialog = await screen.findByRole('dialog', { name: '分享新闻' });
    expect(within(dialog).getByText('油价上涨')).toBeTruthy();
    expect(within(dialog).getByText('Oil prices rise')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '确认' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    const input = within(dialog).getByRole('combobox', { name: /接收人/ });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '编辑' } });
    const option = await screen.findByRole('option', { name: /张编辑/ });
    expect(within(option).getByText('期刊编辑部')).toBeTruthy();
    // the user themself (identity 1) is not offered
    expect(screen.queryByRole('option', { name: /管理员/ })).toBeNull();
    fireEvent.click(option);
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 请关注 ' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);

    await screen.findByText('分享成功');
    expect(writes(provider)).toEqual([
      ['api/newsSuggest', { method: 'POST', body: { newsId: 5, newsTitle: 'Oil prices rise', newsTitleCn: '油价上涨', toIds: [2], content: '请关注' } }],
    ]);
    expect(onShared).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server message and stays open when sharing fails', async () => {
    const onClose = vi.fn();
    const provider = setup(<ShareDialog open news={[{ id: 5, title: 'x', titleCn: null }]} onClose={onClose} />);
    provider.call.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path.startsWith('api/users/selectUser')) return { data: USERS };
      if (options?.method === 'POST') throw new Error('新闻不存在或已被删除');
      return { data: null };
    });
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('combobox', { name: /接收人/ });
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByRole('option', { name: /李翻译/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('新闻不存在或已被删除');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('EditTagsDialog', { timeout: 15_000 }, () => {
  it('edits keywords in place, drops the empty one and saves with the class names from the tree', async () => {
    const onSaved = vi.fn();
    const provider = setup(<EditTagsDialog open news={NEWS} onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑分类与关键词' });
    expect(within(dialog).getByText('油价上涨')).toBeTruthy();

    // double-click 石油 → input, change it, Enter
    fireEvent.doubleClick(within(dialog).getByText('石油'));
    const editor = within(dialog).getByRole('textbox', { name: '输入关键词' });
    fireEvent.change(editor, { target: { value: '原油价格' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(within(dialog).getByText('原油价格')).toBeTruthy();

    // × removes 欧佩克
    fireEvent.click(within(dialog).getByRole('button', { name: '删除关键词 欧佩克' }));
    expect(within(dialog).queryByText('欧佩克')).toBeNull();

    // + 新增 → type → Enter, then + 新增 again and leave it empty
    fireEvent.click(within(dialog).getByRole('button', { name: '+ 新增' }));
    const added = within(dialog).getByRole('textbox', { name: '输入关键词' });
    fireEvent.change(added, { target: { value: '  天然气 ' } });
    fireEvent.keyDown(added, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: '+ 新增' }));
    expect(within(dialog).getByRole('textbox', { name: '输入关键词' })).toBeTruthy();

    // tick 外交 (a leaf); 政治 (a parent) has no checkbox
    await within(dialog).findByText('外交');
    const tree = within(dialog).getByRole('tree');
    expect(within(tree).getByRole('treeitem', { name: /政治/ }).getAttribute('aria-checked')).toBeNull();
    fireEvent.click(within(tree).getByText('外交'));

    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('修改成功');
    expect(writes(provider)).toEqual([
      ['api/news/updateClassifyAndKeywords', { method: 'POST', body: { id: 5, classify: [21, 11], keywords: ['原油价格', '天然气'] } }],
    ]);
    expect(onSaved).toHaveBeenCalledWith({ classify: [21, 11], classifyNames: ['能源', '外交'], keywords: ['原油价格', '天然气'] });
  });

  it('Esc gives the tag back unchanged', async () => {
    setup(<EditTagsDialog open news={NEWS} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.doubleClick(within(dialog).getByText('石油'));
    const editor = within(dialog).getByRole('textbox', { name: '输入关键词' });
    fireEvent.change(editor, { target: { value: '别的' } });
    fireEvent.keyDown(editor, { key: 'Escape' });
    expect(within(dialog).getByText('石油')).toBeTruthy();
    expect(within(dialog).queryByText('别的')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ClassifyDialog', () => {
  it('saves the classification alone; a chosen class is removed with its ×', async () => {
    const onSaved = vi.fn();
    const provider = setup(<ClassifyDialog open news={{ ...NEWS, classify: [21, 12] }} onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑分类' });
    await within(dialog).findByRole('button', { name: '移除分类 选举' });
    fireEvent.click(within(dialog).getByRole('button', { name: '移除分类 选举' }));
    fireEvent.click(within(within(dialog).getByRole('tree')).getByText('金融'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('修改成功');
    expect(writes(provider)).toEqual([['api/news/updateClassify', { method: 'POST', body: { id: 5, classify: [21, 22] } }]]);
    expect(onSaved).toHaveBeenCalledWith({ classify: [21, 22], classifyNames: ['能源', '金融'] });
  });
});

describe('NoiseDeleteDialog', () => {
  it.each([
    ['noise', '确定将该新闻设为噪音吗？', 'api/news/setNoise', '已设为噪音'],
    ['delete', '确定删除该新闻吗？此操作不可恢复', 'api/news/deleteById', '删除成功'],
  ] as const)('%s asks "%s", then calls %s', async (action, question, path, done) => {
    const onDone = vi.fn();
    const provider = setup(<NoiseDeleteDialog open action={action} news={{ id: 9, title: 'T', titleCn: '标题' }} onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(question)).toBeTruthy();
    expect(within(dialog).getByText('标题')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText(done);
    expect(writes(provider)).toEqual([[path, { method: 'POST', body: { id: 9 } }]]);
    expect(onDone).toHaveBeenCalled();
  });
});

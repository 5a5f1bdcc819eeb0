// @vitest-environment jsdom
import { loadTags, pathAfterClose, saveTags, tagsReducer, type TagView, withPinned } from './tagsReducer';

const home: TagView = { path: '/home/dashboard', title: '首页', affix: true };
const user: TagView = { path: '/system/user', title: '用户管理' };
const role: TagView = { path: '/system/role', title: '角色管理' };
const menu: TagView = { path: '/system/menu', title: '菜单管理' };

describe('withPinned', () => {
  it('puts the pinned view first, affixed, whether it was open or not', () => {
    const pinned = { path: '/home/dashboard', title: '首页' };
    expect(withPinned([], pinned)).toEqual([home]);
    expect(withPinned([user, role], pinned)).toEqual([home, user, role]);
    expect(withPinned([user, { path: '/home/dashboard', title: 'Dashboard' }, role], pinned)).toEqual([{ ...home, title: 'Dashboard' }, user, role]);
  });
});

describe('tagsReducer', () => {
  it('adds a view once, keeping the order, and updates its title', () => {
    let state = tagsReducer([], { type: 'add', view: user });
    state = tagsReducer(state, { type: 'add', view: role });
    const same = tagsReducer(state, { type: 'add', view: user });
    expect(same).toBe(state);
    expect(tagsReducer(state, { type: 'add', view: { ...user, title: 'Users' } })).toEqual([
      { ...user, title: 'Users' },
      role,
    ]);
  });

  it('closes one view but never a pinned one', () => {
    const state = [home, user, role];
    expect(tagsReducer(state, { type: 'close', path: '/system/user' })).toEqual([home, role]);
    expect(tagsReducer(state, { type: 'close', path: '/home/dashboard' })).toEqual(state);
  });

  it('closes the others and all, keeping pinned views', () => {
    const state = [home, user, role, menu];
    expect(tagsReducer(state, { type: 'closeOthers', path: '/system/role' })).toEqual([home, role]);
    expect(tagsReducer(state, { type: 'closeAll' })).toEqual([home]);
    expect(tagsReducer([user, role], { type: 'closeAll' })).toEqual([]);
  });
});

describe('pathAfterClose', () => {
  it('stays when the current view survives, else goes to the last view or the fallback', () => {
    expect(pathAfterClose([user, role], '/system/user', '/enter')).toBeNull();
    expect(pathAfterClose([user, role], '/system/menu', '/enter')).toBe('/system/role');
    expect(pathAfterClose([], '/system/menu', '/enter')).toBe('/enter');
  });
});

describe('persistence', () => {
  it('round-trips through sessionStorage and ignores damaged values', () => {
    saveTags([user, role]);
    expect(loadTags()).toEqual([user, role]);
    sessionStorage.setItem('horizon-visited-views', '{oops');
    expect(loadTags()).toEqual([]);
  });
});

describe('retitle', () => {
  it('renames the tags it has titles for and keeps the others', () => {
    const state = [
      { path: '/system/user', title: '用户' },
      { path: '/user/center', title: '个人中心' },
    ];
    const next = tagsReducer(state, { type: 'retitle', titles: { '/system/user': '用户管理', '/other': 'x' } });
    expect(next).toEqual([
      { path: '/system/user', title: '用户管理' },
      { path: '/user/center', title: '个人中心' },
    ]);
  });

  it('keeps the same state when nothing changes', () => {
    const state = [{ path: '/system/user', title: '用户管理' }];
    expect(tagsReducer(state, { type: 'retitle', titles: { '/system/user': '用户管理' } })).toBe(state);
  });
});

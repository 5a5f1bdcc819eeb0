import { describe, expect, it } from 'vitest';
import type { OnlineUser } from '../types';
import { kickableKeys, kickConfirmText } from './online';

const rows = [
  { key: 'a', userName: 'admin', current: true },
  { key: 'b', userName: 'test' },
  { key: 'c', userName: 'zhangsan', current: false },
] as OnlineUser[];

describe('online users', () => {
  it('never kicks the current session', () => {
    expect(kickableKeys(rows, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(kickableKeys(rows, [])).toEqual([]);
  });

  it('asks by name for one session and by count for several', () => {
    expect(kickConfirmText([rows[1]])).toBe('确定强制退出用户 test 吗？');
    expect(kickConfirmText(rows.slice(1))).toBe('确定强制退出选中的 2 个会话吗？');
  });
});

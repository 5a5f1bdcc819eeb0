import type { OnlineUser } from '../types';

/** Keys that can be kicked: the current session is excluded (log out instead). */
export const kickableKeys = (rows: readonly OnlineUser[], selected: readonly string[]): string[] => {
  const current = new Set(rows.filter((r) => r.current).map((r) => r.key));
  return selected.filter((key) => !current.has(key));
};

export const kickConfirmText = (rows: readonly OnlineUser[]): string =>
  rows.length === 1 ? `确定强制退出用户 ${rows[0].userName} 吗？` : `确定强制退出选中的 ${rows.length} 个会话吗？`;

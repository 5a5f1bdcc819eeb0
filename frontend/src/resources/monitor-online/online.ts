import type { OnlineUser } from '../types';

/** Keys that can be kicked: the current session is excluded (log out instead). */
export const kickableKeys = (rows: readonly OnlineUser[], selected: readonly string[]): string[] => {
  const current = new Set(rows.filter((r) => r.current).map((r) => r.key));
  return selected.filter((key) => !current.has(key));
};

export const kickConfirmText = (rows: readonly OnlineUser[]): string =>
  rows.length === 1 ? `确定强制退出用户 ${rows[0].userName} 吗？` : `确定强制退出选中的 ${rows.length} 个会话吗？`;

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /(?:Headless)?Chrome\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* .*Safari\//],
];

const SYSTEMS: Array<[string, RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/** `Chrome 156 · Linux` out of a user-agent string (the full string stays in a tooltip). */
export function browserSummary(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return '';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua));
  if (!browser && !system) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  const name = browser ? `${browser[0]} ${browser[1].exec(ua)?.[1] ?? ''}`.trim() : '';
  return [name, system?.[0]].filter(Boolean).join(' · ');
}

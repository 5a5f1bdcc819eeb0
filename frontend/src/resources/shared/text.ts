// Shared wording and small formatting rules of the admin screens (zh-CN first).

export const MESSAGES = {
  created: '新增成功',
  updated: '编辑成功',
  deleted: '删除成功',
  empty: '暂无数据',
} as const;

export const deleteConfirmText = (count: number): string => `确认删除选中的 ${count} 条数据?`;

export const enableConfirmText = (enabled: boolean, name: string): string =>
  `此操作将 ${enabled ? '启用' : '禁用'} ${name}, 是否继续？`;

const pad = (n: number): string => String(n).padStart(2, '0');

export const formatDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const formatDateTime = (date: Date): string =>
  `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** `yyyy-MM-dd HH:mm:ss-{title}数据.xlsx`, the name eladmin users know. */
export const exportFileName = (title: string, now: Date = new Date()): string => `${formatDateTime(now)}-${title}数据.xlsx`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `createTime` filter: both days → `[start 00:00:00, end 23:59:59]` (swapped when reversed);
 * anything incomplete → no filter (the server only filters on exactly two values).
 */
export function toDateRange(start: string, end: string): [string, string] | undefined {
  if (!DAY.test(start) || !DAY.test(end)) return undefined;
  const [from, to] = start <= end ? [start, end] : [end, start];
  return [`${from} 00:00:00`, `${to} 23:59:59`];
}

/** Back from a filter value to the two day inputs. */
export function fromDateRange(value: unknown): [string, string] {
  if (!Array.isArray(value) || value.length !== 2) return ['', ''];
  const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');
  return [day(value[0]), day(value[1])];
}

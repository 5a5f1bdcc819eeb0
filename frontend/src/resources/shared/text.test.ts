import { describe, expect, it } from 'vitest';
import { deleteConfirmText, enableConfirmText, exportFileName, formatDateTime, fromDateRange, toDateRange } from './text';

describe('wording', () => {
  it('asks before deleting N rows', () => {
    expect(deleteConfirmText(1)).toBe('确认删除选中的 1 条数据?');
    expect(deleteConfirmText(12)).toBe('确认删除选中的 12 条数据?');
  });

  it('asks before enabling or disabling', () => {
    expect(enableConfirmText(true, 'admin')).toBe('此操作将 启用 admin, 是否继续？');
    expect(enableConfirmText(false, '研发部')).toBe('此操作将 禁用 研发部, 是否继续？');
  });
});

describe('export file name', () => {
  it('is `yyyy-MM-dd HH:mm:ss-{title}数据.xlsx` in local time', () => {
    const at = new Date(2024, 0, 5, 9, 3, 7);
    expect(formatDateTime(at)).toBe('2024-01-05 09:03:07');
    expect(exportFileName('用户', at)).toBe('2024-01-05 09:03:07-用户数据.xlsx');
  });
});

describe('date range filter', () => {
  it('covers whole days', () => {
    expect(toDateRange('2024-01-01', '2024-01-31')).toEqual(['2024-01-01 00:00:00', '2024-01-31 23:59:59']);
  });

  it('swaps a reversed range', () => {
    expect(toDateRange('2024-02-01', '2024-01-01')).toEqual(['2024-01-01 00:00:00', '2024-02-01 23:59:59']);
  });

  it('sends nothing while incomplete', () => {
    expect(toDateRange('2024-01-01', '')).toBeUndefined();
    expect(toDateRange('', '')).toBeUndefined();
    expect(toDateRange('2024-1-1', '2024-01-02')).toBeUndefined();
  });

  it('reads a filter value back into days', () => {
    expect(fromDateRange(['2024-01-01 00:00:00', '2024-01-31 23:59:59'])).toEqual(['2024-01-01', '2024-01-31']);
    expect(fromDateRange(undefined)).toEqual(['', '']);
    expect(fromDateRange(['2024-01-01'])).toEqual(['', '']);
  });
});

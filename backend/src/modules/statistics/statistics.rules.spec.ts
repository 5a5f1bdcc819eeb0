import { DomainException } from '../../common/errors/domain.exception.js';
import { formatDateTime } from '../../common/time/time.js';
import { journalStateTable, MAX_PERIOD_DAYS, STATISTIC_MESSAGES, stackCounts, statPeriod, visibleDepts } from './statistics.rules.js';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainException);
    return (e as DomainException).message;
  }
  throw new Error('expected a DomainException');
}

describe('statPeriod', () => {
  it('takes two days, both included, in the server zone', () => {
    const p = statPeriod('2026-03-01', '2026-03-31');
    expect(p).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-31', days: 31 });
    expect(formatDateTime(p.from)).toBe('2026-03-01 00:00:00');
    expect(formatDateTime(p.to)).toBe('2026-03-31 23:59:59');
    expect(statPeriod('2026-05-05', '2026-05-05').days).toBe(1);
  });

  it('answers 400 with the Chinese message for missing, malformed, reversed and too long periods', () => {
    expect(messageOf(() => statPeriod(undefined, '2026-03-01'))).toBe(STATISTIC_MESSAGES.startMissing);
    expect(messageOf(() => statPeriod('2026-03-01', ''))).toBe(STATISTIC_MESSAGES.endMissing);
    for (const bad of ['x', '2026-3-1', '2026-02-30', '2026-03-01 00:00:00', '20260301']) expect(messageOf(() => statPeriod(bad, '2026-03-31'))).toBe(STATISTIC_MESSAGES.startDate);
    expect(messageOf(() => statPeriod('2026-03-01', '2026-13-01'))).toBe(STATISTIC_MESSAGES.endDate);
    expect(messageOf(() => statPeriod('2026-03-02', '2026-03-01'))).toBe(STATISTIC_MESSAGES.dateOrder);
    expect(messageOf(() => statPeriod('2024-01-01', '2025-01-01'))).toBe(STATISTIC_MESSAGES.tooLong);
    expect(statPeriod('2024-01-01', '2024-12-31').days).toBe(MAX_PERIOD_DAYS);
  });
});

describe('visibleDepts', () => {
  it('intersects the data scope with the chosen department tree', () => {
    expect(visibleDepts(null, undefined)).toBeNull();
    expect(visibleDepts([1, 2], undefined)).toEqual([1, 2]);
    expect(visibleDepts(null, [5, 6])).toEqual([5, 6]);
    expect(visibleDepts([2, 5], [5, 6])).toEqual([5]);
    expect(visibleDepts([2], [5, 6])).toEqual([]);
    expect(visibleDepts([], undefined)).toEqual([]);
  });
});

describe('stackCounts', () => {
  it('orders groups by their sum and keeps each product with its counts', () => {
    const r = stackCounts([
      { productId: 1, productName: '日报', total: 5, key: '7', label: '编辑部', count: 2 },
      { productId: 1, productName: '日报', total: 5, key: '8', label: '国际部', count: 3 },
      { productId: 2, productName: '周刊', total: 4, key: '7', label: '编辑部', count: 4 },
    ]);
    expect(r.groups).toEqual([
      { key: '7', label: '编辑部', count: 6 },
      { key: '8', label: '国际部', count: 3 },
    ]);
    expect(r.products).toEqual([
      { productId: 1, productName: '日报', total: 5, counts: { 7: 2, 8: 3 } },
      { productId: 2, productName: '周刊', total: 4, counts: { 7: 4 } },
    ]);
    expect(stackCounts([])).toEqual({ groups: [], products: [] });
  });

  it('keeps the first seen order between groups of equal sums', () => {
    const r = stackCounts([
      { productId: 1, productName: 'A', total: 2, key: '要闻', label: '要闻', count: 1 },
      { productId: 1, productName: 'A', total: 2, key: '国际', label: '国际', count: 1 },
    ]);
    expect(r.groups.map((g) => g.key)).toEqual(['要闻', '国际']);
  });
});

describe('journalStateTable', () => {
  it('gives every product a count per status, largest product first', () => {
    expect(
      journalStateTable([
        { productId: 2, productName: '周刊', status: 'edit', count: 1 },
        { productId: 1, productName: '日报', status: 'done', count: 2 },
        { productId: 1, productName: '日报', status: 'edit', count: 1 },
      ]),
    ).toEqual([
      { productId: 1, productName: '日报', total: 3, edit: 1, submit: 0, done: 2, review: 0 },
      { productId: 2, productName: '周刊', total: 1, edit: 1, submit: 0, done: 0, review: 0 },
    ]);
  });
});

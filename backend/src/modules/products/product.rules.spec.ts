import { DomainException } from '../../common/errors/domain.exception.js';
import { byColumnOrder, columnIdList, effectiveWeekly, planColumns } from './product.rules.js';

const existing = [
  { id: 1, sort: 1, name: '要闻', status: true },
  { id: 2, sort: 2, name: '综述', status: false },
  { id: 3, sort: 3, name: '观察', status: true },
];

describe('planColumns', () => {
  it('updates listed ids, adds rows without id, removes the rest', () => {
    const plan = planColumns(existing, [
      { id: 2, sort: 5, name: '综述（改）', status: true },
      { name: '新栏目', sort: 9 },
      { id: 1, name: '要闻' },
    ]);
    expect(plan.updates).toEqual([
      { id: 2, sort: 5, name: '综述（改）', status: true },
      { id: 1, sort: 3, name: '要闻', status: true },
    ]);
    expect(plan.inserts).toEqual([{ sort: 9, name: '新栏目', status: true }]);
    expect(plan.removed.map((c) => c.id)).toEqual([3]);
  });

  it('defaults a missing sort to the position and keeps the status of an existing column', () => {
    const plan = planColumns(existing, [{ name: 'a' }, { id: 2, name: '综述' }, { name: 'b', status: false }]);
    expect(plan.inserts).toEqual([
      { sort: 1, name: 'a', status: true },
      { sort: 3, name: 'b', status: false },
    ]);
    expect(plan.updates).toEqual([{ id: 2, sort: 2, name: '综述', status: false }]);
  });

  it('an empty list removes every column', () => {
    expect(planColumns(existing, [])).toEqual({ updates: [], inserts: [], removed: existing });
  });

  it('refuses an id of another product and a repeated id', () => {
    expect(() => planColumns(existing, [{ id: 99, name: 'x' }])).toThrow(expect.objectContaining({ status: 400, message: '栏目不存在' }));
    expect(() => planColumns(existing, [{ id: 1, name: 'x' }, { id: 1, name: 'y' }])).toThrow(expect.objectContaining({ status: 400, message: '栏目不能重复' }));
  });
});

describe('byColumnOrder', () => {
  it('sorts by sort, then id', () => {
    const rows = [
      { id: 4, sort: 2 },
      { id: 3, sort: 2 },
      { id: 9, sort: 1 },
    ];
    expect([...rows].sort(byColumnOrder).map((r) => r.id)).toEqual([9, 3, 4]);
  });
});

describe('effectiveWeekly', () => {
  it('follows the flag without WEEKLY_PRODUCT_ID', () => {
    expect(effectiveWeekly(5, true, undefined)).toBe(true);
    expect(effectiveWeekly(5, false, undefined)).toBe(false);
  });

  it('follows WEEKLY_PRODUCT_ID when configured, whatever the flag', () => {
    expect(effectiveWeekly(5, false, 5)).toBe(true);
    expect(effectiveWeekly(6, true, 5)).toBe(false);
  });
});

describe('columnIdList', () => {
  it('reads arrays of numbers or digit strings and comma strings, without repeats', () => {
    expect(columnIdList([3, '4', 3])).toEqual([3, 4]);
    expect(columnIdList('5,6，5')).toEqual([5, 6]);
  });

  it('refuses empty lists and anything that is not an id with 请选择投稿栏目', () => {
    for (const bad of [[], '', null, undefined, [0], ['x'], [1.5], [{}], '1,a', [2_147_483_648], 7]) {
      expect(() => columnIdList(bad)).toThrow(DomainException);
      expect(() => columnIdList(bad)).toThrow('请选择投稿栏目');
    }
  });
});

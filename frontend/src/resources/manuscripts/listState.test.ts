import { describe, expect, it } from 'vitest';
import { defaultListState, fromSearch, toSearch, toWireQuery, withDept, withFilters, withSize, withTab } from './listState';

const all = ['my', 'dept', 'all'] as const;
const plain = ['my', 'dept'] as const;

describe('manuscript list state', () => {
  it('reads the route query, refusing tabs the user may not see', () => {
    const state = fromSearch(new URLSearchParams('tab=all&page=3&size=50&title=能源&productId=4&start=2026-11-01&end=2026-11-30&deptId=7'), all);
    expect(state).toEqual({ tab: 'all', page: 3, size: 50, title: '能源', abstracts: '', productId: 4, start: '2026-11-01', end: '2026-11-30', deptId: 7 });
    expect(fromSearch(new URLSearchParams('tab=all&deptId=7'), plain)).toMatchObject({ tab: 'my', deptId: null });
    expect(fromSearch(new URLSearchParams('tab=x&page=-1&size=33&start=bad'), plain)).toEqual(defaultListState('my'));
    expect(fromSearch(new URLSearchParams(''), plain).tab).toBe('my');
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    expect(toSearch(defaultListState('dept')).toString()).toBe('tab=dept');
    const state = { ...defaultListState('all'), page: 2, size: 100, abstracts: '油价', deptId: 9 };
    expect(fromSearch(toSearch(state), all)).toEqual(state);
  });

  it('sends the page zero-based, sorted by createTime desc, with the time range as two values', () => {
    expect(toWireQuery(defaultListState('my'))).toEqual({ tab: 'my', page: 0, size: 20, sort: 'createTime,desc' });
    const state = { ...defaultListState('all'), page: 3, size: 30, title: ' 能源 ', productId: 2, start: '2026-11-30', end: '2026-11-01', deptId: 5 };
    expect(toWireQuery(state)).toEqual({
      tab: 'all',
      page: 2,
      size: 30,
      sort: 'createTime,desc',
      title: '能源',
      productId: 2,
      deptId: 5,
      createTime: ['2026-11-01 00:00:00', '2026-11-30 23:59:59'],
    });
    // a half range is not sent
    expect(toWireQuery({ ...defaultListState(), start: '2026-11-01' })).not.toHaveProperty('createTime');
    // the unit filter only applies to 全部
    expect(toWireQuery({ ...defaultListState('dept'), deptId: 5 })).not.toHaveProperty('deptId');
  });

  it('goes back to the first page on a new tab, size, filter or unit', () => {
    const state = { ...defaultListState('all'), page: 4, deptId: 3 };
    expect(withTab(state, 'my')).toMatchObject({ tab: 'my', page: 1, deptId: null });
    expect(withSize(state, 50)).toMatchObject({ size: 50, page: 1 });
    expect(withFilters(state, { title: 'a', abstracts: '', productId: null, start: '', end: '' })).toMatchObject({ title: 'a', page: 1 });
    expect(withDept(state, 8)).toMatchObject({ deptId: 8, page: 1 });
  });
});

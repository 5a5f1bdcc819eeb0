import { flattenCounts, groupByColumn } from './provide.service';

describe('provider counts', () => {
  it('groups the rows by column in their order, each unit with its count and stored id', () => {
    const rows = [
      { columnId: 2, columnName: '要闻', deptId: 7, deptName: '编辑部', id: null, provideCount: 3 },
      { columnId: 2, columnName: '要闻', deptId: 5, deptName: '新闻部', id: 11, provideCount: 0 },
      { columnId: 1, columnName: null, deptId: 7, deptName: null, id: 12, provideCount: 4 },
    ];
    expect(groupByColumn(rows)).toEqual([
      { column: { id: 2, name: '要闻' }, list: [{ id: null, dept: { id: 7, name: '编辑部' }, provideCount: 3 }, { id: 11, dept: { id: 5, name: '新闻部' }, provideCount: 0 }] },
      { column: { id: 1, name: null }, list: [{ id: 12, dept: { id: 7, name: null }, provideCount: 4 }] },
    ]);
    expect(groupByColumn([])).toEqual([]);
  });

  it('a saveAll body becomes one row per column × unit; the last one sent wins', () => {
    const dto = {
      list: [
        { column: { id: 1 }, list: [{ dept: { id: 7 }, provideCount: 1 }, { dept: { id: 8 }, provideCount: 2 }] },
        { column: { id: 2 }, list: [] },
        { column: { id: 1 }, list: [{ dept: { id: 7 }, provideCount: 5 }] },
      ],
    };
    expect(flattenCounts(dto)).toEqual([
      { columnId: 1, deptId: 7, provideCount: 5 },
      { columnId: 1, deptId: 8, provideCount: 2 },
    ]);
  });
});

import { buildListQuery, filterParams, toListResult, withQuery } from './listQuery';

describe('buildListQuery', () => {
  it('maps react-admin paging and sort to page (zero-based), size and sort=field,dir', () => {
    expect(
      buildListQuery({ pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} }),
    ).toBe('page=0&size=20&sort=id,desc');
    expect(buildListQuery({ pagination: { page: 3, perPage: 50 }, sort: { field: 'createTime', order: 'ASC' } })).toBe(
      'page=2&size=50&sort=createTime,asc',
    );
  });

  it('drops empty filters, repeats arrays, renames q to blurry and encodes values', () => {
    const query = buildListQuery({
      filter: {
        q: '张 三',
        enabled: false,
        deptId: 7,
        name: '',
        pid: null,
        jobs: [],
        createTime: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
        dept: { id: 3 },
        skipped: undefined,
      },
    });
    expect(query).toBe(
      'blurry=%E5%BC%A0+%E4%B8%89&enabled=false&deptId=7' +
        '&createTime=2026-01-01+00%3A00%3A00&createTime=2026-01-31+23%3A59%3A59&dept=3',
    );
  });

  it('leaves out sort when there is no field', () => {
    expect(buildListQuery({ pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' } })).toBe(
      'page=0&size=10',
    );
  });

  it('formats dates as yyyy-MM-dd HH:mm:ss', () => {
    expect(filterParams({ createTime: [new Date(2026, 0, 2, 3, 4, 5)] })).toEqual([
      ['createTime', '2026-01-02 03:04:05'],
    ]);
  });
});

describe('toListResult', () => {
  it('maps {content, totalElements} to {data, total}', () => {
    expect(toListResult({ content: [{ id: 1 }], totalElements: 41 })).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('accepts plain arrays and empty bodies', () => {
    expect(toListResult([{ id: 1 }, { id: 2 }])).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(toListResult(null)).toEqual({ data: [], total: 0 });
    expect(toListResult({ totalElements: 0 })).toEqual({ data: [], total: 0 });
  });
});

describe('withQuery', () => {
  it('appends with ? or &', () => {
    expect(withQuery('api/users', 'a=1')).toBe('api/users?a=1');
    expect(withQuery('api/users?x=2', 'a=1')).toBe('api/users?x=2&a=1');
    expect(withQuery('api/users', '')).toBe('api/users');
  });
});

import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainException } from '../errors/domain.exception.js';
import { setTimeZone } from '../time/time.js';
import { applyListQuery, DateRangeFilter, IdFilter, likePattern, ListQuery, LookupQuery, page, parseSort, toBoolean, TrimmedFilter, BooleanFilter, TreeListQuery } from './list-query.js';
import { createValidationPipe } from './validation.js';

const SORT = { id: 'u.id', name: 'u.name', createTime: 'u.createTime' };

class ProbeQuery extends ListQuery {
  @TrimmedFilter()
  blurry?: string;

  @IdFilter()
  deptId?: number;

  @BooleanFilter()
  enabled?: boolean;

  @DateRangeFilter()
  createTime?: [Date, Date];
}

/** What the global pipe makes of a query string object. */
const parse = (query: Record<string, unknown>): Promise<ProbeQuery> => createValidationPipe().transform(query, { type: 'query', metatype: ProbeQuery });

const failure = async (query: Record<string, unknown>): Promise<{ status: number; message: string }> => {
  try {
    await parse(query);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainException);
    return { status: (e as DomainException).status, message: (e as DomainException).message };
  }
  throw new Error(`expected ${JSON.stringify(query)} to be rejected`);
};

describe('parseSort', () => {
  it('uses the fallback when nothing is asked', () => {
    expect(parseSort(undefined, SORT, ['id,desc'])).toEqual([{ expr: 'u.id', dir: 'DESC' }]);
    expect(parseSort([], SORT, ['name'])).toEqual([{ expr: 'u.name', dir: 'ASC' }]);
  });

  it('maps whitelisted fields to their SQL expression, in order, case-insensitive direction', () => {
    expect(parseSort(['name,DESC', ' createTime , asc ', 'id'], SORT, [])).toEqual([
      { expr: 'u.name', dir: 'DESC' },
      { expr: 'u.createTime', dir: 'ASC' },
      { expr: 'u.id', dir: 'ASC' },
    ]);
  });

  it('skips an empty field', () => {
    expect(parseSort([',desc', ''], SORT, ['id'])).toEqual([]);
  });

  it('refuses an unknown field or direction with a 400', () => {
    expect(() => parseSort(['password,asc'], SORT, [])).toThrow(expect.objectContaining({ status: 400, message: '不支持的排序字段: password' }));
    expect(() => parseSort(['u.id,asc'], SORT, [])).toThrow('不支持的排序字段: u.id');
    expect(() => parseSort(['constructor'], SORT, [])).toThrow('不支持的排序字段: constructor');
    expect(() => parseSort(['id,sideways'], SORT, [])).toThrow(expect.objectContaining({ status: 400, message: '排序方向只能是 asc 或 desc: id,sideways' }));
    expect(() => parseSort(['id;drop table x,asc'], SORT, [])).toThrow(DomainException);
  });
});

describe('likePattern', () => {
  it('wraps in % and escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('abc')).toBe('%abc%');
    expect(likePattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
    expect(likePattern('')).toBe('%%');
  });
});

describe('toBoolean', () => {
  it('reads the forms clients send and leaves the rest for validation', () => {
    expect([true, 'true', '1', 1].map(toBoolean)).toEqual([true, true, true, true]);
    expect([false, 'false', '0', 0].map(toBoolean)).toEqual([false, false, false, false]);
    expect(['', null, undefined].map(toBoolean)).toEqual([undefined, undefined, undefined]);
    expect(toBoolean('yes')).toBe('yes');
  });
});

describe('page', () => {
  it('builds the list answer', () => {
    expect(page([1, 2], 10)).toEqual({ content: [1, 2], totalElements: 10 });
  });
});

describe('list query parsing', () => {
  beforeAll(() => setTimeZone('Asia/Shanghai'));

  it('converts page, size and a single or repeated sort', async () => {
    expect(await parse({ page: '2', size: '50', sort: 'id,desc' })).toMatchObject({ page: 2, size: 50, sort: ['id,desc'] });
    expect((await parse({ sort: ['name,asc', 'id,desc'] })).sort).toEqual(['name,asc', 'id,desc']);
  });

  it('ignores empty values', async () => {
    const q = await parse({ page: '', size: '', sort: '', blurry: '  ', deptId: '', enabled: '', createTime: ['', ''] });
    expect(q).toMatchObject({ page: undefined, size: undefined, sort: undefined, blurry: undefined, deptId: undefined, enabled: undefined, createTime: undefined });
  });

  it('trims filters, reads booleans and ids', async () => {
    expect(await parse({ blurry: '  abc ', deptId: '7', enabled: 'false' })).toMatchObject({ blurry: 'abc', deptId: 7, enabled: false });
    expect((await parse({ blurry: ['first', 'second'] })).blurry).toBe('first');
  });

  it('reads a createTime range in the configured zone, end of day inclusive', async () => {
    const q = await parse({ createTime: ['2026-01-02', '2026-01-03'] });
    expect(q.createTime?.map((d) => d.toISOString())).toEqual(['2026-01-01T16:00:00.000Z', '2026-01-03T15:59:59.999Z']);
    const joined = await parse({ createTime: '2026-01-02 08:00:00,2026-01-02 09:00:00' });
    expect(joined.createTime?.map((d) => d.toISOString())).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-02T01:00:00.000Z']);
  });

  it('answers readable 400s', async () => {
    expect(await failure({ size: '1001' })).toEqual({ status: 400, message: 'size 不能超过 1000' });
    expect(await failure({ size: '0' })).toEqual({ status: 400, message: 'size 不能小于 1' });
    expect(await failure({ size: '1.5' })).toEqual({ status: 400, message: 'size 必须是整数' });
    expect(await failure({ page: '-1' })).toEqual({ status: 400, message: 'page 不能小于 0' });
    expect(await failure({ page: 'abc' })).toEqual({ status: 400, message: 'page 必须是整数' });
    expect(await failure({ deptId: 'x' })).toEqual({ status: 400, message: 'deptId 必须是整数' });
    expect(await failure({ createTime: '2026-01-01' })).toEqual({ status: 400, message: 'createTime 需要开始和结束两个时间' });
    expect(await failure({ createTime: ['2026-01-01', 'soon'] })).toEqual({ status: 400, message: 'createTime 时间格式应为 yyyy-MM-dd HH:mm:ss' });
    expect(await failure({ blurry: { $ne: 1 } })).toEqual({ status: 400, message: 'blurry 必须是字符串' });
  });

  // Issue 12: page=1e308 / 1e20 answered 500; `true`, hex, spaces and exponents were read as numbers.
  it('takes only decimal integers for page, size and ids, and keeps page * size a safe offset', async () => {
    for (const bad of ['1e308', '1e20', '1e3', '0x10', ' 1', '1 ', '1.0', '+1', 'true', 'Infinity', 'NaN', '9'.repeat(400)]) {
      expect([bad, await failure({ page: bad })]).toEqual([bad, { status: 400, message: 'page 必须是整数' }]);
      expect([bad, (await failure({ deptId: bad })).message]).toEqual([bad, 'deptId 必须是整数']);
    }
    expect(await failure({ size: 'true' })).toEqual({ status: 400, message: 'size 必须是整数' });
    expect(await failure({ page: ['1', '2'] })).toEqual({ status: 400, message: 'page 必须是整数' });
    const limit = Math.floor(Number.MAX_SAFE_INTEGER / 1000); // the largest page of 1000 rows
    expect(await parse({ page: String(limit), size: '1000' })).toMatchObject({ page: limit, size: 1000 });
    expect(await failure({ page: String(limit + 1), size: '1000' })).toEqual({ status: 400, message: 'page 超出范围' });
    expect(await failure({ page: String(limit + 1) })).toEqual({ status: 400, message: 'page 超出范围' }); // size not given: counted as 1000
    expect(await parse({ page: String(limit * 50), size: '20' })).toMatchObject({ page: limit * 50, size: 20 });
    expect(await parse({ page: '1000000000000', size: '1000' })).toMatchObject({ page: 1e12 }); // far: an empty page
    expect(await failure({ page: '100000000000000000000' })).toEqual({ status: 400, message: 'page 超出范围' });
    expect(await failure({ page: String(Number.MAX_SAFE_INTEGER), size: '2' })).toEqual({ status: 400, message: 'page 超出范围' });
  });

  it('lets the lookups clients load whole ask for up to 9999 rows; other lists stop at 1000', async () => {
    const pipe = createValidationPipe();
    for (const metatype of [LookupQuery, TreeListQuery]) {
      expect(await pipe.transform({ page: '0', size: '9999' }, { type: 'query', metatype })).toMatchObject({ page: 0, size: 9999 });
      await expect(pipe.transform({ size: '10000' }, { type: 'query', metatype })).rejects.toMatchObject({ status: 400, message: 'size 不能超过 9999' });
    }
    expect(await failure({ size: '9999' })).toEqual({ status: 400, message: 'size 不能超过 1000' });
  });
});

describe('applyListQuery', () => {
  const fakeBuilder = () => {
    const calls: Array<[string, ...unknown[]]> = [];
    const qb = {} as Record<string, (...args: unknown[]) => unknown>;
    for (const name of ['orderBy', 'addOrderBy', 'skip', 'take']) {
      qb[name] = (...args: unknown[]) => {
        calls.push([name, ...args]);
        return qb;
      };
    }
    return { qb: qb as unknown as SelectQueryBuilder<ObjectLiteral>, calls };
  };

  it('orders by the asked fields with id as a stable tie-breaker, then pages', () => {
    const { qb, calls } = fakeBuilder();
    applyListQuery(qb, { sort: ['name,desc'], page: 2, size: 10 }, SORT);
    expect(calls).toEqual([
      ['orderBy', 'u.name', 'DESC'],
      ['addOrderBy', 'u.id', 'DESC'],
      ['skip', 20],
      ['take', 10],
    ]);
  });

  it('uses the fallback sort and the default page size', () => {
    const { qb, calls } = fakeBuilder();
    applyListQuery(qb, {}, SORT);
    expect(calls).toEqual([
      ['orderBy', 'u.id', 'DESC'],
      ['skip', 0],
      ['take', 20],
    ]);
  });

  it('does not add id twice', () => {
    const { qb, calls } = fakeBuilder();
    applyListQuery(qb, { sort: ['id,asc'] }, SORT);
    expect(calls.filter(([name]) => name === 'orderBy' || name === 'addOrderBy')).toEqual([['orderBy', 'u.id', 'ASC']]);
  });
});

import { QueryFailedError } from 'typeorm';
import { restartDelay } from '../database/embedded';
import { ErrorFilter, isDatabaseUnavailable } from './error.filter';

const netError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])('a socket error %s is "unavailable"', (code) => {
    expect(isDatabaseUnavailable(netError(code))).toBe(true);
  });

  it('PostgreSQL admin shutdown, cannot connect now, and connection exceptions (class 08)', () => {
    for (const code of ['57P01', '57P03', '08006', '08001']) {
      const e = new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection'), { code }));
      expect(isDatabaseUnavailable(e)).toBe(true);
    }
  });

  it("pg's own texts: a cut connection, a pool that cannot connect in time, an aggregate of refusals", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([netError('ECONNREFUSED'), netError('ECONNREFUSED')], ''))).toBe(true);
  });

  it('bad input and bugs are not "unavailable"', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('x', [], Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('the filter answers 503 DATABASE_UNAVAILABLE for them', () => {
    const body = new ErrorFilter().toBody(netError('ECONNREFUSED'));
    expect(body).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', message: '数据库暂时不可用，请稍后重试' });
  });
});

describe('restartDelay (embedded PostgreSQL supervisor)', () => {
  it('grows from 0.5 s and stays at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});

import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { AuditWriter } from './audit/audit-writer.js';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { GlobalInterceptor } from './global.interceptor.js';
import { DateInterceptor } from './time/date.interceptor.js';
import { setTimeZone } from './time/time.js';

function context(method: string, res: { statusCode: number } = { statusCode: 201 }): ExecutionContext {
  const req = { method, body: { name: 'x' }, headers: {}, principal: { username: 'alice' } };
  return {
    getType: () => 'http',
    getHandler: () => function handler() {},
    getClass: () => class Probe {},
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ExecutionContext;
}

describe('GlobalInterceptor', () => {
  beforeAll(() => setTimeZone('Asia/Shanghai'));
  const write = jest.fn(async () => undefined);
  const interceptor = new GlobalInterceptor(new AuditInterceptor(new Reflector(), { write } as unknown as AuditWriter), new DateInterceptor());
  beforeEach(() => write.mockClear());

  it('answers a read with its dates written, and audits nothing', async () => {
    const out = await lastValueFrom(interceptor.intercept(context('GET'), { handle: () => of({ at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }) }));
    expect(out).toEqual({ at: '2026-01-02 11:04:05' });
    expect(write).not.toHaveBeenCalled();
  });

  it('writes one audit row for a write, with the handler\'s status, after the dates were written', async () => {
    const out = await lastValueFrom(interceptor.intercept(context('POST'), { handle: () => of({ at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }) }));
    expect(out).toEqual({ at: '2026-01-02 11:04:05' });
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ logType: 'INFO', status: 201, username: 'alice' }));
  });

  it('runs audit outside dates: the audit sees the answer as the client gets it', async () => {
    const audit = new AuditInterceptor(new Reflector(), { write } as unknown as AuditWriter);
    const dates = new DateInterceptor();
    const outer = jest.spyOn(audit, 'intercept');
    const inner = jest.spyOn(dates, 'intercept');
    const composed = new GlobalInterceptor(audit, dates);
    await lastValueFrom(composed.intercept(context('POST'), { handle: () => of({ user: { username: 'bob' }, at: new Date(0) }) }));
    expect(outer.mock.invocationCallOrder[0]).toBeLessThan(inner.mock.invocationCallOrder[0]);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('audits a failed write as an error and passes the error on', async () => {
    const failure = Object.assign(new Error('boom'), { status: 409 });
    await expect(lastValueFrom(interceptor.intercept(context('PUT'), { handle: () => throwError(() => failure) }))).rejects.toBe(failure);
    expect(write).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ logType: 'ERROR' }));
  });
});

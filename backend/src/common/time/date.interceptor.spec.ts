import { lastValueFrom, of } from 'rxjs';
import { DateInterceptor, markDatesWritten, serializeDates } from './date.interceptor.js';
import { setTimeZone } from './time.js';

describe('serializeDates', () => {
  beforeAll(() => setTimeZone('Asia/Shanghai'));

  it('writes every Date of plain objects and arrays as yyyy-MM-dd HH:mm:ss', () => {
    const d = new Date('2026-01-02T03:04:05Z');
    expect(serializeDates({ a: d, list: [{ b: d }, 1, 'x', null], nested: { c: d, n: 2 } })).toEqual({
      a: '2026-01-02 11:04:05',
      list: [{ b: '2026-01-02 11:04:05' }, 1, 'x', null],
      nested: { c: '2026-01-02 11:04:05', n: 2 },
    });
    expect(serializeDates(d)).toBe('2026-01-02 11:04:05');
    expect(serializeDates(Object.assign(Object.create(null), { d }))).toEqual({ d: '2026-01-02 11:04:05' });
  });

  it('leaves class instances (files, streams, buffers) and scalars untouched', () => {
    class File {
      when = new Date();
    }
    const file = new File();
    const buffer = Buffer.from('x');
    expect(serializeDates(file)).toBe(file);
    expect(serializeDates(buffer)).toBe(buffer);
    expect(serializeDates(undefined)).toBeUndefined();
    expect(serializeDates('2026')).toBe('2026');
  });

  it('is applied to every response by the interceptor', async () => {
    const out = new DateInterceptor().intercept({} as never, { handle: () => of({ createTime: new Date('2026-01-02T03:04:05Z') }) });
    expect(await lastValueFrom(out)).toEqual({ createTime: '2026-01-02 11:04:05' });
  });
});

describe('serializeDates copy on write', () => {
  it('answers a payload without Date values as it is, and never changes its input', () => {
    const page = { content: [{ id: 1, title: 't', tags: ['a'], at: '2026-01-02 11:04:05' }], totalElements: 1 };
    expect(serializeDates(page)).toBe(page);
    const withDate = { content: [{ id: 1, at: new Date('2026-01-02T03:04:05Z') }, { id: 2 }], n: 1 };
    const out = serializeDates(withDate) as typeof withDate;
    expect(out).not.toBe(withDate);
    expect(withDate.content[0].at).toBeInstanceOf(Date);
    expect(out.content[1]).toBe(withDate.content[1]); // untouched parts are shared
  });
});

describe('markDatesWritten', () => {
  it('answers a marked payload as it is, without looking inside; an unmarked one is still written', () => {
    const when = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const marked = markDatesWritten({ content: [{ publishTime: '2026-01-02 11:04:05' }], totalElements: 1 });
    expect(serializeDates(marked)).toBe(marked);
    // Were a Date left inside by mistake, the mark is a promise the interceptor trusts: it stays a Date.
    const trusted = markDatesWritten({ at: when });
    expect((serializeDates(trusted) as { at: unknown }).at).toBe(when);
    expect(serializeDates({ at: when })).toEqual({ at: expect.stringMatching(/^2026-01-02 \d\d:04:05$/) });
  });
});

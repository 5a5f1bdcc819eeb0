import { DomainException } from '../errors/domain.exception.js';
import { bodyLimits, bodyShapeProblem, MAX_BODY_DEPTH, MAX_BODY_ENTRIES } from './body-limits.js';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const nestedArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('bodyShapeProblem', () => {
  it('accepts ordinary bodies, scalars and nothing', () => {
    for (const ok of [undefined, null, 1, 'x', {}, [], { id: 1, roles: [{ id: 2 }] }, [1, 2, 3]]) expect(bodyShapeProblem(ok)).toBeUndefined();
  });

  it('allows exactly MAX_BODY_DEPTH levels and refuses one more', () => {
    expect(MAX_BODY_DEPTH).toBe(32);
    expect(bodyShapeProblem(nested(32))).toBeUndefined();
    expect(bodyShapeProblem(nested(33))).toBe('depth');
    expect(bodyShapeProblem(nestedArrays(32))).toBeUndefined();
    expect(bodyShapeProblem(nestedArrays(33))).toBe('depth');
  });

  it('refuses more than MAX_BODY_ENTRIES keys and items in all', () => {
    expect(bodyShapeProblem(Array.from({ length: MAX_BODY_ENTRIES }, () => 0))).toBeUndefined();
    expect(bodyShapeProblem(Array.from({ length: MAX_BODY_ENTRIES + 1 }, () => 0))).toBe('entries');
    const spread = Array.from({ length: 101 }, () => Object.fromEntries(Array.from({ length: 99 }, (_, i) => [`k${i}`, i])));
    expect(bodyShapeProblem(spread)).toBe('entries'); // 101 + 101 * 99 = 10,100
  });

  it('walks without recursion and cheaply, whatever the input', () => {
    const huge = nestedArrays(200_000); // would overflow any recursive walk
    const wide = Array.from({ length: 2_000_000 }, (_, i) => i);
    const started = process.hrtime.bigint();
    expect(bodyShapeProblem(huge)).toBe('depth');
    expect(bodyShapeProblem(wide)).toBe('entries');
    expect(bodyShapeProblem(Array.from({ length: 1000 }, () => ({ a: { b: [1, 2, 3, 4, 5] } })))).toBeUndefined();
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(200);
  });
});

describe('bodyLimits middleware', () => {
  const run = (body: unknown) => {
    const req = { body } as { body: unknown };
    let passed: unknown = 'not called';
    bodyLimits()(req as never, {} as never, (err?: unknown) => (passed = err));
    return { req, passed };
  };

  it('passes a fine body on, untouched', () => {
    const body = { a: [1, 2] };
    const { req, passed } = run(body);
    expect(passed).toBeUndefined();
    expect(req.body).toBe(body);
  });

  it('refuses with a 400 and drops the body', () => {
    const deep = run(nested(40));
    expect(deep.passed).toBeInstanceOf(DomainException);
    expect(deep.passed).toMatchObject({ status: 400, message: '请求体嵌套层数过深', code: 'BAD_REQUEST_BODY' });
    expect(deep.req.body).toBeUndefined();
    expect(run(Array.from({ length: 10_001 }, () => 0)).passed).toMatchObject({ status: 400, message: '请求体字段过多', code: 'BAD_REQUEST_BODY' });
  });
});

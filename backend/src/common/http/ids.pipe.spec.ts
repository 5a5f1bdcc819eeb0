import { DomainException } from '../errors/domain.exception.js';
import { ParseIdPipe, ParseIdsPipe } from './ids.pipe.js';
import { createValidationPipe } from './validation.js';

describe('ParseIdsPipe', () => {
  const pipe = new ParseIdsPipe();

  it('accepts positive integers and digit strings, without duplicates', () => {
    expect(pipe.transform([3, '4', 3])).toEqual([3, 4]);
  });

  it('refuses anything else with a 400', () => {
    const cases: Array<[unknown, string]> = [
      [[], '请选择要操作的数据（id 数组）'],
      [{}, '请选择要操作的数据（id 数组）'],
      [undefined, '请选择要操作的数据（id 数组）'],
      ['1', '请选择要操作的数据（id 数组）'],
      [[0], 'id 必须是正整数'],
      [[-1], 'id 必须是正整数'],
      [[1.5], 'id 必须是正整数'],
      [['1a'], 'id 必须是正整数'],
      [[null], 'id 必须是正整数'],
      [[{ id: 1 }], 'id 必须是正整数'],
      [[true], 'id 必须是正整数'],
      [['0x10'], 'id 必须是正整数'],
      [[' 1'], 'id 必须是正整数'],
      [['1e3'], 'id 必须是正整数'],
      [['1.0'], 'id 必须是正整数'],
      [[Number.MAX_SAFE_INTEGER + 1], 'id 必须是正整数'],
      [Array.from({ length: 1001 }, (_, i) => i + 1), '一次最多操作 1000 条数据'],
    ];
    for (const [value, message] of cases) {
      expect(() => pipe.transform(value)).toThrow(DomainException);
      expect(() => pipe.transform(value)).toThrow(expect.objectContaining({ status: 400, message }));
    }
  });
});

describe('ParseIdPipe', () => {
  const pipe = new ParseIdPipe();

  it('reads a positive integer, as text or already converted', () => {
    expect(pipe.transform('42')).toBe(42);
    expect(pipe.transform(7)).toBe(7);
  });

  it('refuses anything else with a 400', () => {
    for (const value of ['0', '-1', '1.5', 'abc', '', undefined, null, 0, -1, 1.5, NaN, '99999999999999999999', [1]]) {
      expect(() => pipe.transform(value)).toThrow(expect.objectContaining({ status: 400, message: 'id 必须是正整数' }));
    }
  });

  // Issue 12: the global pipe ran first and its `+value` made `0x10` id 16, ` 1` id 1 and `1e3` id 1000.
  it('sees a path id as the global pipe leaves it: only decimal digits become a number', async () => {
    const global = createValidationPipe();
    const viaGlobal = async (raw: string) => pipe.transform(await global.transform(raw, { type: 'param', data: 'id', metatype: Number }));
    expect(await viaGlobal('12')).toBe(12);
    for (const raw of ['0x10', ' 1', '1 ', '1e3', '1.0', '+1', 'true', 'Infinity']) {
      await expect(viaGlobal(raw)).rejects.toMatchObject({ status: 400, message: 'id 必须是正整数' });
    }
  });
});

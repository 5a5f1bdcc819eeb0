import { DomainException } from '../../common/errors/domain.exception.js';
import { fieldId } from './journal-files.service.js';

describe('fieldId (multipart journalId)', () => {
  it('reads a positive int id', () => {
    expect(fieldId('42', '期刊 id')).toBe(42);
    expect(fieldId(' 7 ', '期刊 id')).toBe(7);
  });

  it('answers 400 with a message naming the field', () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, '期刊 id 不能为空'],
      ['  ', '期刊 id 不能为空'],
      ['abc', '期刊 id 必须是正整数'],
      ['-1', '期刊 id 必须是正整数'],
      ['0', '期刊 id 必须是正整数'],
      ['1.5', '期刊 id 必须是正整数'],
      ['2147483648', '期刊 id 超出范围'],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        fieldId(value, '期刊 id');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainException);
      expect([value, (error as DomainException).status, (error as DomainException).message]).toEqual([value, 400, message]);
    }
  });
});

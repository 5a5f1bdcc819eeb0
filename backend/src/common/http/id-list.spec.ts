import { plainToInstance } from 'class-transformer';
import { IsDefined, IsOptional, validate } from 'class-validator';
import { ID_CSV, IdOf, isIntId, parseIdCsv, parseIdList, splitIds, toId, toInteger } from './id-list.js';
import { INT4_MAX } from './list-query.js';

describe('isIntId', () => {
  it('is a positive integer up to INT4_MAX', () => {
    for (const ok of [1, 42, INT4_MAX]) expect(isIntId(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, NaN, Infinity, '1', null, undefined]) expect([bad, isIntId(bad)]).toEqual([bad, false]);
  });
});

describe('toInteger / toId', () => {
  it('turns integer text into numbers and leaves the rest', () => {
    expect(toInteger('12')).toBe(12);
    expect(toInteger('-3')).toBe(-3);
    // Only decimal digits: no spaces, hex, exponent, fraction, sign + or booleans (issue 12).
    for (const kept of [' 12 ', ' 1', '1 ', '0x10', '1e3', '1.0', '1.5', '+1', 'x', '', ' ', true, false, 7, 1.5, null, undefined, [1], {}]) {
      expect([kept, toInteger(kept)]).toEqual([kept, kept]);
    }
  });

  it('toId maps blanks to the chosen "none" and keeps an absent field absent', () => {
    expect(toId('', null)).toBeNull();
    expect(toId(null, null)).toBeNull();
    expect(toId('')).toBeUndefined();
    expect(toId(undefined, null)).toBeUndefined();
    expect(toId('5')).toBe(5);
    expect(toId(' 5 ')).toBe(' 5 ');
    expect(toId(' ')).toBe(' ');
    expect(toId(true)).toBe(true);
  });
});

class Ref {
  @IsDefined({ message: '请选择' })
  @IdOf('不存在')
  id: number;

  @IsOptional()
  @IdOf('文件不存在', null)
  fileId?: number | null;
}

const firstMessage = async (plain: object) => {
  const errors = await validate(plainToInstance(Ref, plain));
  return errors.map((e) => Object.values(e.constraints ?? {})[0]);
};

describe('IdOf', () => {
  it('accepts ids as numbers or digit strings', async () => {
    const ref = plainToInstance(Ref, { id: '7', fileId: '' });
    expect(ref).toMatchObject({ id: 7, fileId: null });
    expect(await validate(ref)).toEqual([]);
  });

  it('answers one message for every bad id', async () => {
    for (const bad of ['x', 0, '-1', 1.5, INT4_MAX + 1, ' ', true, '0x10', ' 1', '1e3', '1.0', [1]]) expect(await firstMessage({ id: bad })).toEqual(['不存在']);
    expect(await firstMessage({ id: '' })).toEqual(['请选择']);
    expect(await firstMessage({ id: 1, fileId: 'x' })).toEqual(['文件不存在']);
  });
});

describe('splitIds', () => {
  it('splits on both commas, trimmed, blanks dropped', () => {
    expect(splitIds(' 3 ，7,,x, ')).toEqual(['3', '7', 'x']);
    expect(splitIds('')).toEqual([]);
  });
});

describe('parseIdList', () => {
  it('reads comma strings, arrays and one number, repeats dropped', () => {
    expect(parseIdList('3,7')).toEqual([3, 7]);
    expect(parseIdList(' 7 ， 3 ,7,')).toEqual([7, 3]);
    expect(parseIdList([3, '7', 3])).toEqual([3, 7]);
    expect(parseIdList(5)).toEqual([5]);
  });

  it('nothing → null', () => {
    for (const none of [undefined, null, '', ' , ', []]) expect([none, parseIdList(none)]).toEqual([none, null]);
  });

  it('malformed → undefined', () => {
    for (const bad of ['3,x', '0', '-1', '1.5', '0x10', '1e3', [1.5], ['3', ''], [3, {}], ['3,7'], [' 7 '], [true], ['0x10'], { id: 3 }, true, String(INT4_MAX + 1)]) {
      expect([bad, parseIdList(bad)]).toEqual([bad, undefined]);
    }
  });
});

describe('parseIdCsv / ID_CSV', () => {
  it('reads the stored form, skipping junk', () => {
    expect(parseIdCsv('3,7')).toEqual([3, 7]);
    expect(parseIdCsv('3, 7,x,,0')).toEqual([3, 7]);
    expect(parseIdCsv(null)).toEqual([]);
    expect(parseIdCsv('')).toEqual([]);
  });

  it('ID_CSV matches the stored form only', () => {
    expect(ID_CSV.test('3,7')).toBe(true);
    for (const bad of ['', '3,', '3, 7', 'x']) expect(ID_CSV.test(bad)).toBe(false);
  });
});

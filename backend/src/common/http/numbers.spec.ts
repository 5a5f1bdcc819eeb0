import { plainToInstance } from 'class-transformer';
import { IsInt, validate } from 'class-validator';
import { IntInput, toInteger } from './numbers.js';

describe('toInteger', () => {
  it('reads decimal digits (with an optional minus) and JSON numbers', () => {
    expect(toInteger('0')).toBe(0);
    expect(toInteger('12')).toBe(12);
    expect(toInteger('-3')).toBe(-3);
    expect(toInteger(7)).toBe(7);
  });

  // Issue 12: `@Type(() => Number)` turned each of these into a number (true → 1 deleted news item 1).
  it('leaves booleans, hex, spaces, exponents, fractions and containers as they are', () => {
    for (const kept of [true, false, '0x10', ' 1', '1 ', '\t1', '1e3', '1.0', '1.5', '+1', '', '١', 'Infinity', null, undefined, [1], { id: 1 }]) {
      expect([kept, toInteger(kept)]).toEqual([kept, kept]);
    }
  });
});

class Probe {
  @IntInput()
  @IsInt()
  id: number;

  @IntInput()
  @IsInt({ each: true })
  ids: number[];
}

describe('@IntInput', () => {
  const errorsOf = async (plain: object) => (await validate(plainToInstance(Probe, plain))).map((e) => e.property);

  it('converts a field and each item of an array field', async () => {
    const probe = plainToInstance(Probe, { id: '5', ids: ['1', 2] });
    expect(probe).toMatchObject({ id: 5, ids: [1, 2] });
    expect(await validate(probe)).toEqual([]);
  });

  it('lets the validators refuse what is not an integer', async () => {
    for (const bad of [true, '0x10', ' 1', '1e3', '1.0', 1.5, '', [1], {}]) expect([bad, await errorsOf({ id: bad, ids: [1] })]).toEqual([bad, ['id']]);
    for (const bad of [[true], ['0x10'], [' 1'], [1.5]]) expect([bad, await errorsOf({ id: 1, ids: bad })]).toEqual([bad, ['ids']]);
  });
});

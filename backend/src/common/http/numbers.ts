import { Transform } from 'class-transformer';

/** An integer written in decimal digits, an optional leading minus and nothing else (no spaces, sign `+`, hex, exponent or fraction). */
export const INTEGER_TEXT = /^-?\d+$/;

/**
 * The one conversion of integer input (ids, page, size, sort orders, levels) in body, query and path:
 * a JSON number stays as it is (1.5 then fails `@IsInt`), a string of decimal digits becomes its
 * number, anything else — `true`, `"0x10"`, `" 1"`, `"1e3"`, `"1.0"`, `[]`, objects — is answered as
 * it is, for the validators to reject. class-transformer's `@Type(() => Number)` is not used for
 * input: it calls `Number(value)`, which turns `true` into 1, `"0x10"` into 16, `" 1"` into 1 and
 * `""` / `[]` into 0.
 */
export function toInteger(value: unknown): unknown {
  return typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
}

/**
 * `@IntInput()`: the field's value (or each element of an array value) through `toInteger`. Pair it
 * with `@IsInt` (`each: true` for arrays) and the range checks. A non-array field that receives an
 * array stays an array and fails `@IsInt`.
 */
export const IntInput = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map(toInteger) : toInteger(value)));

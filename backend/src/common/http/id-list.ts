import { applyDecorators } from '@nestjs/common';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { INT4_MAX } from './list-query.js';
import { toInteger } from './numbers.js';

export { toInteger };

/** Whether `value` is an id of an `int` column: a positive integer up to INT4_MAX. */
export const isIntId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= INT4_MAX;

/** An id field's value: '' / null → `blank` (an absent field stays undefined), integer text → the number, anything else as it is. */
export function toId(value: unknown, blank: null | undefined = undefined): unknown {
  if (value === undefined) return undefined;
  if (value === '' || value === null) return blank;
  return toInteger(value);
}

/**
 * A field naming a record of an `int` table, where every failure answers the same `message`
 * (not an integer, below 1, above INT4_MAX). Numbers and integer text are accepted; '' / null become
 * `blank`. Combine with `@IsDefined` (its own message) or `@IsOptional`.
 */
export const IdOf = (message: string, blank: null | undefined = undefined) =>
  applyDecorators(
    Transform(({ value }: TransformFnParams) => toId(value, blank)),
    IsInt({ message }),
    Min(1, { message }),
    Max(INT4_MAX, { message }),
  );

/** The stored form of an id list: `"3,7"`. */
export const ID_CSV = /^\d+(,\d+)*$/;

/** `"3, 7，9,"` → `['3', '7', '9']`: split on ASCII or full-width commas, trimmed, blanks dropped. */
export const splitIds = (text: string): string[] =>
  text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Ids as clients send them: a comma string (`"3,7"`, `"3，7"`, spaces allowed), an array of ids
 * (numbers or digit strings) or one number → the ids in order, repeats dropped (first kept).
 * Nothing (undefined, null, '', only commas and spaces, []) → null. Anything else — a part that is not
 * a positive int4 id, a blank array item, another type — → undefined (malformed).
 */
export function parseIdList(value: unknown): number[] | null | undefined {
  if (value === undefined || value === null) return null;
  let parts: unknown[];
  if (Array.isArray(value)) parts = value;
  else if (typeof value === 'number') parts = [value];
  else if (typeof value === 'string') parts = splitIds(value);
  else return undefined;
  if (parts.length === 0) return null;
  const ids: number[] = [];
  for (const part of parts) {
    // Comma text was trimmed by splitIds; an array's items are taken strictly (`" 1"`, `"0x10"`, `true` are not ids).
    const n = typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part;
    if (!isIntId(n)) return undefined;
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** A stored id list (`"3,7"`) → `[3, 7]`; empty or junk parts are skipped, null / '' → []. */
export const parseIdCsv = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

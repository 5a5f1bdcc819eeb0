import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { formatDateTime } from './time.js';

/**
 * Writes every Date in a JSON response as `yyyy-MM-dd HH:mm:ss` (the wire contract). Copy on write:
 * an array or plain object is copied only when something inside it changed, so a page without Date
 * values (the news list formats its times in SQL) is answered as it is, without a second copy of
 * every row (issue 18: the copy was 2 % of a list request's CPU, and its garbage more).
 * Loops, not entries/fromEntries: a news page holds thousands of values.
 */
export function serializeDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (written.has(value)) return value;
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = serializeDates(item);
      if (next !== item) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // files, streams, class instances
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const item = record[key];
    const next = serializeDates(item);
    if (next !== item) (out ??= { ...record })[key] = next;
  }
  return out ?? value;
}

/** Answers whose times their service already wrote (markDatesWritten): not walked again. */
const written = new WeakSet<object>();

/**
 * Declares that `value` holds no Date anywhere (its service formatted every time itself, as the
 * news list does for its rows): the interceptor answers it as it is, without visiting the page's
 * thousands of values (issue 18: ~1 % of a list request).
 */
export function markDatesWritten<T extends object>(value: T): T {
  written.add(value);
  return value;
}

@Injectable()
export class DateInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map(serializeDates));
  }
}

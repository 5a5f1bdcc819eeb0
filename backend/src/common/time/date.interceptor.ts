import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { formatDateTime } from './time.js';

/**
 * Writes every Date in a JSON response as `yyyy-MM-dd HH:mm:ss` (the wire contract). Plain objects
 * and arrays are copied (loops, not entries/fromEntries: a news page holds thousands of values).
 */
export function serializeDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = serializeDates(value[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // files, streams, class instances
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = serializeDates((value as Record<string, unknown>)[key]);
  return out;
}

@Injectable()
export class DateInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map(serializeDates));
  }
}

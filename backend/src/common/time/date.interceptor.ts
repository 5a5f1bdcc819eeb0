import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { formatDateTime } from './time.js';

/** Writes every Date in a JSON response as `yyyy-MM-dd HH:mm:ss` (the wire contract). */
export function serializeDates(value: unknown): unknown {
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) return value.map(serializeDates);
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value; // files, streams, class instances
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serializeDates(v)]));
  }
  return value;
}

@Injectable()
export class DateInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map(serializeDates));
  }
}

import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { DateInterceptor } from './time/date.interceptor.js';

/**
 * The app's global interceptors registered with Nest as one: the audit row outside, the wire format
 * of dates inside — the order two separate registrations had. Each interceptor Nest chains costs a
 * deferred Observable, an AsyncResource and a mergeAll per request (issue 18); composing them here
 * pays that once.
 */
@Injectable()
export class GlobalInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditInterceptor,
    private readonly dates: DateInterceptor,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.audit.intercept(context, { handle: () => this.dates.intercept(context, next) });
  }
}

import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, type Observable, tap, throwError } from 'rxjs';
import { ErrorFilter } from '../errors/error.filter.js';
import { type AuditedRequest, AuditWriter, markAudited, WRITE_METHODS } from './audit-writer.js';
import { LOG_KEY } from './log.decorator.js';

export { maskParams } from './audit-writer.js';

/**
 * Writes one operation-log row per write request (POST/PUT/PATCH/DELETE, or a GET handler marked
 * `@Log`) that reaches its handler: who, what, when, from
 * where, duration, outcome. Writes refused before (body parser, guard) get theirs from
 * AuditWriter.fallback; a request is never logged twice.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly errors = new ErrorFilter();

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditWriter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<AuditedRequest>();
    const described = this.reflector.get<string | false | undefined>(LOG_KEY, context.getHandler());
    // Writes by method, and any handler declared as one with `@Log` (a GET that changes state).
    if (!WRITE_METHODS.has(req.method) && typeof described !== 'string') return next.handle();
    markAudited(req);
    const started = Date.now();
    if (described === false) return next.handle();
    const description = described ?? null;
    const write = (logType: 'INFO' | 'ERROR', status: number, detail: string | null, result?: unknown) => {
      const body = req.body as Record<string, unknown> | undefined;
      // Anonymous writes (logins) are attributed only when they succeeded: to the user they logged in.
      const loggedIn = (result as { user?: { username?: unknown } } | undefined)?.user?.username;
      const claimed = logType !== 'INFO' ? null : typeof loggedIn === 'string' ? loggedIn : typeof body?.username === 'string' ? body.username.slice(0, 64) : null;
      const username = req.principal?.username ?? claimed;
      void this.audit.write(req, { description, logType, status, username, detail, time: Date.now() - started });
    };
    return next.handle().pipe(
      tap((result: unknown) => write('INFO', context.switchToHttp().getResponse<{ statusCode: number }>().statusCode, null, result)),
      catchError((error: unknown) => {
        const body = this.errors.toBody(error);
        write('ERROR', body.status, body.message);
        return throwError(() => error);
      }),
    );
  }
}

import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { catchError, type Observable, tap, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { LOG_KEY } from './log.decorator.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Secret-looking field names: passwords, secrets, tokens, captcha, access keys (`key`, `accessKey`; not `keywords`). */
const isSecretKey = (key: string) => /pass|secret|token|uuid/i.test(key) || /^(code|key)$/i.test(key) || /[a-z]Key$/.test(key);
const MAX_PARAMS = 2000;

/** Masks secrets (passwords, tokens, captcha) in a request body before it is logged. */
export function maskParams(body: unknown): string | null {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) return null;
  const text = JSON.stringify(body, (key, value: unknown) => (key && isSecretKey(key) ? '******' : value));
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

/** Writes one operation-log row per write request: who, what, when, from where, duration, outcome. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('OperationLog');
  private readonly errors = new ErrorFilter();

  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { principal?: Principal }>();
    if (context.getType() !== 'http' || !WRITE_METHODS.has(req.method)) return next.handle();
    const started = Date.now();
    const described = this.reflector.get<string | false | undefined>(LOG_KEY, context.getHandler());
    if (described === false) return next.handle();
    const description = described ?? null;
    const method = `${req.method} ${req.route?.path ?? req.path}`;
    const write = (logType: 'INFO' | 'ERROR', status: number, detail: string | null, result?: unknown) => {
      const body = req.body as Record<string, unknown> | undefined;
      // Anonymous writes (logins) are attributed only when they succeeded: to the user they logged in.
      const loggedIn = (result as { user?: { username?: unknown } } | undefined)?.user?.username;
      const claimed = logType !== 'INFO' ? null : typeof loggedIn === 'string' ? loggedIn : typeof body?.username === 'string' ? body.username.slice(0, 64) : null;
      const username = req.principal?.username ?? claimed;
      this.db
        .query(
          `INSERT INTO sys_log (description, log_type, method, params, request_ip, browser, time, status, username, exception_detail)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [description, logType, method.slice(0, 255), maskParams(req.body), req.ip ?? null, req.headers['user-agent']?.slice(0, 255) ?? null, Date.now() - started, status, username, detail],
        )
        .catch((e: unknown) => this.logger.warn(`could not write the operation log: ${String(e)}`));
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

import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import type { ErrorBody } from '../errors/error.filter.js';
import { LOG_KEY } from './log.decorator.js';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Secret-looking field names: passwords, secrets, tokens, captcha, access keys (`key`, `accessKey`; not `keywords`). */
const isSecretKey = (key: string) => /pass|secret|token|uuid/i.test(key) || /^(code|key)$/i.test(key) || /[a-z]Key$/.test(key);
const MAX_PARAMS = 2000;

/** Masks secrets (passwords, tokens, captcha) in a request body before it is logged. */
export function maskParams(body: unknown): string | null {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) return null;
  let text: string;
  try {
    text = JSON.stringify(body, (key, value: unknown) => (key && isSecretKey(key) ? '******' : value));
  } catch {
    return null; // never lose the row for its parameters
  }
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

export type AuditedRequest = Request & { principal?: Principal; errorBody?: ErrorBody };

export interface AuditEntry {
  description: string | null;
  logType: 'INFO' | 'ERROR';
  status: number;
  username: string | null;
  detail: string | null;
  /** Milliseconds the request took. */
  time: number;
}

/** Requests whose row is (or, by design, is not) written by the interceptor: the fallback leaves them alone. */
const handled = new WeakSet<Request>();
/** `@Log` descriptions (or `false` for `@SkipLog`) of requests refused before the interceptor ran (guard). */
const described = new WeakMap<Request, string | false>();

/** The interceptor takes the request's row (or skips it on purpose): exactly one row per request. */
export function markAudited(req: Request): void {
  handled.add(req);
}

/** The owner of the operation log (`sys_log`): writes a row per write request, purges on request (the logs module reads it). */
@Injectable()
export class AuditWriter {
  private readonly logger = new Logger('OperationLog');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One row for `req`; a failure to write is logged, never thrown (the request's answer stands). */
  async write(req: AuditedRequest, entry: AuditEntry): Promise<void> {
    const method = `${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path}`;
    try {
      await this.db.query(
        `INSERT INTO sys_log (description, log_type, method, params, request_ip, browser, time, status, username, exception_detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          entry.description?.slice(0, 255) ?? null,
          entry.logType,
          method.slice(0, 255),
          maskParams(req.body),
          req.ip ?? null,
          req.headers['user-agent']?.slice(0, 255) ?? null,
          entry.time,
          entry.status,
          entry.username?.slice(0, 64) ?? null,
          entry.detail,
        ],
      );
    } catch (e) {
      this.logger.warn(`could not write the operation log: ${String(e)}`);
    }
  }

  /** Deletes every row of one log type (`INFO` / `ERROR`): 清空日志 of the logs screen. */
  async purge(logType: string): Promise<void> {
    await this.db.query('DELETE FROM sys_log WHERE log_type = $1', [logType]);
  }

  /**
   * Express middleware, first in the chain: a write (POST/PUT/PATCH/DELETE) that ends without the
   * interceptor having taken it — refused by the body parser (malformed, too large, too deep), the
   * guard (401/403), an unknown route (404) — still leaves its row when the response is done.
   */
  fallback() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (WRITE_METHODS.has(req.method)) this.watch(req, res);
      next();
    };
  }

  /** Writes the request's row when the response is done, unless the interceptor took it. */
  watch(req: Request, res: Response): void {
    const started = Date.now();
    res.once('close', () => {
      if (handled.has(req)) return;
      const description = described.get(req);
      if (description === false) return;
      const r = req as AuditedRequest;
      const status = res.headersSent ? res.statusCode : 499; // 499: the client went away before an answer
      void this.write(r, {
        description: description ?? null,
        logType: status >= 400 ? 'ERROR' : 'INFO',
        status,
        username: r.principal?.username ?? null,
        detail: r.errorBody?.message ?? (status >= 400 ? `HTTP ${status}` : null),
        time: Date.now() - started,
      });
    });
  }
}

/**
 * The first global guard: notes the handler's `@Log` description (or `@SkipLog`) on the request, so
 * that a write the access guard then refuses (401/403, which never reaches the interceptor) gets a
 * fallback row with that description, and a `@SkipLog` handler (a read-only POST) none. Lets every
 * request through.
 */
@Injectable()
export class AuditNoteGuard implements CanActivate {
  constructor(private readonly writer: AuditWriter) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const value = Reflect.getMetadata(LOG_KEY, context.getHandler()) as string | false | undefined;
    if (value !== undefined) described.set(req, value);
    // A GET declared as a write with `@Log` (the spec's `GET …/updateStatus`, `GET auth/logout`) is
    // audited like one: the fallback row if the access guard refuses it, else the interceptor's.
    if (typeof value === 'string' && !WRITE_METHODS.has(req.method)) this.writer.watch(req, context.switchToHttp().getResponse<Response>());
    return true;
  }
}

import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { DomainException, ErrorCode } from './domain.exception.js';

export interface ErrorBody {
  status: number;
  message: string;
  code?: string;
  timestamp: number;
}

const DEFAULT_MESSAGES: Record<number, [string, ErrorCode]> = {
  400: ['请求参数错误', ErrorCode.BadRequest],
  401: ['登录状态已过期，请重新登录', ErrorCode.Unauthorized],
  403: ['没有权限访问此资源', ErrorCode.Forbidden],
  404: ['请求的资源不存在', ErrorCode.NotFound],
  405: ['不支持的请求方法', ErrorCode.BadRequest],
  409: ['数据状态已变化，请刷新后重试', ErrorCode.Conflict],
  413: ['上传内容过大', ErrorCode.TooLarge],
  415: ['不支持的内容类型', ErrorCode.BadRequest],
  429: ['请求过于频繁，请稍后再试', ErrorCode.TooManyAttempts],
};

/** Postgres errors that bad input can cause: answer 400/409 instead of 500. */
function fromDatabase(error: QueryFailedError): [number, string, ErrorCode] | undefined {
  const code = (error.driverError as { code?: string } | undefined)?.code;
  switch (code) {
    case '23505':
      return [400, '数据已存在，不能重复', ErrorCode.Duplicate];
    case '23503':
      return [400, '数据被引用或引用的数据不存在', ErrorCode.InUse];
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
    case '22021': // invalid byte sequence, e.g. a NUL character in a text value
    case '22P05': // untranslatable character (NUL in jsonb / text)
      return [400, '请求参数格式错误', ErrorCode.Validation];
    case '40001':
    case '40P01':
      return [409, '数据正在被其他人修改，请重试', ErrorCode.Conflict];
    default:
      return undefined;
  }
}

/** Node socket errors and PostgreSQL codes that mean "the database is not there right now". */
const UNAVAILABLE_NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_PG = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error says the database cannot be reached (server down, restarting, connections cut):
 * such a request answers 503 and can be retried, it is not a bug (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  type Failure = { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  for (let e = error as Failure | undefined, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNAVAILABLE_NET.has(code) || UNAVAILABLE_PG.has(code) || code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e.driverError ?? e.cause) as Failure | undefined;
  }
  return false;
}

/** Query parameters that carry a credential (download tokens, WOPI `access_token`). */
const SECRET_QUERY = /([?&](?:access_token|token)=)[^&#]*/gi;

/** `url` as logged: the values of `access_token` / `token` query parameters replaced by `***` (a logged 5xx must not leak a usable token). */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1***');

/** Turns every error into `{status, message, code, timestamp}` with HTTP status = `status`. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    (req as Request & { errorBody?: ErrorBody }).errorBody = body;
    if (res.headersSent) return;
    if (body.status === 503) res.setHeader('Retry-After', '5');
    res.status(body.status).json(body);
  }

  toBody(exception: unknown, req?: Request): ErrorBody {
    const timestamp = Date.now();
    if (exception instanceof DomainException) {
      const body: ErrorBody = { status: exception.status, message: exception.message, code: exception.code, timestamp };
      return exception.details ? { ...body, ...exception.details, ...body } : body;
    }
    // body-parser errors (malformed JSON, body too large): Nest's express adapter wraps them in an
    // HttpException whose `cause` is the original error; raw ones may still arrive from middleware.
    const parserError = (exception instanceof HttpException ? exception.cause : exception) as { type?: string } | undefined;
    if (parserError?.type === 'entity.parse.failed') return { status: 400, message: '请求体不是合法的 JSON', code: ErrorCode.BadRequest, timestamp };
    if (parserError?.type === 'entity.too.large') return { status: 413, message: '请求体过大', code: ErrorCode.TooLarge, timestamp };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const [fallback, code] = DEFAULT_MESSAGES[status] ?? [exception.message, ErrorCode.BadRequest];
      const response = exception.getResponse();
      let message = fallback;
      if (typeof response === 'object' && response && 'message' in response) {
        const m = (response as { message: unknown }).message;
        if (typeof m === 'string' && /[\u4e00-\u9fa5]/.test(m)) message = m;
        else if (Array.isArray(m) && typeof m[0] === 'string' && /[\u4e00-\u9fa5]/.test(m[0])) message = m[0];
        else if (status === 413) message = DEFAULT_MESSAGES[413][0];
      }
      return { status, message, code, timestamp };
    }
    if (exception instanceof QueryFailedError) {
      const mapped = fromDatabase(exception);
      if (mapped) return { status: mapped[0], message: mapped[1], code: mapped[2], timestamp };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${req?.method ?? ''} ${redactUrl(req?.url ?? '')}: database unavailable (${(exception as Error)?.message ?? String(exception)})`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: '数据库暂时不可用，请稍后重试', code: ErrorCode.DatabaseUnavailable, timestamp };
    }
    const e = exception as { status?: number; message?: string };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      const [message, code] = DEFAULT_MESSAGES[e.status] ?? ['请求参数错误', ErrorCode.BadRequest];
      return { status: e.status, message, code, timestamp };
    }
    this.logger.error(`${req?.method ?? ''} ${redactUrl(req?.url ?? '')}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: '服务器内部错误，请稍后重试', code: ErrorCode.Internal, timestamp };
  }
}

import { HttpStatus } from '@nestjs/common';

/** Stable machine codes clients may rely on (`code` in the error body). */
export enum ErrorCode {
  BadRequest = 'BAD_REQUEST',
  /** A request body nested too deep or with too many fields (refused before any handler). */
  BadRequestBody = 'BAD_REQUEST_BODY',
  Validation = 'VALIDATION_FAILED',
  Unauthorized = 'UNAUTHORIZED',
  SessionExpired = 'SESSION_EXPIRED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  TooLarge = 'PAYLOAD_TOO_LARGE',
  TooManyAttempts = 'TOO_MANY_ATTEMPTS',
  CaptchaInvalid = 'CAPTCHA_INVALID',
  CaptchaExpired = 'CAPTCHA_EXPIRED',
  BadCredentials = 'BAD_CREDENTIALS',
  AccountDisabled = 'ACCOUNT_DISABLED',
  PasswordEncoding = 'PASSWORD_NOT_ENCRYPTED',
  LevelTooLow = 'ROLE_LEVEL_TOO_LOW',
  PasswordChangeRequired = 'PASSWORD_CHANGE_REQUIRED',
  InUse = 'IN_USE',
  Duplicate = 'DUPLICATE',
  NotConfigured = 'NOT_CONFIGURED',
  DatabaseUnavailable = 'DATABASE_UNAVAILABLE',
  /** Readiness: Redis (REDIS_URL) does not answer. */
  RedisUnavailable = 'REDIS_UNAVAILABLE',
  /** Readiness: the file storage (DATA_DIR/files or the S3 bucket) cannot be reached or written. */
  StorageUnavailable = 'STORAGE_UNAVAILABLE',
  /** Readiness: the replica is draining after SIGTERM. */
  ShuttingDown = 'SHUTTING_DOWN',
  Internal = 'INTERNAL_ERROR',
}

/**
 * A business error with a user-facing (Chinese) message, an HTTP status and a stable code.
 * `details` are extra fields of the error body (readiness names its checks); they never replace
 * `status`, `message`, `code` or `timestamp`.
 */
export class DomainException extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | string = ErrorCode.BadRequest,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  static badRequest(message: string, code: ErrorCode | string = ErrorCode.BadRequest) {
    return new DomainException(HttpStatus.BAD_REQUEST, message, code);
  }
  static notFound(message: string) {
    return new DomainException(HttpStatus.NOT_FOUND, message, ErrorCode.NotFound);
  }
  static forbidden(message = '没有权限执行此操作', code: ErrorCode | string = ErrorCode.Forbidden) {
    return new DomainException(HttpStatus.FORBIDDEN, message, code);
  }
  static unauthorized(message = '登录状态已过期，请重新登录', code: ErrorCode | string = ErrorCode.Unauthorized) {
    return new DomainException(HttpStatus.UNAUTHORIZED, message, code);
  }
  static conflict(message: string, code: ErrorCode | string = ErrorCode.Conflict) {
    return new DomainException(HttpStatus.CONFLICT, message, code);
  }
}

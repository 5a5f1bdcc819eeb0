import { ErrorCode } from '../../common/errors/domain.exception.js';

/** The parts readiness checks, in the order a 503 names the first failing one. */
export const READINESS_PARTS = ['database', 'redis', 'storage'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];

/** `UP`, `DOWN`, or `NOT_CONFIGURED` (Redis without `REDIS_URL`). */
export type CheckState = 'UP' | 'DOWN' | 'NOT_CONFIGURED';
export type ReadinessChecks = Record<ReadinessPart, CheckState>;

/** The user-facing texts of the health and metrics endpoints (their tests assert against these). */
export const HEALTH_MESSAGES = {
  database: '数据库暂时不可用，请稍后重试',
  redis: 'Redis 暂时不可用，请稍后重试',
  storage: '文件存储暂时不可用，请稍后重试',
  shuttingDown: '服务正在停止，请稍后重试',
  metricsToken: '访问监控指标需要有效的令牌',
  metricsLoopback: '监控指标只允许本机访问',
} as const;

/** The error code of a failing part (`DATABASE_UNAVAILABLE` as before readiness existed). */
export const READINESS_CODES: Record<ReadinessPart, ErrorCode> = {
  database: ErrorCode.DatabaseUnavailable,
  redis: ErrorCode.RedisUnavailable,
  storage: ErrorCode.StorageUnavailable,
};

import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** Validated runtime configuration. Every variable is documented in `.env.example`. */
export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  embeddedPgPort: number;
  jwtSecret?: string;
  rsaPrivateKey?: string;
  adminPassword: string;
  /**
   * `DEFAULT_USER_PASSWORD`: initial password of new and reset accounts when an operator wants one;
   * unset = a random password per account, shown once to the administrator. Either way the user
   * must change it at the next login.
   */
  defaultUserPassword?: string;
  captchaEnabled: boolean;
  sessionTtlMs: number;
  rememberTtlMs: number;
  loginMaxFailures: number;
  loginLockMs: number;
  /** `LOGIN_RATE_LIMIT`: requests per client address per minute to `auth/login` and `auth/keyLogin` together (0 = off). */
  loginRateLimit: number;
  /** `CAPTCHA_RATE_LIMIT`: requests per client address per minute to `auth/code` (0 = off). */
  captchaRateLimit: number;
  /**
   * `TRUST_PROXY`: the proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed: addresses,
   * CIDRs or `loopback` / `linklocal` / `uniquelocal` (default `loopback`); `false` = none.
   */
  trustProxy: string[] | false;
  /** `CORS_ORIGINS`: origins (scheme://host[:port]) whose browsers may call the API cross-origin (default none). */
  corsOrigins: string[];
  casServerUrl?: string;
  staticDir: string;
  timeZone: string;
  avatarMaxBytes: number;
  /** News list: exact totalElements up to this many rows, an estimate above (news-design.md "Counting"). */
  newsCountCap: number;
  /** Platform settings for the UI (`GET api/platform/settings`). */
  platform: PlatformConfig;
  /** `REDIS_URL`: BullMQ queues, socket.io Redis adapter. Unset = everything in process. */
  redisUrl?: string;
  /** `QUEUE_CONSUME`: does this process run queued jobs (default true; API replicas beside a worker set false). */
  queueConsume: boolean;
  /** `METRICS_TOKEN`: bearer token of `GET /api/metrics`; unset = only callers on this machine (docs/operations.md). */
  metricsToken?: string;
  /** `METRICS_PORT`: the worker's metrics listener (`GET /metrics`); unset = none. The API serves `/api/metrics` on its own port. */
  metricsPort?: number;
  /** `SHUTDOWN_TIMEOUT_MS`: bound on draining requests in flight and running jobs at SIGTERM (default 10000). */
  shutdownTimeoutMs: number;
  /** `SHUTDOWN_DELAY_MS`: at SIGTERM, how long the replica keeps serving with readiness 503 before it closes its listener (default 0). */
  shutdownDelayMs: number;
  /** `REVIEW_ALLOW_SELF`: may a reviewer approve their own translation (default false). */
  reviewAllowSelf: boolean;
  /** Machine translation (`MT_*`). */
  mt: MtConfig;
  /** File storage (`STORAGE_*`, `S3_*`, `UPLOAD_MAX_MB`, `DOWNLOAD_TOKEN_TTL_SECONDS`, `FILE_LINK_TTL_SECONDS`). */
  storage: StorageConfig;
  /** `WEEKLY_PRODUCT_ID`: the weekly product (overrides the products' weekly flag); unset = the flag decides. */
  weeklyProductId?: number;
  /** `LARGE_SCREEN_JOB_IDS`: job ids whose holders get the 数据大屏 / 展示大屏 entries (docs/screens.md); default none. */
  largeScreenJobIds: number[];
  /** Online office editing (`OFFICE_*`, docs/office-design.md §4.6). */
  office: OfficeConfig;
  /** Data collection (`COLLECT_*`, docs/collect-design.md §10). */
  collect: CollectConfig;
  /** Cross-network data exchange (`EXCHANGE_*`, docs/collect-design.md §10). */
  exchange: ExchangeConfig;
  /** Backups (`BACKUP_*`, `PG_BIN_DIR`, docs/collect-design.md §10). */
  backup: BackupConfig;
}

/** Data collection (docs/collect-design.md §3, §5, §10). */
export interface CollectConfig {
  /** `COLLECT_ENABLED`: this process schedules sources (manual collect and preview always work). Default true. */
  enabled: boolean;
  /** `COLLECT_ALLOW_PRIVATE`: allow loopback/private/link-local targets (tests, intranet sources). Default false. */
  allowPrivate: boolean;
  /** `COLLECT_TICK_SECONDS`: scheduler tick (default 10). */
  tickSeconds: number;
  /** `COLLECT_CONCURRENCY`: sources fetched at once per process (default 8). */
  concurrency: number;
  /** `COLLECT_PER_HOST`: sources of one host fetched at once, all processes (default 2). */
  perHost: number;
  /** `COLLECT_TIMEOUT_SECONDS`: whole request deadline (default 30). */
  timeoutSeconds: number;
  /** `COLLECT_MAX_BYTES`: body cap, raw and decoded (default 10 MB). */
  maxBytes: number;
  /** `COLLECT_MAX_ITEMS`: items read per fetch (default 500). */
  maxItems: number;
  /** `COLLECT_MIN_INTERVAL_MINUTES` / `COLLECT_MAX_INTERVAL_MINUTES`: clamp of intervals and backoff (5 / 1440). */
  minIntervalMinutes: number;
  maxIntervalMinutes: number;
  /** `COLLECT_ALERT_AFTER_ERRORS`: consecutive failures before the admin notice (default 5). */
  alertAfterErrors: number;
  /** `COLLECT_USER_AGENT` (default `HorizonCollector/1.0`). */
  userAgent: string;
  /** `COLLECT_CLUSTER_WINDOW_HOURS`: story window (default 72). */
  clusterWindowHours: number;
  /** `COLLECT_CLUSTER_THRESHOLD`: estimated Jaccard to join a story, 0 < θ ≤ 1 (default 0.22, tuned in §4.4: test P 1.00, R 0.87). */
  clusterThreshold: number;
  /** `COLLECT_RUN_RETENTION_DAYS`: run history kept (default 30). */
  runRetentionDays: number;
  /** `COLLECT_TIME_SCALE`: tests only, multiplies every interval (must be 1 when NODE_ENV=production). */
  timeScale: number;
}

/** Cross-network data exchange (docs/collect-design.md §8.1, §10). */
export interface ExchangeConfig {
  /** `EXCHANGE_MAX_MB`: largest import package, in bytes (default 20480 MB). */
  maxBytes: number;
}

/** Backups (docs/collect-design.md §8.2, §10). */
export interface BackupConfig {
  /** `BACKUP_SCHEDULE`: `HH:MM` daily in `TZ` (default `03:30`); undefined = no scheduled backups (set empty). */
  schedule?: string;
  /** `BACKUP_RETENTION`: newest successful runs kept (default 7). */
  retention: number;
  /** `BACKUP_INCLUDE_FILES`: the file store goes into the backup too (default true). */
  includeFiles: boolean;
  /** `PG_BIN_DIR`: directory holding `pg_dump` / `pg_restore`; unset = looked up (§8.2). */
  pgBinDir?: string;
}

export interface StorageConfig {
  /** `STORAGE_DRIVER`: `local` (default, files under DATA_DIR/files) or `s3` (any S3-compatible store). */
  driver: 'local' | 's3';
  /** `S3_ENDPOINT` (e.g. http://minio:9000), `S3_REGION`, `S3_BUCKET`, `S3_ACCESS_KEY`, `S3_SECRET_KEY`. */
  s3?: { endpoint: string; region: string; bucket: string; accessKey: string; secretKey: string };
  /** `UPLOAD_MAX_MB`: largest upload (default 100). */
  maxBytes: number;
  /** `DOWNLOAD_TOKEN_TTL_SECONDS`: life of a signed download link (default 60). */
  downloadTokenTtlMs: number;
  /** `FILE_LINK_TTL_SECONDS`: life of a file capability path `/files/<capability>/<name>` (default 600). */
  fileLinkTtlMs: number;
  /**
   * `STORAGE_SWEEP_HOURS`: the hourly sweep removes what interrupted uploads left (pending file
   * records, `.part` files, incomplete S3 uploads) once older than this (default 24; 0 = no sweep;
   * off by default under NODE_ENV=test).
   */
  sweepHours: number;
}

function storageConfig(env: NodeJS.ProcessEnv, errors: string[], nodeEnv: string): StorageConfig {
  const endpoint = httpUrl('S3_ENDPOINT', env.S3_ENDPOINT, errors);
  const driverName = (env.STORAGE_DRIVER?.trim() || (endpoint ? 's3' : 'local')).toLowerCase();
  if (driverName !== 'local' && driverName !== 's3') errors.push(`STORAGE_DRIVER must be local or s3, got "${driverName}"`);
  const driver = driverName === 's3' ? 's3' : 'local';
  let s3: StorageConfig['s3'];
  if (driver === 's3') {
    const bucket = env.S3_BUCKET?.trim();
    const accessKey = env.S3_ACCESS_KEY?.trim();
    const secretKey = env.S3_SECRET_KEY?.trim();
    if (!endpoint) errors.push('S3_ENDPOINT is required when STORAGE_DRIVER=s3');
    if (!bucket) errors.push('S3_BUCKET is required when STORAGE_DRIVER=s3');
    if (!accessKey || !secretKey) errors.push('S3_ACCESS_KEY and S3_SECRET_KEY are required when STORAGE_DRIVER=s3');
    if (endpoint && bucket && accessKey && secretKey) s3 = { endpoint, region: env.S3_REGION?.trim() || 'us-east-1', bucket, accessKey, secretKey };
  }
  return {
    driver,
    s3,
    maxBytes: int('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 100, 1) * 1024 * 1024,
    downloadTokenTtlMs: int('DOWNLOAD_TOKEN_TTL_SECONDS', env.DOWNLOAD_TOKEN_TTL_SECONDS, 60, 5) * 1000,
    fileLinkTtlMs: int('FILE_LINK_TTL_SECONDS', env.FILE_LINK_TTL_SECONDS, 600, 5) * 1000,
    sweepHours: int('STORAGE_SWEEP_HOURS', env.STORAGE_SWEEP_HOURS, nodeEnv === 'test' ? 0 : 24, 0),
  };
}

export const MT_ENGINES = ['none', 'libretranslate', 'openai', 'apertium'] as const;
export type MtEngineName = (typeof MT_ENGINES)[number];

export interface MtConfig {
  /** `MT_ENGINE`: which adapter translates; `none` (default) = machine translation not configured. */
  engine: MtEngineName;
  /** `MT_URL`: the engine's base address (required unless engine is none). */
  url?: string;
  /** `MT_API_KEY`: LibreTranslate `api_key` / OpenAI-compatible bearer token. */
  apiKey?: string;
  /** `MT_MODEL`: chat model for the openai engine. */
  model: string;
  /** `MT_PROMPT`: system prompt for the openai engine; `{source}` and `{target}` are replaced. */
  prompt?: string;
  /** `MT_TARGET_LANG`: the language items are translated into (default zh). */
  targetLang: string;
  /** `MT_CONCURRENCY`: requests in flight to the engine per process. */
  concurrency: number;
  /** `MT_TIMEOUT_SECONDS`: one engine request. */
  timeoutMs: number;
  /** `MT_CHUNK_CHARS`: long texts are sent in pieces of at most this many characters (paragraph boundaries). */
  chunkChars: number;
  /** `MT_ATTEMPTS`: tries per background job (exponential backoff between them). */
  attempts: number;
  /** `MT_AUTO`: translate new items in the background (default true when an engine is configured). */
  auto: boolean;
}

function mtConfig(env: NodeJS.ProcessEnv, errors: string[]): MtConfig {
  const raw = (env.MT_ENGINE || 'none').trim().toLowerCase();
  const engine = (MT_ENGINES as readonly string[]).includes(raw) ? (raw as MtEngineName) : 'none';
  if (engine !== raw) errors.push(`MT_ENGINE must be one of ${MT_ENGINES.join(', ')}, got "${raw}"`);
  const url = httpUrl('MT_URL', env.MT_URL, errors);
  if (engine !== 'none' && !url) errors.push(`MT_URL is required when MT_ENGINE=${engine}`);
  return {
    engine,
    url,
    apiKey: env.MT_API_KEY || undefined,
    model: env.MT_MODEL?.trim() || 'qwen2.5:7b-instruct',
    prompt: env.MT_PROMPT?.trim() || undefined,
    targetLang: env.MT_TARGET_LANG?.trim() || 'zh',
    concurrency: int('MT_CONCURRENCY', env.MT_CONCURRENCY, 2, 1),
    timeoutMs: int('MT_TIMEOUT_SECONDS', env.MT_TIMEOUT_SECONDS, 60, 1) * 1000,
    chunkChars: int('MT_CHUNK_CHARS', env.MT_CHUNK_CHARS, 2000, 200),
    attempts: int('MT_ATTEMPTS', env.MT_ATTEMPTS, 3, 1),
    auto: bool(env.MT_AUTO, engine !== 'none'),
  };
}

/** `OFFICE_EDITOR`: which editor opens journals and manuscript copies online (`none`: no online editing). */
export const OFFICE_EDITORS = ['builtin', 'onlyoffice', 'wopi', 'none'] as const;
export type OfficeEditorName = (typeof OFFICE_EDITORS)[number];
export const WOPI_PROOF_MODES = ['auto', 'required', 'off'] as const;
export type WopiProofMode = (typeof WOPI_PROOF_MODES)[number];

/** Online office editing (docs/office-design.md §4.6); the office module derives the rest (modules/office/office.config.ts). */
export interface OfficeConfig {
  /** `OFFICE_EDITOR`: `builtin` (default, the browser editor), `onlyoffice`, `wopi` (Collabora or any WOPI client), `none`. */
  editor: OfficeEditorName;
  /** `OFFICE_URL`: browser-facing address of the document server (required for onlyoffice / wopi). */
  url?: string;
  /** `OFFICE_INTERNAL_URL`: how the backend reaches the document server (default `OFFICE_URL`). */
  internalUrl?: string;
  /** `OFFICE_CALLBACK_BASE`: how the document server reaches Horizon (required for onlyoffice / wopi). */
  callbackBase?: string;
  /** `OFFICE_JWT_SECRET`: the ONLYOFFICE server's `JWT_SECRET` (required for onlyoffice; ≥ 32 characters in production). */
  jwtSecret?: string;
  /** `OFFICE_JWT_HEADER`: the document server's `JWT_HEADER` (default `Authorization`). */
  jwtHeader: string;
  /** `OFFICE_KEY_PREFIX`: ONLYOFFICE document key namespace; unset = derived from the secret. */
  keyPrefix?: string;
  /** `OFFICE_TOKEN_TTL_MINUTES`: life of a WOPI access token (default 600). */
  tokenTtlMs: number;
  /** `OFFICE_WOPI_PROOF`: `auto` (check proof keys when sent, default), `required`, `off`. */
  wopiProof: WopiProofMode;
  /** `OFFICE_LANG`: editor UI language (default `zh-CN`). */
  lang: string;
}

/** Characters of an ONLYOFFICE document key (`0-9 a-z A-Z - . _ =`). */
const OFFICE_KEY_CHARS = /^[0-9A-Za-z._=-]{1,20}$/;

function officeConfig(env: NodeJS.ProcessEnv, errors: string[], production: boolean): OfficeConfig {
  const raw = (env.OFFICE_EDITOR?.trim() || 'builtin').toLowerCase();
  const editor = (OFFICE_EDITORS as readonly string[]).includes(raw) ? (raw as OfficeEditorName) : 'builtin';
  if (editor !== raw) errors.push(`OFFICE_EDITOR must be one of ${OFFICE_EDITORS.join(', ')}, got "${raw}"`);
  const url = httpUrl('OFFICE_URL', env.OFFICE_URL, errors)?.replace(/\/+$/, '');
  const internalUrl = httpUrl('OFFICE_INTERNAL_URL', env.OFFICE_INTERNAL_URL, errors)?.replace(/\/+$/, '') ?? url;
  const callbackBase = httpUrl('OFFICE_CALLBACK_BASE', env.OFFICE_CALLBACK_BASE, errors)?.replace(/\/+$/, '');
  const jwtSecret = env.OFFICE_JWT_SECRET || undefined;
  const keyPrefix = env.OFFICE_KEY_PREFIX?.trim() || undefined;
  if (keyPrefix && !OFFICE_KEY_CHARS.test(keyPrefix)) errors.push(`OFFICE_KEY_PREFIX must be 1-20 of 0-9 a-z A-Z - . _ =, got "${keyPrefix}"`);
  const proofRaw = (env.OFFICE_WOPI_PROOF?.trim() || 'auto').toLowerCase();
  const wopiProof = (WOPI_PROOF_MODES as readonly string[]).includes(proofRaw) ? (proofRaw as WopiProofMode) : 'auto';
  if (wopiProof !== proofRaw) errors.push(`OFFICE_WOPI_PROOF must be one of ${WOPI_PROOF_MODES.join(', ')}, got "${proofRaw}"`);
  if (editor === 'onlyoffice' || editor === 'wopi') {
    if (!url) errors.push(`OFFICE_URL is required when OFFICE_EDITOR=${editor}`);
    if (!callbackBase) errors.push(`OFFICE_CALLBACK_BASE is required when OFFICE_EDITOR=${editor}`);
  }
  if (editor === 'onlyoffice' && !jwtSecret) errors.push('OFFICE_JWT_SECRET is required when OFFICE_EDITOR=onlyoffice');
  if (editor === 'onlyoffice' && production && jwtSecret && jwtSecret.length < 32) errors.push('OFFICE_JWT_SECRET must be at least 32 characters');
  return {
    editor,
    url,
    internalUrl,
    callbackBase,
    jwtSecret,
    jwtHeader: env.OFFICE_JWT_HEADER?.trim() || 'Authorization',
    keyPrefix,
    tokenTtlMs: int('OFFICE_TOKEN_TTL_MINUTES', env.OFFICE_TOKEN_TTL_MINUTES, 600, 1) * 60_000,
    wopiProof,
    lang: env.OFFICE_LANG?.trim() || 'zh-CN',
  };
}

/** The external systems the UI opens in a new window, by the name clients ask for. */
export const EXTERNAL_TARGETS = ['knowledge', 'clue', 'collect'] as const;
export type ExternalTarget = (typeof EXTERNAL_TARGETS)[number];

export interface PlatformConfig {
  /** Whether the user menus offer logout (off when sign-in and sign-out belong to a portal/SSO). */
  logoutEnabled: boolean;
  /** Platform name shown by the UI; unset = the UI's own (localised) title. */
  title?: string;
  /** Addresses of the external systems (`EXTERNAL_<TARGET>_URL`); unset = "not configured". */
  externalUrls: Partial<Record<ExternalTarget, string>>;
}

const DEV_ADMIN_PASSWORD = 'Horizon@2026';
/** Password of the demo users seeded outside production (editor, translator, reviewer) when DEFAULT_USER_PASSWORD is unset. */
export const DEMO_USER_PASSWORD = '123456';

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new Error(`Invalid boolean value: ${value}`);
}

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** An absolute http(s) address, or an error naming the variable. */
function httpUrl(name: string, value: string | undefined, errors: string[]): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return trimmed;
  } catch {
    // reported below
  }
  errors.push(`${name} must be an absolute http(s) URL, got "${trimmed}"`);
  return undefined;
}

const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: a comma list of proxy addresses, CIDRs (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`) or the
 * named ranges `loopback`, `linklocal`, `uniquelocal`; `false` (or `none`) trusts no proxy. Default:
 * `loopback` (a proxy on the same machine). `true` (trust anyone) is refused: anybody could then
 * choose the address the login throttle, the logs and the online list see.
 */
function trustedProxies(value: string | undefined, errors: string[]): string[] | false {
  const raw = value?.trim();
  if (!raw) return ['loopback'];
  if (/^(false|none|0|off)$/i.test(raw)) return false;
  const entries = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (NAMED_PROXY_RANGES.has(entry.toLowerCase()) || (version && validBits && extra === undefined)) continue;
    errors.push(`TRUST_PROXY must be false or a comma list of addresses, CIDRs, loopback, linklocal, uniquelocal; got "${entry}"`);
  }
  return entries.map((e) => (NAMED_PROXY_RANGES.has(e.toLowerCase()) ? e.toLowerCase() : e));
}

/** `CORS_ORIGINS`: a comma list of origins (`https://portal.example.org`, no path); empty = no cross-origin access. */
function originList(value: string | undefined, errors: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash) origin = url.origin;
    } catch {
      // reported below
    }
    if (origin && entry.replace(/\/$/, '').toLowerCase() === origin.toLowerCase()) origins.push(origin);
    else errors.push(`CORS_ORIGINS must be a comma list of origins like https://portal.example.org, got "${entry}"`);
  }
  return origins;
}

function externalUrls(env: NodeJS.ProcessEnv, errors: string[]): PlatformConfig['externalUrls'] {
  const urls: PlatformConfig['externalUrls'] = {};
  for (const target of EXTERNAL_TARGETS) {
    const name = `EXTERNAL_${target.toUpperCase()}_URL`;
    const url = httpUrl(name, env[name], errors);
    if (url) urls[target] = url;
  }
  return urls;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const errors: string[] = [];
  const platform: PlatformConfig = {
    logoutEnabled: bool(env.PLATFORM_LOGOUT_ENABLED, true),
    title: env.PLATFORM_TITLE?.trim() || undefined,
    externalUrls: externalUrls(env, errors),
  };
  const mt = mtConfig(env, errors);
  const storage = storageConfig(env, errors, nodeEnv);
  const office = officeConfig(env, errors, production);
  const collect = collectConfig(env, errors, production);
  const exchange: ExchangeConfig = { maxBytes: int('EXCHANGE_MAX_MB', env.EXCHANGE_MAX_MB, 20480, 1) * 1024 * 1024 };
  const backup = backupConfig(env, errors, nodeEnv);
  const weeklyProductId = env.WEEKLY_PRODUCT_ID?.trim() ? int('WEEKLY_PRODUCT_ID', env.WEEKLY_PRODUCT_ID, 0, 1) : undefined;
  const trustProxy = trustedProxies(env.TRUST_PROXY, errors);
  const largeScreenJobIds = idList('LARGE_SCREEN_JOB_IDS', env.LARGE_SCREEN_JOB_IDS, errors);
  const corsOrigins = originList(env.CORS_ORIGINS, errors);
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) errors.push('METRICS_TOKEN must be at least 16 characters');
  if (production && !env.JWT_SECRET) errors.push('JWT_SECRET is required in production');
  if (production && env.JWT_SECRET && env.JWT_SECRET.length < 32) errors.push('JWT_SECRET must be at least 32 characters');
  if (errors.length) throw new Error(`Configuration error:\n- ${errors.join('\n- ')}`);
  return {
    nodeEnv,
    production,
    port: int('PORT', env.PORT, 8000, 0),
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: int('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, 54329, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    rsaPrivateKey: env.RSA_PRIVATE_KEY?.replace(/\\n/g, '\n') || undefined,
    // In production there is no default: the first start (seeding) refuses to run without it.
    adminPassword: env.ADMIN_PASSWORD || (production ? '' : DEV_ADMIN_PASSWORD),
    defaultUserPassword: env.DEFAULT_USER_PASSWORD || undefined,
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    sessionTtlMs: int('SESSION_TTL_MINUTES', env.SESSION_TTL_MINUTES, 240, 1) * 60_000,
    rememberTtlMs: int('SESSION_REMEMBER_TTL_MINUTES', env.SESSION_REMEMBER_TTL_MINUTES, 1440, 1) * 60_000,
    loginMaxFailures: int('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5, 1),
    loginLockMs: int('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, 15, 1) * 60_000,
    loginRateLimit: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30, 0),
    captchaRateLimit: int('CAPTCHA_RATE_LIMIT', env.CAPTCHA_RATE_LIMIT, 60, 0),
    trustProxy,
    corsOrigins,
    casServerUrl: env.CAS_SERVER_URL || undefined,
    staticDir: resolve(env.STATIC_DIR || resolve(__dirname, '../../../frontend/dist')),
    timeZone: env.TZ || 'Asia/Shanghai',
    avatarMaxBytes: int('AVATAR_MAX_MB', env.AVATAR_MAX_MB, 5, 1) * 1024 * 1024,
    newsCountCap: int('NEWS_COUNT_CAP', env.NEWS_COUNT_CAP, 10_000, 1),
    platform,
    redisUrl: env.REDIS_URL?.trim() || undefined,
    queueConsume: bool(env.QUEUE_CONSUME, true),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT?.trim() ? int('METRICS_PORT', env.METRICS_PORT, 0, 1) : undefined,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 0),
    shutdownDelayMs: int('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0, 0),
    reviewAllowSelf: bool(env.REVIEW_ALLOW_SELF, false),
    mt,
    storage,
    weeklyProductId,
    largeScreenJobIds,
    office,
    collect,
    exchange,
    backup,
  };
}

/** A comma list of positive integer ids (blank = none), or an error naming the variable. */
export function idList(name: string, value: string | undefined, errors: string[]): number[] {
  const ids: number[] = [];
  for (const part of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (/^[1-9]\d{0,9}$/.test(part) && Number(part) <= 2_147_483_647) ids.push(Number(part));
    else errors.push(`${name} must be a comma list of positive integer ids: "${part}"`);
  }
  return [...new Set(ids)];
}

/** A positive number (a float), or an error naming the variable. */
function positiveNumber(name: string, value: string | undefined, fallback: number, max: number, errors: string[]): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) {
    errors.push(`${name} must be a number > 0 and <= ${max}, got "${value}"`);
    return fallback;
  }
  return n;
}

function collectConfig(env: NodeJS.ProcessEnv, errors: string[], production: boolean): CollectConfig {
  const minIntervalMinutes = int('COLLECT_MIN_INTERVAL_MINUTES', env.COLLECT_MIN_INTERVAL_MINUTES, 5, 1);
  const maxIntervalMinutes = int('COLLECT_MAX_INTERVAL_MINUTES', env.COLLECT_MAX_INTERVAL_MINUTES, 1440, 1);
  if (maxIntervalMinutes < minIntervalMinutes) errors.push(`COLLECT_MAX_INTERVAL_MINUTES (${maxIntervalMinutes}) must not be below COLLECT_MIN_INTERVAL_MINUTES (${minIntervalMinutes})`);
  const timeScale = positiveNumber('COLLECT_TIME_SCALE', env.COLLECT_TIME_SCALE, 1, 1000, errors);
  if (production && timeScale !== 1) errors.push('COLLECT_TIME_SCALE is for tests: it must be 1 when NODE_ENV=production');
  return {
    enabled: bool(env.COLLECT_ENABLED, true),
    allowPrivate: bool(env.COLLECT_ALLOW_PRIVATE, false),
    tickSeconds: int('COLLECT_TICK_SECONDS', env.COLLECT_TICK_SECONDS, 10, 1),
    concurrency: int('COLLECT_CONCURRENCY', env.COLLECT_CONCURRENCY, 8, 1),
    perHost: int('COLLECT_PER_HOST', env.COLLECT_PER_HOST, 2, 1),
    timeoutSeconds: int('COLLECT_TIMEOUT_SECONDS', env.COLLECT_TIMEOUT_SECONDS, 30, 1),
    maxBytes: int('COLLECT_MAX_BYTES', env.COLLECT_MAX_BYTES, 10 * 1024 * 1024, 1024),
    maxItems: int('COLLECT_MAX_ITEMS', env.COLLECT_MAX_ITEMS, 500, 1),
    minIntervalMinutes,
    maxIntervalMinutes,
    alertAfterErrors: int('COLLECT_ALERT_AFTER_ERRORS', env.COLLECT_ALERT_AFTER_ERRORS, 5, 1),
    userAgent: env.COLLECT_USER_AGENT?.trim() || 'HorizonCollector/1.0',
    clusterWindowHours: int('COLLECT_CLUSTER_WINDOW_HOURS', env.COLLECT_CLUSTER_WINDOW_HOURS, 72, 1),
    clusterThreshold: positiveNumber('COLLECT_CLUSTER_THRESHOLD', env.COLLECT_CLUSTER_THRESHOLD, 0.22, 1, errors),
    runRetentionDays: int('COLLECT_RUN_RETENTION_DAYS', env.COLLECT_RUN_RETENTION_DAYS, 30, 1),
    timeScale,
  };
}

function backupConfig(env: NodeJS.ProcessEnv, errors: string[], nodeEnv: string): BackupConfig {
  // Unset → the default 03:30 (tests: none, a test app must not dump its database in the slot); set but empty → no scheduled backups.
  const raw = env.BACKUP_SCHEDULE === undefined ? (nodeEnv === 'test' ? '' : '03:30') : env.BACKUP_SCHEDULE.trim();
  const match = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (raw && (!match || Number(match[1]) > 23 || Number(match[2]) > 59)) errors.push(`BACKUP_SCHEDULE must be HH:MM (00:00-23:59) or empty, got "${raw}"`);
  return {
    schedule: raw && match ? `${match[1].padStart(2, '0')}:${match[2]}` : undefined,
    retention: int('BACKUP_RETENTION', env.BACKUP_RETENTION, 7, 1),
    includeFiles: bool(env.BACKUP_INCLUDE_FILES, true),
    pgBinDir: env.PG_BIN_DIR?.trim() || undefined,
  };
}

/** A random secret for development deployments that supplied none (persisted by the caller). */
export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

export const APP_CONFIG = Symbol('APP_CONFIG');

import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { canAnyPermission } from '../../common/access/ability.js';
import type { Permission } from '../../common/access/permission.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { SettingsStore } from '../../common/auth/settings.store.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig, randomSecret } from '../../config/config.js';
import type { DownloadTokenDto } from './file.dto.js';

export const MSG_LINK_EXPIRED = '下载链接已失效，请重新下载';
/** Error code of a refused download link (not SESSION_EXPIRED: the user's session is fine). */
export const DOWNLOAD_LINK_INVALID = 'DOWNLOAD_LINK_INVALID';

/**
 * What a download token opens: a stored file (`downloadFile/{id}`, the default), an exchange
 * package (`exports/{id}/downloadFile`) or a backup (`runs/{id}/downloadFile`). The ids are of
 * different tables, so the purpose is part of the token and of its MAC: a file token never opens
 * the backup with the same id, nor the other way round.
 */
export type DownloadPurpose = 'file' | 'exchange' | 'backup';

/** HMAC key for download links, derived from the deployment's JWT secret (a separate key: a link is never a login token and vice versa). */
export function deriveDownloadKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('horizon:download-token:v1').digest();
}

// a file token's MAC input stays what it was before purposes existed (links already handed out keep working)
const macInput = (purpose: string, id: number, userId: number, expires: number) =>
  purpose === 'file' ? `dl1|${id}|${userId}|${expires}` : `dl1|${purpose}|${id}|${userId}|${expires}`;

const mac = (key: Buffer, purpose: string, id: number, userId: number, expires: number) => createHmac('sha256', key).update(macInput(purpose, id, userId, expires)).digest();

/**
 * `<fileId>.<userId>.<expires (unix seconds)>.<HMAC-SHA256, base64url>` for a file;
 * `<purpose>.<id>.<userId>.<expires>.<HMAC>` for the other purposes.
 */
export function signDownloadToken(key: Buffer, fileId: number, userId: number, expiresAtMs: number, purpose: DownloadPurpose = 'file'): string {
  const expires = Math.floor(expiresAtMs / 1000);
  const body = `${fileId}.${userId}.${expires}.${mac(key, purpose, fileId, userId, expires).toString('base64url')}`;
  return purpose === 'file' ? body : `${purpose}.${body}`;
}

const TOKEN = /^(?:([a-z]{1,16})\.)?(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The user a token was minted for, when it is well-formed, authentic, unexpired, for `purpose`
 * and for `fileId`; else undefined.
 */
export function verifyDownloadToken(
  key: Buffer,
  token: unknown,
  fileId: number,
  nowMs: number = Date.now(),
  purpose: DownloadPurpose = 'file',
): { userId: number } | undefined {
  if (typeof token !== 'string') return undefined;
  const m = TOKEN.exec(token);
  // a file token has no prefix: `file.` is not one of its spellings
  if (!m || m[1] === 'file') return undefined;
  const tokenPurpose = m[1] ?? 'file';
  const [tokenFile, userId, expires] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const given = Buffer.from(m[5], 'base64url');
  const expected = mac(key, tokenPurpose, tokenFile, userId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (tokenPurpose !== purpose || tokenFile !== fileId || expires * 1000 <= nowMs) return undefined;
  return { userId };
}

/**
 * Short-lived signed download links (`downloadFile/{id}?access_token=`): bound to one file and one
 * user, valid for `DOWNLOAD_TOKEN_TTL_SECONDS`. A link in a URL leaks into logs and histories, so
 * it must not be the login token.
 */
@Injectable()
export class DownloadTokenService implements OnModuleInit {
  private key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsStore,
    private readonly principals: PrincipalService,
  ) {}

  async onModuleInit(): Promise<void> {
    // The same secret TokenService signs sessions with (configured, or generated once per deployment).
    const secret = this.config.jwtSecret ?? (await this.settings.getOrCreate('jwt.secret', randomSecret));
    this.key = deriveDownloadKey(secret);
  }

  get ttlMs(): number {
    return this.config.storage.downloadTokenTtlMs;
  }

  sign(fileId: number, userId: number, expiresAtMs: number = Date.now() + this.ttlMs, purpose: DownloadPurpose = 'file'): string {
    return signDownloadToken(this.key, fileId, userId, expiresAtMs, purpose);
  }

  verify(token: unknown, fileId: number, nowMs: number = Date.now(), purpose: DownloadPurpose = 'file'): { userId: number } | undefined {
    return verifyDownloadToken(this.key, token, fileId, nowMs, purpose);
  }

  /**
   * `{token, url, expiresIn}` of a fresh token for `purpose`, `id` and the user; `path` is the
   * download route relative to the server root (`api/backup/runs/3/downloadFile`).
   */
  link(purpose: DownloadPurpose, id: number, userId: number, path: string): DownloadTokenDto {
    const token = this.sign(id, userId, Date.now() + this.ttlMs, purpose);
    return { token, url: `${path}?access_token=${encodeURIComponent(token)}`, expiresIn: Math.round(this.ttlMs / 1000) };
  }

  /**
   * The user behind a download token for `purpose` and `id`, as they are now: 401
   * `DOWNLOAD_LINK_INVALID` for a bad, expired or foreign token or a disabled user; 403 when the
   * user no longer holds one of `codes` (what the route's `@RequirePermissions` asks).
   */
  async holder(purpose: DownloadPurpose, id: number, token: unknown, codes: readonly Permission[]): Promise<Principal> {
    const claim = this.verify(token, id, Date.now(), purpose);
    const user = claim && (await this.principals.load(claim.userId));
    if (!user?.enabled) throw DomainException.unauthorized(MSG_LINK_EXPIRED, DOWNLOAD_LINK_INVALID);
    if (!canAnyPermission(user.ability, codes)) throw DomainException.forbidden('没有权限执行此操作');
    return { ...user, sessionId: '' };
  }
}

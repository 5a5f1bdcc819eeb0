import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SettingsStore } from '../../common/auth/settings.store.js';
import { APP_CONFIG, type AppConfig, randomSecret } from '../../config/config.js';

/** HMAC key for download links, derived from the deployment's JWT secret (a separate key: a link is never a login token and vice versa). */
export function deriveDownloadKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('horizon:download-token:v1').digest();
}

const mac = (key: Buffer, fileId: number, userId: number, expires: number) => createHmac('sha256', key).update(`dl1|${fileId}|${userId}|${expires}`).digest();

/** `<fileId>.<userId>.<expires (unix seconds)>.<HMAC-SHA256, base64url>`. */
export function signDownloadToken(key: Buffer, fileId: number, userId: number, expiresAtMs: number): string {
  const expires = Math.floor(expiresAtMs / 1000);
  return `${fileId}.${userId}.${expires}.${mac(key, fileId, userId, expires).toString('base64url')}`;
}

const TOKEN = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The user a token was minted for, when it is well-formed, authentic, unexpired and for `fileId`; else undefined. */
export function verifyDownloadToken(key: Buffer, token: unknown, fileId: number, nowMs: number = Date.now()): { userId: number } | undefined {
  if (typeof token !== 'string') return undefined;
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [tokenFile, userId, expires] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const given = Buffer.from(m[4], 'base64url');
  const expected = mac(key, tokenFile, userId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (tokenFile !== fileId || expires * 1000 <= nowMs) return undefined;
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
  ) {}

  async onModuleInit(): Promise<void> {
    // The same secret TokenService signs sessions with (configured, or generated once per deployment).
    const secret = this.config.jwtSecret ?? (await this.settings.getOrCreate('jwt.secret', randomSecret));
    this.key = deriveDownloadKey(secret);
  }

  get ttlMs(): number {
    return this.config.storage.downloadTokenTtlMs;
  }

  sign(fileId: number, userId: number, expiresAtMs: number = Date.now() + this.ttlMs): string {
    return signDownloadToken(this.key, fileId, userId, expiresAtMs);
  }

  verify(token: unknown, fileId: number, nowMs: number = Date.now()): { userId: number } | undefined {
    return verifyDownloadToken(this.key, token, fileId, nowMs);
  }
}

import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig, randomSecret } from '../../config/config.js';
import { SettingsStore } from './settings.store.js';

export interface TokenClaims {
  sid: string;
  sub: string;
  username: string;
}

/**
 * Signs and reads the bearer token. The token only names a server-side session (`sid`); whether it
 * is still valid is decided by the session store, so logout, kick-out and disabling take effect at once.
 */
@Injectable()
export class TokenService implements OnModuleInit {
  private secret: string;
  /**
   * The secret as a KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a
   * PEM public key on every verify, which cost ~1 ms of CPU per request.
   */
  private key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsStore,
    private readonly jwt: JwtService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.secret = this.config.jwtSecret ?? (await this.settings.getOrCreate('jwt.secret', randomSecret));
    this.key = createSecretKey(Buffer.from(this.secret, 'utf8'));
  }

  sign(sessionId: string, userId: number, username: string): string {
    return this.jwt.sign({ sid: sessionId, sub: String(userId), username }, { secret: this.secret, algorithm: 'HS256' });
  }

  /** The key that verifies a token (HS256); the Passport `jwt` strategy verifies with it. */
  verificationKey(): KeyObject {
    return this.key;
  }

  /** Session id of a well-signed token, or undefined. */
  read(token: string): string | undefined {
    const known = this.verifiedSession(token);
    if (known) return known;
    try {
      const claims = this.jwt.verify<TokenClaims & { exp?: number }>(token, { secret: this.key as unknown as Buffer, algorithms: ['HS256'] });
      if (typeof claims.sid !== 'string') return undefined;
      this.remember(token, claims);
      return claims.sid;
    } catch {
      return undefined;
    }
  }

  /**
   * Tokens this process has verified, with their session (issue 18): the same bearer token arrives
   * with every request of a browser tab, and its HMAC check through Passport cost ~5 % of a list
   * request. Only the signature check is remembered — the exact token string, so a changed byte is a
   * different token that is verified anew; whether its session still lives is asked every time (the
   * session cache, invalidated on every replica at once). Bounded; the oldest entries leave first.
   */
  private readonly verified = new Map<string, { sid: string; exp?: number }>();

  /** The session of a token verified before (and not expired, should it carry `exp`), or undefined. */
  verifiedSession(token: string): string | undefined {
    const v = this.verified.get(token);
    if (!v) return undefined;
    if (v.exp !== undefined && v.exp * 1000 <= Date.now()) {
      this.verified.delete(token);
      return undefined;
    }
    return v.sid;
  }

  /** Remembers a token whose signature was just verified (the `jwt` strategy and `read` call this). */
  remember(token: string, claims: { sid?: unknown; exp?: unknown }): void {
    if (typeof claims.sid !== 'string' || token.length > MAX_REMEMBERED_TOKEN || this.verified.has(token)) return;
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { sid: claims.sid, exp: typeof claims.exp === 'number' ? claims.exp : undefined });
  }
}

/** Most verified tokens kept per process (about 13 MB at the most). */
const MAX_VERIFIED_TOKENS = 20_000;
/** Our tokens are ~250 characters; a longer one is verified every time rather than kept. */
const MAX_REMEMBERED_TOKEN = 512;

/**
 * `Authorization: Bearer <t>` (a doubled or missing prefix is tolerated), else `accessToken`: the socket.io
 * handshake's `auth.token`, or `?access_token=<t>` on the handlers marked `@AllowQueryToken()` (the
 * guard passes the query value only there).
 */
export function extractToken(authorization: string | undefined, accessToken: unknown): string | undefined {
  let value = authorization?.trim();
  if (!value && typeof accessToken === 'string') value = accessToken.trim();
  if (!value) return undefined;
  while (/^bearer\s+/i.test(value)) value = value.replace(/^bearer\s+/i, '');
  return value || undefined;
}

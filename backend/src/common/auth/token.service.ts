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
    try {
      const claims = this.jwt.verify<TokenClaims>(token, { secret: this.key as unknown as Buffer, algorithms: ['HS256'] });
      return typeof claims.sid === 'string' ? claims.sid : undefined;
    } catch {
      return undefined;
    }
  }
}

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

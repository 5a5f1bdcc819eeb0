import { Injectable } from '@nestjs/common';
import type { Principal } from './principal.js';
import { PrincipalService } from './principal.service.js';
import { SessionService } from './session.service.js';
import { extractToken, TokenService } from './token.service.js';

/** Resolves the caller of a session (HTTP: through the Passport `jwt` strategy; socket.io: from the handshake token). */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
  ) {}

  /** The caller named by a token (socket.io handshake), without enforcing anything. */
  async authenticate(authorization: string | undefined, accessToken: unknown): Promise<Principal | undefined> {
    const token = extractToken(authorization, accessToken);
    const sid = token && this.tokens.read(token);
    return sid ? this.fromSession(sid) : undefined;
  }

  /** The caller of a live session (its expiry slides); a disabled user's session is revoked. */
  async fromSession(sid: string): Promise<Principal | undefined> {
    const session = await this.sessions.touch(sid);
    if (!session) return undefined;
    const user = await this.principals.load(session.userId);
    if (!user || !user.enabled) {
      await this.sessions.revoke([sid]);
      return undefined;
    }
    const { enabled: _enabled, ...rest } = user;
    return { ...rest, sessionId: sid };
  }
}

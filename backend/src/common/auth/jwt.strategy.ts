import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { Authenticator } from './authenticator.js';
import type { Principal } from './principal.js';
import { extractToken, type TokenClaims, TokenService } from './token.service.js';

/** Set by the access guard before Passport runs: this handler accepts `?access_token=` (downloads). */
export const QUERY_TOKEN_ALLOWED = Symbol('horizon:query-token-allowed');

type TokenRequest = Request & { [QUERY_TOKEN_ALLOWED]?: boolean };

/**
 * The Passport `jwt` strategy: passport-jwt reads the bearer token (a doubled or missing `Bearer`
 * prefix is tolerated; `?access_token=` only where the handler allows it) and verifies its HS256
 * signature; `validate` then looks the session up, so logout, kick-out and disabling take effect at
 * once. No session, no user: the guard decides whether the handler needed one.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    tokens: TokenService,
    private readonly authenticator: Authenticator,
  ) {
    super({
      jwtFromRequest: (req: Request) => extractToken(req.headers.authorization, (req as TokenRequest)[QUERY_TOKEN_ALLOWED] ? req.query?.access_token : undefined) ?? null,
      secretOrKeyProvider: (_req, _raw, done) => done(null, tokens.verificationKey() as unknown as Buffer),
      algorithms: ['HS256'],
      passReqToCallback: false,
    });
  }

  async validate(claims: TokenClaims): Promise<Principal | false> {
    if (typeof claims?.sid !== 'string') return false;
    return (await this.authenticator.fromSession(claims.sid)) ?? false;
  }
}

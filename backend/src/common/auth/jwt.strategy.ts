import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { Authenticator } from './authenticator.js';
import type { Principal } from './principal.js';
import { extractToken, type TokenClaims, type TokenService } from './token.service.js';

/**
 * What the access guard hands the strategy on the request: this app's token key and session lookup,
 * and whether the handler accepts `?access_token=` (downloads). Passport keeps strategies in one
 * process-wide registry, so the registered strategy holds no app state: several apps in one process
 * (tests) each authenticate against their own sessions.
 */
export const AUTH_CONTEXT = Symbol('horizon:auth-context');

export interface AuthContext {
  tokens: TokenService;
  authenticator: Authenticator;
  queryTokenAllowed: boolean;
}

type TokenRequest = Request & { [AUTH_CONTEXT]?: AuthContext };

/** The bearer token of a request: the Authorization header, else `?access_token=` where the handler allows it. */
export function requestToken(req: Request, ctx: Pick<AuthContext, 'queryTokenAllowed'>): string | undefined {
  return extractToken(req.headers.authorization, ctx.queryTokenAllowed ? req.query?.access_token : undefined);
}

/**
 * The Passport `jwt` strategy: passport-jwt reads the bearer token (a doubled or missing `Bearer`
 * prefix is tolerated; `?access_token=` only where the handler allows it) and verifies its HS256
 * signature; `validate` then looks the session up, so logout, kick-out and disabling take effect at
 * once. No session, no user: the guard decides whether the handler needed one.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor() {
    super({
      jwtFromRequest: (req: Request) => {
        const ctx = (req as TokenRequest)[AUTH_CONTEXT];
        return (ctx && requestToken(req, ctx)) ?? null;
      },
      secretOrKeyProvider: (req, _raw, done) => {
        const ctx = (req as TokenRequest)[AUTH_CONTEXT];
        if (!ctx) done(new Error('AccessGuard did not set the auth context'));
        else done(null, ctx.tokens.verificationKey() as unknown as Buffer);
      },
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  async validate(req: TokenRequest, claims: TokenClaims): Promise<Principal | false> {
    const ctx = req[AUTH_CONTEXT];
    if (!ctx || typeof claims?.sid !== 'string') return false;
    // The signature is good: the next request with this very token skips Passport (AccessGuard).
    const token = requestToken(req, ctx);
    if (token) ctx.tokens.remember(token, claims);
    return (await ctx.authenticator.fromSession(claims.sid)) ?? false;
  }
}

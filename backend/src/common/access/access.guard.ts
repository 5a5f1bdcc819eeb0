import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { requestContext } from '../audit/request-context.js';
import type { Principal } from '../auth/principal.js';
import { hasAnyPermission } from '../auth/principal.js';
import { PrincipalService } from '../auth/principal.service.js';
import { SessionService } from '../auth/session.service.js';
import { extractToken, TokenService } from '../auth/token.service.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { ACCESS_KEY, type AccessRule, ALLOW_QUERY_TOKEN_KEY, ALLOW_DURING_PASSWORD_CHANGE_KEY } from './permissions.decorator.js';

export type AuthedRequest = Request & { principal?: Principal };

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = '首次登录或密码被重置后，请先修改密码';

/** Resolves the caller from the bearer token (session store) without enforcing anything. */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
  ) {}

  async authenticate(authorization: string | undefined, accessToken: unknown): Promise<Principal | undefined> {
    const token = extractToken(authorization, accessToken);
    const sid = token && this.tokens.read(token);
    if (!sid) return undefined;
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

/**
 * The one global guard: default deny. Every handler declares `@Public()`, `@Authenticated()` or
 * `@RequirePermissions(...)`; a handler with none answers 403 (and the permission-matrix test fails).
 * A caller who must still change an initial password reaches only `@AllowDuringPasswordChange()`
 * handlers (and public ones); everything else answers 403 `PASSWORD_CHANGE_REQUIRED`.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const queryToken = this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_QUERY_TOKEN_KEY, [context.getHandler(), context.getClass()]) ? req.query?.access_token : undefined;
    const principal = await this.authenticator.authenticate(req.headers.authorization, queryToken);
    if (principal) {
      req.principal = principal;
      const store = requestContext.getStore();
      if (store) {
        store.userId = principal.userId;
        store.username = principal.username;
      }
    }
    if (!rule) {
      this.logger.error(`No access rule declared on ${context.getClass().name}.${context.getHandler().name}: denied`);
      throw DomainException.forbidden();
    }
    if (rule.kind === 'public') return true;
    if (!principal) throw DomainException.unauthorized('登录状态已过期，请重新登录', ErrorCode.SessionExpired);
    if (principal.passwordChangeRequired && !this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_DURING_PASSWORD_CHANGE_KEY, [context.getHandler(), context.getClass()])) {
      throw DomainException.forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE, ErrorCode.PasswordChangeRequired);
    }
    if (rule.kind === 'authenticated') return true;
    if (!hasAnyPermission(principal, rule.codes)) throw DomainException.forbidden('没有权限执行此操作');
    return true;
  }
}

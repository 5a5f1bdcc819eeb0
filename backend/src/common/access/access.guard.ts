import { type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { requestContext } from '../audit/request-context.js';
import { Authenticator } from '../auth/authenticator.js';
import { AUTH_CONTEXT, type AuthContext, requestToken } from '../auth/jwt.strategy.js';
import type { Principal } from '../auth/principal.js';
import { TokenService } from '../auth/token.service.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { canAnyPermission } from './ability.js';
import { ACCESS_KEY, type AccessRule, ALLOW_DURING_PASSWORD_CHANGE_KEY, ALLOW_QUERY_TOKEN_KEY } from './permissions.decorator.js';

export type AuthedRequest = Request & { principal?: Principal; [AUTH_CONTEXT]?: AuthContext };

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = '首次登录或密码被重置后，请先修改密码';

/**
 * The one global guard: default deny. Passport's `jwt` strategy resolves the caller (any request: a
 * public handler still learns who acts, for the audit trail); then the handler's rule decides.
 * Every handler declares `@Public()`, `@Authenticated()` or `@RequirePermissions(...)`; a handler with
 * none answers 403 (and the permission-matrix test fails). `@RequirePermissions` is a CASL check on
 * the caller's ability. A caller who must still change an initial password reaches only
 * `@AllowDuringPasswordChange()` handlers (and public ones); everything else answers 403
 * `PASSWORD_CHANGE_REQUIRED`.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly authenticator: Authenticator,
  ) {
    super();
  }

  /** The caller lands on `req.principal`; no session is never an error here (the rule decides). */
  override getAuthenticateOptions(_context: ExecutionContext): AuthGuardAuthenticateOptions {
    return { property: 'principal', session: false };
  }

  override handleRequest<T = Principal>(err: unknown, user: unknown): T {
    if (err) throw err;
    return (user || undefined) as T;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, targets);
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const auth: AuthContext = {
      tokens: this.tokens,
      authenticator: this.authenticator,
      queryTokenAllowed: this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_QUERY_TOKEN_KEY, targets) === true,
    };
    req[AUTH_CONTEXT] = auth;
    // A token this process already verified (TokenService.remember) skips Passport's signature check;
    // its session is looked up all the same. Any other token goes through the `jwt` strategy.
    const token = requestToken(req, auth);
    const knownSession = token ? this.tokens.verifiedSession(token) : undefined;
    if (knownSession) req.principal = await this.authenticator.fromSession(knownSession);
    else await super.canActivate(context);
    const principal = req.principal;
    if (principal) {
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
    if (principal.passwordChangeRequired && !this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_DURING_PASSWORD_CHANGE_KEY, targets)) {
      throw DomainException.forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE, ErrorCode.PasswordChangeRequired);
    }
    if (rule.kind === 'authenticated') return true;
    if (!canAnyPermission(principal.ability, rule.codes)) throw DomainException.forbidden('没有权限执行此操作');
    return true;
  }
}

import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiQuery, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Principal } from '../auth/principal.js';
import type { Permission } from './permission.js';

export const ACCESS_KEY = 'horizon:access';

/** What a handler requires. Read by the global AccessGuard; a handler without one is denied. */
export type AccessRule = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permissions'; codes: Permission[] };

/** Anyone, without a session (login, captcha, public key, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/** Any logged-in user (own profile, menu build, dictionaries). */
export const Authenticated = () =>
  applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'authenticated' } satisfies AccessRule), ApiBearerAuth(), ApiUnauthorizedResponse({ description: '未登录或登录已过期' }));

/**
 * Admin, or any one of the permission codes (eladmin's `@el.check('a','b')`), checked as CASL rules:
 * `ability.can(action, subject)` for `subject:action`. Codes are typed (`Permission`): a typo does not
 * compile. With no codes: administrators only (`can('manage', 'all')`).
 */
export const RequirePermissions = (...codes: Permission[]) =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'permissions', codes } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: '未登录或登录已过期' }),
    ApiForbiddenResponse({ description: codes.length ? `需要权限: admin 或 ${codes.join(' / ')}` : '仅管理员' }),
  );

/** Administrators only. */
export const AdminOnly = () => RequirePermissions();

export const ALLOW_DURING_PASSWORD_CHANGE_KEY = 'horizon:allow-during-password-change';

/**
 * Reachable while the caller still has an initial password to change (who am I, log out, the change
 * itself and what its form needs). Every other authenticated handler answers 403
 * `PASSWORD_CHANGE_REQUIRED` to such a caller.
 */
export const AllowDuringPasswordChange = () => SetMetadata(ALLOW_DURING_PASSWORD_CHANGE_KEY, true);

export const ALLOW_QUERY_TOKEN_KEY = 'horizon:allow-query-token';

/**
 * The login token may also come as `?access_token=<token>` on this handler: only for GET downloads
 * that a browser opens as a plain link or window (it cannot add an Authorization header there).
 * Everywhere else a token in the URL is ignored (it would leak into logs, history and Referer).
 */
export const AllowQueryToken = () =>
  applyDecorators(SetMetadata(ALLOW_QUERY_TOKEN_KEY, true), ApiQuery({ name: 'access_token', required: false, description: '登录令牌（浏览器直接打开下载链接时使用；优先使用 Authorization 头）' }));

/** The authenticated caller (set by the Passport `jwt` strategy through AccessGuard). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ principal: Principal }>().principal;
});

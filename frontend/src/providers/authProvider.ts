// Auth against `auth/*` (docs/admin-api.md): RSA-encrypted password, bearer token in a cookie,
// identity and permissions from `auth/info`, 401/403 flow of spec §8.
import { type AuthProvider, HttpError, type UserIdentity } from 'react-admin';
import { abilityFromCodes, abilityFromRules, type AppAbility, type PackedRules } from './ability';
import { canAccess, DEFAULT_ROLE } from './permissions';
import { clearToken, failedMethod, getToken, requestJson, setToken } from './http';
import { isPasswordChangeError, setPasswordChangeRequired } from './passwordChange';

export interface DeptStub {
  id: number;
  name: string;
  /** Parent department id (the news area's work department is the parent, spec §4). */
  pid?: number | null;
}

export interface AuthUser {
  id: number;
  username: string;
  nickName?: string;
  email?: string;
  phone?: string;
  gender?: string;
  avatarName?: string | null;
  enabled?: boolean;
  pwdResetTime?: string;
  dept?: DeptStub | null;
  roles?: { id: number; name: string; level?: number; dataScope?: string }[];
  jobs?: DeptStub[];
  createTime?: string;
}

export interface AuthInfo {
  user: AuthUser;
  roles: string[];
  dataScopes: number[];
  /** The account still has its initial password: it must be changed before anything else. */
  passwordChangeRequired?: boolean;
  /** The caller's CASL rules, packed: the same ones the server checks (codes and record rules). */
  rules?: PackedRules;
}

export interface Captcha {
  img: string;
  uuid: string;
  enabled?: boolean;
}

export interface LoginParams {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  rememberMe?: boolean;
}

export interface HorizonIdentity extends UserIdentity {
  username: string;
  user: AuthUser;
}

/** Set when the session expired (401) so the login page can say so; read once. */
const EXPIRED_FLAG = 'horizon-session-expired';
export const MSG_SESSION_EXPIRED = '当前登录状态已过期，请重新登录！';

export function markSessionExpired(): void {
  sessionStorage.setItem(EXPIRED_FLAG, '401');
}

export function consumeSessionExpired(): boolean {
  const expired = sessionStorage.getItem(EXPIRED_FLAG) === '401';
  sessionStorage.removeItem(EXPIRED_FLAG);
  return expired;
}

/** `/horizon/system/user?x=1` → `/system/user?x=1` (paths inside the router's basename). */
export function currentAppPath(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : location.pathname;
  return `${path || '/'}${location.search}`;
}

const PUBLIC_PATHS = ['/', '/login', '/loginAdmin', '/enter', '/401', '/404'];

/** `/login?redirect=<where the user was>` (no redirect back to open pages or the launch page). */
export function loginPath(from: string = currentAppPath()): string {
  const pathname = from.split('?')[0];
  if (PUBLIC_PATHS.includes(pathname) || pathname.startsWith('/redirect')) return '/login';
  return `/login?redirect=${encodeURIComponent(from)}`;
}

export function avatarUrl(avatarName?: string | null): string | undefined {
  return avatarName ? `/avatar/${encodeURIComponent(avatarName)}` : undefined;
}

export function getCaptcha(): Promise<Captcha> {
  return requestJson<Captcha>('auth/code');
}

/** base64(RSA-OAEP-SHA256(plain)) with the deployment's public key (node-forge is loaded on demand). */
export async function encryptWithServerKey(plain: string): Promise<string> {
  const [{ publicKey }, { encryptPassword }] = await Promise.all([
    requestJson<{ publicKey: string }>('auth/publicKey'),
    import('./rsa'),
  ]);
  return encryptPassword(plain, publicKey);
}

// auth/info is read once per session and shared by getIdentity, getPermissions and canAccess.
let infoPromise: Promise<AuthInfo> | undefined;

export function loadAuthInfo(): Promise<AuthInfo> {
  if (!infoPromise) {
    infoPromise = requestJson<AuthInfo>('auth/info');
    infoPromise.then(
      (info) => setPasswordChangeRequired(info.passwordChangeRequired === true),
      () => {
        infoPromise = undefined;
      },
    );
  }
  return infoPromise;
}

/** Forgets the cached identity (after a profile or avatar change). */
export function resetAuthInfo(): void {
  infoPromise = undefined;
}

/** Uses a known answer (the login's) as the session's auth/info. */
export function primeAuthInfo(info: AuthInfo): void {
  infoPromise = Promise.resolve(info);
}

export function toIdentity(info: AuthInfo): HorizonIdentity {
  const { user } = info;
  return {
    id: user.id,
    username: user.username,
    fullName: user.nickName || user.username,
    avatar: avatarUrl(user.avatarName),
    user,
  };
}

const abilities = new WeakMap<AuthInfo, AppAbility>();

/** The session's CASL ability: the server's packed rules, else (older answers) the permission codes. */
export function toAbility(info: AuthInfo): AppAbility {
  let ability = abilities.get(info);
  if (!ability) {
    ability = Array.isArray(info.rules) ? abilityFromRules(info.rules) : abilityFromCodes(info.roles ?? []);
    abilities.set(info, ability);
  }
  return ability;
}

/** The session's ability for `<Can>` and `useAppAbility()` (AbilityContext); codes-only until auth/info answers. */
export async function loadAbility(): Promise<AppAbility> {
  return toAbility(await loadAuthInfo());
}

export function toPermissions(info: AuthInfo): string[] {
  return info.roles?.length ? info.roles : [DEFAULT_ROLE];
}

/** Reads (and calls of unknown origin) count as opening a screen. */
function isRead(error: unknown): boolean {
  const method = failedMethod(error);
  return method === undefined || method === 'GET';
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export const authProvider: AuthProvider = {
  async login({ username, password, code, uuid, rememberMe = false }: LoginParams) {
    const body = {
      username: username.trim(),
      password: await encryptWithServerKey(password),
      code,
      uuid,
      rememberMe,
    };
    const answer = await requestJson<{ token: string; user: AuthUser } & Partial<Pick<AuthInfo, 'roles' | 'dataScopes' | 'passwordChangeRequired' | 'rules'>>>('auth/login', {
      method: 'POST',
      body,
    });
    setToken(answer.token, rememberMe);
    resetAuthInfo();
    // A new or reset account: the shell asks for a new password before anything else.
    setPasswordChangeRequired(answer.passwordChangeRequired === true);
    // The login answer carries what auth/info answers: the first screen needs no second round trip.
    if (Array.isArray(answer.roles)) {
      primeAuthInfo({ user: answer.user, roles: answer.roles, dataScopes: answer.dataScopes ?? [], passwordChangeRequired: answer.passwordChangeRequired === true, rules: answer.rules });
    }
    consumeSessionExpired();
  },

  async logout() {
    const hadToken = Boolean(getToken());
    if (hadToken) {
      // Revokes the session server-side; the client forgets it whatever happens.
      await requestJson('auth/logout', { method: 'DELETE', timeoutMs: 5000 }).catch(() => undefined);
    }
    clearToken();
    resetAuthInfo();
    setPasswordChangeRequired(false);
    return loginPath();
  },

  async checkAuth() {
    if (!getToken()) {
      throw { redirectTo: loginPath(), message: false };
    }
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      clearToken();
      resetAuthInfo();
      setPasswordChangeRequired(false);
      markSessionExpired();
      throw { message: false };
    }
    // The initial password must be changed first: the shell shows the change dialog (http.ts set
    // the flag); no redirect, the session stays.
    if (isPasswordChangeError(error)) {
      setPasswordChangeRequired(true);
      return;
    }
    if (status === 403 && isRead(error)) {
      // No permission for a screen: show the /401 page, keep the session.
      throw { logoutUser: false, redirectTo: '/401', message: false };
    }
    // A refused change (e.g. 权限不足，你的角色级别…) stays an error of that action: the caller shows
    // the server's message and the dialog stays open. (Treated as handled, react-admin would report
    // the write as a success while leaving for /401.)
  },

  async getIdentity() {
    return toIdentity(await loadAuthInfo());
  },

  async getPermissions() {
    if (!getToken()) return [];
    return toPermissions(await loadAuthInfo());
  },

  async canAccess({ action, resource }) {
    if (!getToken()) return false;
    return canAccess(toAbility(await loadAuthInfo()), resource, action);
  },
};

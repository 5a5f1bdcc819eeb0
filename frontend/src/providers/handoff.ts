// /pro/setManu?productId=&journalId=&access_token=<code> (production-admin §2): the journal workbench
// in a window of its own. `access_token` is a one-time handoff code (`POST auth/handoff`, 60 s, one
// use; never the login token): before the app renders, it is exchanged for a session of its own
// (`POST auth/handoff/exchange`) and removed from the address bar. A used or expired code leaves the
// page to the login screen with the reason.
import { primeAuthInfo, resetAuthInfo, type AuthInfo, type AuthUser } from './authProvider';
import { requestJson, setToken } from './http';

/** The app's base (`/horizon/`). */
const BASE = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');

/** Paths that accept a handoff code, and the purpose the server checks. */
export const HANDOFF_PAGES: Record<string, 'setManu'> = { '/pro/setManu': 'setManu' };

/** Message shown when a code could not be used (the server says the same). */
export const HANDOFF_FAILED = '链接已失效，请从原页面重新打开';

/** The page's purpose and code when the address carries one (`pathname` without the base path). */
export function handoffOf(pathname: string, search: string): { purpose: 'setManu'; code: string } | null {
  const purpose = HANDOFF_PAGES[pathname.replace(/\/+$/, '')];
  const code = new URLSearchParams(search).get('access_token');
  return purpose && code ? { purpose, code } : null;
}

/** The address without `access_token` (the rest of the query kept). */
export function withoutCode(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('access_token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Exchanges the address's code, if any, for a session and strips it from the address. Resolves
 * false when a code was there and failed (the caller tells the user), true otherwise.
 */
export async function consumeHandoff(basename: string, location: Location = window.location): Promise<boolean> {
  const found = handoffOf(location.pathname.slice(basename.length) || '/', location.search);
  if (!found) return true;
  // the code leaves the address (and the history entry) before anything else can read or log it
  window.history.replaceState(window.history.state, '', withoutCode(location.href));
  try {
    const answer = await requestJson<{ token: string; user: AuthUser } & Partial<AuthInfo>>('auth/handoff/exchange', { method: 'POST', body: found });
    setToken(answer.token, false);
    resetAuthInfo();
    if (Array.isArray(answer.roles)) {
      primeAuthInfo({ user: answer.user, roles: answer.roles, dataScopes: answer.dataScopes ?? [], passwordChangeRequired: answer.passwordChangeRequired === true, rules: answer.rules });
    }
    return true;
  } catch {
    return false;
  }
}

const NOTICE_KEY = 'horizon.loginNotice';

/** Remembers why the login page is shown (read once by the login form). */
export function setLoginNotice(message: string): void {
  window.sessionStorage.setItem(NOTICE_KEY, message);
}

/** The remembered reason, once. */
export function consumeLoginNotice(): string | null {
  const message = window.sessionStorage.getItem(NOTICE_KEY);
  window.sessionStorage.removeItem(NOTICE_KEY);
  return message;
}

/**
 * Opens `path` (inside the app, with its query) in a new window signed in by a fresh handoff code.
 * The window is opened at once (inside the click, so no popup blocker stops it) and sent on when the
 * code is there; a failure closes it and rethrows.
 */
export async function openWithHandoff(path: string, purpose: 'setManu'): Promise<void> {
  const win = window.open('about:blank', '_blank');
  try {
    const { code } = await requestJson<{ code: string }>('auth/handoff', { method: 'POST', body: { purpose } });
    const url = `${BASE}${path.replace(/^\//, '')}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(code)}`;
    if (win) win.location.href = url;
    else window.open(url, '_blank');
  } catch (error) {
    win?.close();
    throw error;
  }
}

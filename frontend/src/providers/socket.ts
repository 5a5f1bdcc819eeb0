// The live channel (docs/news-design.md "Live channel"): socket.io at /webSocket on the API origin,
// authenticated with the session token in the handshake. Every message the server pushes is
// broadcast on an in-app bus: <LiveNotices/> shows it, lists subscribe to refresh.
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { apiUrl, getToken } from './http';
import { broadcastLive, isLiveMessage } from './liveBus';

export { broadcastLive, isLiveMessage, type LiveListener, type LiveMessage, type LiveMsgType, type LiveNoticeType, subscribeLive, useLiveMessages } from './liveBus';

export const LIVE_PATH = '/webSocket';
export const LIVE_EVENT = 'message';
/** Spec §9: 3 retries, 5 s apart, 30 s connect timeout. */
export const RECONNECTION_ATTEMPTS = 3;
export const RECONNECTION_DELAY_MS = 5000;
export const CONNECT_TIMEOUT_MS = 30_000;

// ---- connection ----

/** socket.io URL (origin) and path of the live channel: the API origin, under its path prefix if any. */
export function liveEndpoint(base: string = apiUrl('')): { url: string; path: string } {
  const address = new URL(base, window.location.href);
  return { url: address.origin, path: `${address.pathname.replace(/\/+$/, '')}${LIVE_PATH}` };
}

/** Connection options: the token is read at every (re)connection, so it is always the current one. */
export function liveOptions(path: string): Partial<ManagerOptions & SocketOptions> {
  return {
    path,
    auth: (cb) => cb({ token: getToken() ?? '' }),
    forceNew: true,
    reconnection: true,
    reconnectionAttempts: RECONNECTION_ATTEMPTS,
    reconnectionDelay: RECONNECTION_DELAY_MS,
    reconnectionDelayMax: RECONNECTION_DELAY_MS,
    randomizationFactor: 0,
    timeout: CONNECT_TIMEOUT_MS,
  };
}

let socket: Socket | undefined;
let socketToken: string | undefined;
let holders = 0;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Opens the channel for the session token in the cookie (nothing without one); a new token (another
 * login) replaces the connection. A handshake refused by the server (`connect_error` message
 * UNAUTHORIZED: the session is gone) is not retried; lost connections are, 3 times 5 s apart.
 */
export function connectLive(): Socket | undefined {
  const token = getToken();
  if (!token) {
    disconnectLive();
    return undefined;
  }
  if (socket && socketToken === token) {
    if (!socket.active) socket.connect();
    return socket;
  }
  disconnectLive();
  const { url, path } = liveEndpoint();
  const created = io(url, liveOptions(path));
  created.on(LIVE_EVENT, (message: unknown) => {
    if (isLiveMessage(message)) broadcastLive(message);
  });
  // The connection state on <html data-live> (support and browser tests can see it).
  created.on('connect', () => markLive('connected'));
  created.on('disconnect', () => markLive('offline'));
  socket = created;
  socketToken = token;
  return created;
}

function markLive(state: 'connected' | 'offline'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.live = state;
}

/** Closes the channel (logout, leaving the logged-in screens). */
export function disconnectLive(): void {
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  const current = socket;
  socket = undefined;
  socketToken = undefined;
  markLive('offline');
  if (current) {
    current.off();
    current.disconnect();
  }
}

/**
 * Keeps the channel open while a logged-in screen is mounted; call the returned function when it
 * unmounts. The last release closes it — after the current render, so moving from one shell to the
 * other (unmount then mount in one commit) keeps the connection.
 */
export function acquireLive(): () => void {
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  holders += 1;
  connectLive();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    releaseTimer = setTimeout(() => {
      if (holders === 0) disconnectLive();
    }, 0);
  };
}

/** The open connection, if any (tests, diagnostics). */
export function liveSocket(): Socket | undefined {
  return socket;
}

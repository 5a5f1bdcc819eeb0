// The online editor page's logic without React (docs/office-design.md §4.8, docs/office-api.md "The
// built-in editor page, step by step"): route parameters, error codes, the dirty flag, the close
// sequence (poll, broadcast, leave the window) and the WOPI PostMessage checks.
import type { OfficeClosedMessage, OfficeKind, OfficeSession, OfficeSessionState } from './types';

/** docs/office-api.md: the page renews its lock every 5 minutes (the lock lives 30). */
export const HEARTBEAT_MS = 5 * 60_000;
/** After closing a document-server session: poll its state this often, for at most 60 s (§4.8). */
export const CLOSE_POLL_MS = 1_000;
export const CLOSE_POLL_LIMIT_MS = 60_000;
export const OFFICE_CHANNEL = 'horizon-office';

export interface OfficeParams {
  kind: OfficeKind;
  id: number;
  version?: number;
}

const positiveInt = (value: string | null | undefined): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** `/office/:kind/:id?version=`; null when the address names no journal or copy. */
export function parseOfficeParams(kind: string | undefined, id: string | undefined, search: string): OfficeParams | null {
  if (kind !== 'journal' && kind !== 'copy') return null;
  const targetId = positiveInt(id);
  if (!targetId) return null;
  const version = positiveInt(new URLSearchParams(search).get('version'));
  return version ? { kind, id: targetId, version } : { kind, id: targetId };
}

/** The `code` of an API error (`{status, message, code}` carried as the HttpError's body). */
export function errorCode(error: unknown): string | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** 409 OFFICE_LOCK_LOST / OFFICE_SESSION_ENDED: the page goes read-only with the 编辑锁已失效 banner. */
export function isLockLost(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'OFFICE_LOCK_LOST' || code === 'OFFICE_SESSION_ENDED';
}

/**
 * The dirty flag of the built-in editor (office-design.md §1.5): a user edit (a change without
 * `source`) moves the revision; a save clears the flag only if no edit arrived since it started.
 */
export class DirtyTracker {
  private current = 0;
  private saved = 0;

  /** The editor's change event (`{source?, revision}`): a load, refresh or recovery is the new baseline. */
  change(change: { source?: string; revision: number }): void {
    this.current = change.revision;
    if (change.source) this.saved = change.revision;
  }

  /** The revision a save about to start captures. */
  begin(): number {
    return this.current;
  }

  /** The save that began at `revision` succeeded. */
  done(revision: number): void {
    this.saved = Math.max(this.saved, revision);
  }

  get dirty(): boolean {
    return this.current !== this.saved;
  }
}

export function closedMessage(session: OfficeSession, savedVersion: number | null): OfficeClosedMessage {
  return { type: 'office-closed', kind: session.target.kind, id: session.target.id, journalId: session.target.journalId, savedVersion, editor: session.editor };
}

/** Tells the workbench windows that an editor closed (they reload the journal, spec §4). */
export function announceClosed(message: OfficeClosedMessage, Channel: typeof BroadcastChannel | undefined = globalThis.BroadcastChannel): void {
  if (!Channel) return;
  const channel = new Channel(OFFICE_CHANNEL);
  try {
    channel.postMessage(message);
  } finally {
    channel.close();
  }
}

const settled = (state: OfficeSessionState) => state.state !== 'open' && state.state !== 'closing';

/**
 * Polls the session until it leaves `open` / `closing` (a document server's last save arrived),
 * at most `limit` ms; the last state read, `timedOut` when it never settled.
 */
export async function waitUntilSettled(
  read: () => Promise<OfficeSessionState>,
  { interval = CLOSE_POLL_MS, limit = CLOSE_POLL_LIMIT_MS, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), now = () => Date.now() } = {},
): Promise<{ state: OfficeSessionState | null; timedOut: boolean }> {
  const end = now() + limit;
  let last: OfficeSessionState | null = null;
  for (;;) {
    try {
      last = await read();
      if (settled(last)) return { state: last, timedOut: false };
    } catch {
      // a failed poll is retried until the limit
    }
    if (now() + interval > end) return { state: last, timedOut: true };
    await sleep(interval);
  }
}

/**
 * Leaves the editor window: `window.close()` works for a window a script opened; otherwise (a typed
 * address, a plain link in the same tab) the page goes back, or to the start page.
 */
export function leaveWindow(win: Pick<Window, 'close' | 'closed' | 'history'>, navigate: (to: string | number) => void): void {
  win.close();
  if (win.closed) return;
  if (win.history.length > 1) navigate(-1);
  else navigate('/');
}

/** The origin of an absolute URL, or null. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export interface WopiMessage {
  MessageId: string;
  Values?: Record<string, unknown>;
}

/**
 * A PostMessage of the WOPI client, only when it comes from the document server's origin (the
 * origin of `wopi.actionUrl`) and parses as `{MessageId, Values}`; anything else is ignored.
 */
export function wopiMessage(event: { origin: string; data: unknown }, actionUrl: string): WopiMessage | null {
  const expected = originOf(actionUrl);
  if (!expected || event.origin !== expected) return null;
  let data = event.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== 'object' || typeof (data as WopiMessage).MessageId !== 'string') return null;
  return data as WopiMessage;
}

/** The message the host sends the WOPI client once it listens (`Host_PostmessageReady`). */
export function hostReadyMessage(): string {
  return JSON.stringify({ MessageId: 'Host_PostmessageReady', SendTime: Date.now(), Values: {} });
}

/**
 * The lock rules of online editing, as pure functions (docs/office-design.md §3.3, §4.4); the
 * repository stores the state (`office_lock`), these decide what happens to it.
 *
 * Horizon's lock: one writer per target (journal or copy), whatever the editor. An edit open takes it
 * when it is free, expired, or held by the same user (a second window of that user takes it over: the
 * older session loses it); otherwise the open becomes read-only and names the holder. A session keeps
 * writing while the lock row is its own (a row past its expiry that nobody has taken is still its own:
 * the next refresh renews it).
 *
 * WOPI locks: the client's lock id stored on the same row; the transitions of LOCK, UnlockAndRelock,
 * REFRESH_LOCK, UNLOCK and GET_LOCK as Microsoft's WOPI documentation and Collabora define them.
 */
import { OFFICE_LOCK_TTL_MS } from './office.config.js';

/** A target's lock row as the rules read it. */
export interface OfficeLockState {
  sessionId: string;
  userId: number;
  /** The WOPI client's lock id, when a WOPI client locked the file. */
  wopiLock: string | null;
  acquiredAt: Date;
  expiresAt: Date;
}

/** Whether the lock is still in force at `now`. */
export const lockLive = (lock: OfficeLockState | null | undefined, now: Date): boolean => !!lock && lock.expiresAt.getTime() > now.getTime();

/** When a lock taken or refreshed at `now` expires (`ttlMs`: the WOPI client's `X-WOPI-LockExpirationTimeout`, else 30 min). */
export const lockExpiry = (now: Date, ttlMs: number = OFFICE_LOCK_TTL_MS): Date => new Date(now.getTime() + ttlMs);

/** What an edit open gets: the lock (taking it over from `takenFrom`, a session of the same user, or from nobody), or the holder. */
export type OpenDecision = { take: true; takenFrom: string | null } | { take: false; holder: OfficeLockState };

/**
 * The single-writer rule of an edit open by `userId`: free or expired → take; held by the same user
 * (another window, a crashed page) → take over; held live by someone else → read-only, holder named.
 */
export function decideOpen(current: OfficeLockState | null | undefined, userId: number, now: Date): OpenDecision {
  if (!current) return { take: true, takenFrom: null };
  if (current.userId === userId) return { take: true, takenFrom: current.sessionId };
  if (!lockLive(current, now)) return { take: true, takenFrom: current.sessionId };
  return { take: false, holder: current };
}

/**
 * Whether `sessionId` still holds the target's lock (heartbeat, save): the row is its own. A row past
 * its expiry that nobody took is still its own; a row of another session (taken over, or taken after
 * expiry) or no row (released) is lost.
 */
export const holdsLock = (current: OfficeLockState | null | undefined, sessionId: string): boolean => !!current && current.sessionId === sessionId;

// ------------------------------------------------------------------------------------------ WOPI

/** Longest WOPI lock id (WOPI: "a string of up to 1024 ASCII characters"). */
export const WOPI_LOCK_MAX = 1024;
/** `X-WOPI-LockExpirationTimeout` honoured between these (seconds); outside it, the default 30 min. */
export const WOPI_LOCK_TIMEOUT_MIN_S = 60;
export const WOPI_LOCK_TIMEOUT_MAX_S = 3600;

export type WopiLockOperation = 'LOCK' | 'REFRESH_LOCK' | 'UNLOCK' | 'GET_LOCK';

/** A lock request: the `X-WOPI-Override` and its headers (`X-WOPI-Lock`, `X-WOPI-OldLock` for UnlockAndRelock). */
export interface WopiLockRequest {
  op: WopiLockOperation;
  lock?: string;
  oldLock?: string;
}

/**
 * What a lock request does. 200: `effect` on the stored lock (`take` a free file, `refresh` the same
 * lock, `replace` it by `lock` (UnlockAndRelock), `release` it, `none`); `lock` is the `X-WOPI-Lock` to
 * answer (GET_LOCK: the current one, `""` when unlocked). 409: `X-WOPI-Lock` = `current` (`""` when
 * unlocked). 400: a missing, empty, too long or non-ASCII lock id.
 */
export type WopiLockOutcome =
  | { status: 200; effect: 'take' | 'refresh' | 'replace' | 'release' | 'none'; lock: string }
  | { status: 409; current: string }
  | { status: 400; reason: string };

const ASCII = /^[\x20-\x7e]*$/;

/** A lock id as the client sent it: 400 reason, or undefined when acceptable. */
export function wopiLockProblem(lock: string | undefined, header = 'X-WOPI-Lock'): string | undefined {
  if (lock === undefined || lock === '') return `${header} is required`;
  if (lock.length > WOPI_LOCK_MAX) return `${header} is longer than ${WOPI_LOCK_MAX} characters`;
  if (!ASCII.test(lock)) return `${header} must be ASCII`;
  return undefined;
}

/**
 * The WOPI lock transitions (docs/office-design.md §3.3). `current` is the file's live lock id (null:
 * unlocked, or the lock expired). Locks are per file, not per user: whoever presents the lock id holds it.
 */
export function wopiLockTransition(current: string | null, req: WopiLockRequest): WopiLockOutcome {
  if (req.op === 'GET_LOCK') return { status: 200, effect: 'none', lock: current ?? '' };
  const problem = wopiLockProblem(req.lock);
  if (problem) return { status: 400, reason: problem };
  const lock = req.lock!;
  switch (req.op) {
    case 'LOCK': {
      if (req.oldLock !== undefined) {
        // UnlockAndRelock: only over the old lock
        const oldProblem = wopiLockProblem(req.oldLock, 'X-WOPI-OldLock');
        if (oldProblem) return { status: 400, reason: oldProblem };
        return current !== null && current === req.oldLock ? { status: 200, effect: 'replace', lock } : { status: 409, current: current ?? '' };
      }
      if (current === null) return { status: 200, effect: 'take', lock };
      if (current === lock) return { status: 200, effect: 'refresh', lock };
      return { status: 409, current };
    }
    case 'REFRESH_LOCK':
      return current !== null && current === lock ? { status: 200, effect: 'refresh', lock } : { status: 409, current: current ?? '' };
    case 'UNLOCK':
      return current !== null && current === lock ? { status: 200, effect: 'release', lock } : { status: 409, current: current ?? '' };
  }
}

/**
 * PutFile's lock check: a locked file takes only its own lock id (else 409 + the current one); an
 * unlocked file takes nothing (409 + `""`: our files are never empty, so WOPI's "create a new file"
 * exception never applies).
 */
export function wopiPutAllowed(current: string | null, lock: string | undefined): { ok: true } | { ok: false; current: string } {
  if (current !== null && lock !== undefined && lock === current) return { ok: true };
  return { ok: false, current: current ?? '' };
}

/** The lock's life from `X-WOPI-LockExpirationTimeout` (seconds, 60–3600 honoured), else 30 min. */
export function wopiLockTtlMs(header: string | undefined): number {
  const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header.trim()) : NaN;
  return seconds >= WOPI_LOCK_TIMEOUT_MIN_S && seconds <= WOPI_LOCK_TIMEOUT_MAX_S ? seconds * 1000 : OFFICE_LOCK_TTL_MS;
}

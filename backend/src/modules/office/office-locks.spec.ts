import { decideOpen, holdsLock, lockExpiry, lockLive, type OfficeLockState, WOPI_LOCK_MAX, wopiLockProblem, wopiLockTransition, wopiLockTtlMs, wopiPutAllowed } from './office-locks';
import { OFFICE_LOCK_TTL_MS } from './office.config';

const NOW = new Date('2026-11-27T10:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const lock = (over: Partial<OfficeLockState> = {}): OfficeLockState => ({ sessionId: 's-zhang', userId: 7, wopiLock: null, acquiredAt: minutes(-10), expiresAt: minutes(20), ...over });

describe('Horizon lock: one writer per target', () => {
  it('lasts 30 minutes from the last refresh, and is in force until then', () => {
    expect(lockExpiry(NOW)).toEqual(minutes(30));
    expect(OFFICE_LOCK_TTL_MS).toBe(30 * 60_000);
    expect(lockLive(lock({ expiresAt: minutes(1) }), NOW)).toBe(true);
    expect(lockLive(lock({ expiresAt: NOW }), NOW)).toBe(false);
    expect(lockLive(lock({ expiresAt: minutes(-1) }), NOW)).toBe(false);
    expect(lockLive(null, NOW)).toBe(false);
  });

  it('an edit open takes a free target', () => {
    expect(decideOpen(undefined, 7, NOW)).toEqual({ take: true, takenFrom: null });
    expect(decideOpen(null, 7, NOW)).toEqual({ take: true, takenFrom: null });
  });

  it('another user’s live lock makes the open read-only and names the holder', () => {
    const held = lock();
    expect(decideOpen(held, 8, NOW)).toEqual({ take: false, holder: held });
  });

  it('an expired lock of another user is free: taken from its session', () => {
    expect(decideOpen(lock({ expiresAt: minutes(-1) }), 8, NOW)).toEqual({ take: true, takenFrom: 's-zhang' });
  });

  it('the same user takes over their own lock (a second window, a crashed page), live or not', () => {
    expect(decideOpen(lock(), 7, NOW)).toEqual({ take: true, takenFrom: 's-zhang' });
    expect(decideOpen(lock({ expiresAt: minutes(-5) }), 7, NOW)).toEqual({ take: true, takenFrom: 's-zhang' });
  });

  it('a session writes while the row is its own (even past expiry, when nobody took it); taken over or released → lost', () => {
    expect(holdsLock(lock(), 's-zhang')).toBe(true);
    expect(holdsLock(lock({ expiresAt: minutes(-60) }), 's-zhang')).toBe(true);
    expect(holdsLock(lock({ sessionId: 's-new' }), 's-zhang')).toBe(false);
    expect(holdsLock(undefined, 's-zhang')).toBe(false);
  });
});

describe('WOPI lock transitions (docs/office-design.md §3.3)', () => {
  const A = 'lock-A';
  const B = 'lock-B';

  it('LOCK: unlocked → take; same lock → refresh; another lock → 409 with the current one', () => {
    expect(wopiLockTransition(null, { op: 'LOCK', lock: A })).toEqual({ status: 200, effect: 'take', lock: A });
    expect(wopiLockTransition(A, { op: 'LOCK', lock: A })).toEqual({ status: 200, effect: 'refresh', lock: A });
    expect(wopiLockTransition(A, { op: 'LOCK', lock: B })).toEqual({ status: 409, current: A });
  });

  it('UnlockAndRelock (LOCK with X-WOPI-OldLock): replaces only the old lock; else 409 with the current one ("" when unlocked)', () => {
    expect(wopiLockTransition(A, { op: 'LOCK', lock: B, oldLock: A })).toEqual({ status: 200, effect: 'replace', lock: B });
    expect(wopiLockTransition(A, { op: 'LOCK', lock: B, oldLock: 'lock-C' })).toEqual({ status: 409, current: A });
    expect(wopiLockTransition(null, { op: 'LOCK', lock: B, oldLock: A })).toEqual({ status: 409, current: '' });
    expect(wopiLockTransition(A, { op: 'LOCK', lock: B, oldLock: '' })).toEqual({ status: 400, reason: 'X-WOPI-OldLock is required' });
  });

  it('REFRESH_LOCK: the current lock → refresh; another or none → 409', () => {
    expect(wopiLockTransition(A, { op: 'REFRESH_LOCK', lock: A })).toEqual({ status: 200, effect: 'refresh', lock: A });
    expect(wopiLockTransition(A, { op: 'REFRESH_LOCK', lock: B })).toEqual({ status: 409, current: A });
    expect(wopiLockTransition(null, { op: 'REFRESH_LOCK', lock: A })).toEqual({ status: 409, current: '' });
  });

  it('UNLOCK: the current lock → release; another or none → 409', () => {
    expect(wopiLockTransition(A, { op: 'UNLOCK', lock: A })).toEqual({ status: 200, effect: 'release', lock: A });
    expect(wopiLockTransition(A, { op: 'UNLOCK', lock: B })).toEqual({ status: 409, current: A });
    expect(wopiLockTransition(null, { op: 'UNLOCK', lock: A })).toEqual({ status: 409, current: '' });
  });

  it('GET_LOCK: the current lock, "" when unlocked; needs no lock header', () => {
    expect(wopiLockTransition(A, { op: 'GET_LOCK' })).toEqual({ status: 200, effect: 'none', lock: A });
    expect(wopiLockTransition(null, { op: 'GET_LOCK' })).toEqual({ status: 200, effect: 'none', lock: '' });
  });

  it('refuses a missing, empty, non-ASCII or longer than 1024 characters lock id (400); 1024 is fine', () => {
    for (const op of ['LOCK', 'REFRESH_LOCK', 'UNLOCK'] as const) {
      expect(wopiLockTransition(null, { op })).toEqual({ status: 400, reason: 'X-WOPI-Lock is required' });
      expect(wopiLockTransition(null, { op, lock: '' })).toEqual({ status: 400, reason: 'X-WOPI-Lock is required' });
      expect(wopiLockTransition(null, { op, lock: 'x'.repeat(WOPI_LOCK_MAX + 1) })).toEqual({ status: 400, reason: 'X-WOPI-Lock is longer than 1024 characters' });
    }
    expect(wopiLockProblem('锁')).toBe('X-WOPI-Lock must be ASCII');
    expect(wopiLockTransition(null, { op: 'LOCK', lock: 'x'.repeat(WOPI_LOCK_MAX) })).toMatchObject({ status: 200, effect: 'take' });
    expect(wopiLockTransition(null, { op: 'LOCK', lock: '{"S":"abc","F":4}' })).toMatchObject({ status: 200, effect: 'take' });
  });

  it('PutFile: only with the current lock; unlocked → 409 with ""', () => {
    expect(wopiPutAllowed(A, A)).toEqual({ ok: true });
    expect(wopiPutAllowed(A, B)).toEqual({ ok: false, current: A });
    expect(wopiPutAllowed(A, undefined)).toEqual({ ok: false, current: A });
    expect(wopiPutAllowed(null, A)).toEqual({ ok: false, current: '' });
  });

  it('honours X-WOPI-LockExpirationTimeout between 60 and 3600 seconds, else 30 minutes', () => {
    expect(wopiLockTtlMs('120')).toBe(120_000);
    expect(wopiLockTtlMs('60')).toBe(60_000);
    expect(wopiLockTtlMs('3600')).toBe(3_600_000);
    for (const bad of [undefined, '', '59', '3601', 'abc', '-5', '1.5']) expect(wopiLockTtlMs(bad)).toBe(OFFICE_LOCK_TTL_MS);
  });
});

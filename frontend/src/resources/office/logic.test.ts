import { describe, expect, it, vi } from 'vitest';
import {
  announceClosed, closedMessage, DirtyTracker, errorCode, hostReadyMessage, isLockLost, leaveWindow, OFFICE_CHANNEL, parseOfficeParams, waitUntilSettled, wopiMessage,
} from './logic';
import type { OfficeSession, OfficeSessionState } from './types';

const session = (over: Partial<OfficeSession> = {}): OfficeSession => ({
  id: '6f1c0a52-8f5e-4c1b-9d6a-3b1f2a4c5d6e',
  editor: 'builtin',
  mode: 'edit',
  reason: null,
  target: { kind: 'copy', id: 45, journalId: 12, version: 3, latest: 3, title: '稿件', fileName: '稿件.docx' },
  lock: null,
  expiresAt: null,
  builtin: { fileUrl: '/files/abc/稿件.docx' },
  ...over,
});

describe('parseOfficeParams', () => {
  it('reads kind, id and an optional version', () => {
    expect(parseOfficeParams('journal', '12', '?version=3')).toEqual({ kind: 'journal', id: 12, version: 3 });
    expect(parseOfficeParams('copy', '45', '')).toEqual({ kind: 'copy', id: 45 });
    expect(parseOfficeParams('copy', '45', '?version=abc')).toEqual({ kind: 'copy', id: 45 });
  });

  it('refuses an unknown kind or an id that is no positive integer', () => {
    expect(parseOfficeParams('news', '12', '')).toBeNull();
    expect(parseOfficeParams('journal', '0', '')).toBeNull();
    expect(parseOfficeParams('journal', '1.5', '')).toBeNull();
    expect(parseOfficeParams('journal', undefined, '')).toBeNull();
  });
});

describe('error codes', () => {
  it('reads the code of an API error body; a lost lock or an ended session is a lost lock', () => {
    const lost = Object.assign(new Error('编辑锁已失效，请重新打开'), { status: 409, body: { status: 409, code: 'OFFICE_LOCK_LOST' } });
    expect(errorCode(lost)).toBe('OFFICE_LOCK_LOST');
    expect(isLockLost(lost)).toBe(true);
    expect(isLockLost({ body: { code: 'OFFICE_SESSION_ENDED' } })).toBe(true);
    expect(isLockLost({ body: { code: 'JOURNAL_DONE' } })).toBe(false);
    expect(isLockLost(new Error('x'))).toBe(false);
  });
});

describe('DirtyTracker', () => {
  it('is clean after the load, dirty after a user edit, clean after a save of that revision', () => {
    const dirty = new DirtyTracker();
    dirty.change({ source: 'load', revision: 4 });
    expect(dirty.dirty).toBe(false);
    dirty.change({ revision: 5 });
    expect(dirty.dirty).toBe(true);
    const saving = dirty.begin();
    dirty.done(saving);
    expect(dirty.dirty).toBe(false);
  });

  it('stays dirty when an edit arrived while the save ran', () => {
    const dirty = new DirtyTracker();
    dirty.change({ source: 'load', revision: 1 });
    dirty.change({ revision: 2 });
    const saving = dirty.begin();
    dirty.change({ revision: 3 });
    dirty.done(saving);
    expect(dirty.dirty).toBe(true);
  });
});

describe('closing', () => {
  it('posts office-closed on the horizon-office channel and closes it', () => {
    const posted: unknown[] = [];
    const closed = vi.fn();
    class Channel {
      constructor(readonly name: string) {
        expect(name).toBe(OFFICE_CHANNEL);
      }
      postMessage(message: unknown) {
        posted.push(message);
      }
      close = closed;
    }
    announceClosed(closedMessage(session(), 4), Channel as unknown as typeof BroadcastChannel);
    expect(posted).toEqual([{ type: 'office-closed', kind: 'copy', id: 45, journalId: 12, savedVersion: 4, editor: 'builtin' }]);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('polls until the session leaves open / closing, and gives up after the limit', async () => {
    const states: OfficeSessionState['state'][] = ['closing', 'closing', 'saved'];
    let clock = 0;
    const read = vi.fn(async () => ({ id: 'x', state: states.shift() ?? 'saved', mode: 'edit' as const, lock: null, savedVersion: 6, error: null }));
    const sleep = async (ms: number) => {
      clock += ms;
    };
    const done = await waitUntilSettled(read, { interval: 1000, limit: 60000, sleep, now: () => clock });
    expect(done).toEqual({ state: expect.objectContaining({ state: 'saved', savedVersion: 6 }), timedOut: false });
    expect(read).toHaveBeenCalledTimes(3);

    clock = 0;
    const stuck = vi.fn(async () => ({ id: 'x', state: 'closing' as const, mode: 'edit' as const, lock: null, savedVersion: null, error: null }));
    const late = await waitUntilSettled(stuck, { interval: 1000, limit: 5000, sleep, now: () => clock });
    expect(late.timedOut).toBe(true);
    expect(stuck.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('leaves the window: closed when a script opened it, else back (or to the start page)', () => {
    const navigate = vi.fn();
    const opened = { closed: false, history: { length: 1 } as History, close() { this.closed = true; } };
    leaveWindow(opened, navigate);
    expect(navigate).not.toHaveBeenCalled();
    leaveWindow({ closed: false, history: { length: 3 } as History, close: () => undefined }, navigate);
    expect(navigate).toHaveBeenLastCalledWith(-1);
    leaveWindow({ closed: false, history: { length: 1 } as History, close: () => undefined }, navigate);
    expect(navigate).toHaveBeenLastCalledWith('/');
  });
});

describe('WOPI PostMessage', () => {
  const actionUrl = 'https://office.example.org/browser/abc/cool.html?WOPISrc=x';

  it('takes messages of the document server’s origin only, as JSON text or objects', () => {
    expect(wopiMessage({ origin: 'https://office.example.org', data: '{"MessageId":"UI_Close","Values":{}}' }, actionUrl)).toEqual({ MessageId: 'UI_Close', Values: {} });
    expect(wopiMessage({ origin: 'https://office.example.org', data: { MessageId: 'Doc_ModifiedStatus', Values: { Modified: true } } }, actionUrl)?.Values).toEqual({ Modified: true });
    expect(wopiMessage({ origin: 'https://evil.example.org', data: '{"MessageId":"UI_Close"}' }, actionUrl)).toBeNull();
    expect(wopiMessage({ origin: 'https://office.example.org', data: 'not json' }, actionUrl)).toBeNull();
    expect(wopiMessage({ origin: 'https://office.example.org', data: { Values: {} } }, actionUrl)).toBeNull();
  });

  it('answers with Host_PostmessageReady', () => {
    expect(JSON.parse(hostReadyMessage())).toMatchObject({ MessageId: 'Host_PostmessageReady', Values: {} });
  });
});

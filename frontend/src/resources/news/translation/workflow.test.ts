import type { TransStatus } from './api';
import { formatTime, isSaveShortcut, mtInProgress, statusKey, workbenchActions, type WorkflowUser, workDeptId } from './workflow';

const ME = 7;
const OTHER = 8;
const STATUSES: Array<TransStatus | null> = [null, 'edit', 'examine', 'done'];
const EDITORS: Array<number | null> = [null, ME, OTHER];
const BOOLS = [false, true];

describe('workDeptId', () => {
  it('is the parent department', () => {
    expect(workDeptId({ dept: { id: 12, pid: 3 } })).toBe(3);
  });

  it('is the own department when the department or its parent id is 0, or there is no parent', () => {
    expect(workDeptId({ dept: { id: 12, pid: 0 } })).toBe(12);
    expect(workDeptId({ dept: { id: 0, pid: 3 } })).toBe(0);
    expect(workDeptId({ dept: { id: 2, pid: null } })).toBe(2);
    // an older server without pid
    expect(workDeptId({ dept: { id: 12 } })).toBe(12);
  });

  it('is undefined without a department', () => {
    expect(workDeptId({ dept: null })).toBeUndefined();
    expect(workDeptId({})).toBeUndefined();
    expect(workDeptId(undefined)).toBeUndefined();
  });
});

describe('workbenchActions', () => {
  // every combination of status × editor × abilities × manual tab shown, against the rules as the
  // brief states them
  const cases: Array<[TransStatus | null, number | null, WorkflowUser, boolean]> = [];
  for (const status of STATUSES)
    for (const editorId of EDITORS)
      for (const translate of BOOLS)
        for (const judge of BOOLS)
          for (const admin of BOOLS)
            for (const manualShown of BOOLS) cases.push([status, editorId, { userId: ME, translate: translate || admin, judge: judge || admin, admin }, manualShown]);

  it.each(cases)('status %s, editor %s, user %o, manual shown %s', (status, editorId, user, manualShown) => {
    const a = workbenchActions({ transStatus: status, editorId }, user, { manualShown });
    const iEdit = status === 'edit' && editorId === ME;
    expect(a.claim).toBe(user.translate && (status !== 'edit' || editorId === null));
    expect(a.save).toBe(iEdit && user.translate);
    expect(a.submit).toBe(iEdit && user.translate);
    expect(a.editable).toBe(iEdit && user.translate);
    expect(a.release).toBe(status === 'edit' && (editorId === ME || user.admin));
    expect(a.review).toBe(!user.judge ? null : status === 'examine' ? 'review' : status === 'done' ? 'rereview' : null);
    expect(a.reviewBlocked).toBe(a.review !== null && !manualShown);
    expect(a.lockedByOther).toBe(status === 'edit' && editorId === OTHER);
    expect(a.history).toBe(true);
    expect(a.download).toBe(true);
    // the editor never gets 我要翻译 on their own draft, nobody edits without 我要翻译 first
    if (iEdit) expect(a.claim).toBe(false);
    if (status !== 'edit') expect(a.editable).toBe(false);
  });

  it('covers every combination', () => {
    expect(cases).toHaveLength(4 * 3 * 2 * 2 * 2 * 2);
  });

  const translator: WorkflowUser = { userId: ME, translate: true, judge: false, admin: false };
  const reviewer: WorkflowUser = { userId: OTHER, translate: true, judge: true, admin: false };

  it('walks the workflow: claim → edit → submit → review (blocked until the manual tab was shown) → re-review', () => {
    expect(workbenchActions({ transStatus: null, editorId: null }, translator, { manualShown: false })).toMatchObject({ claim: true, save: false, submit: false, release: false, review: null });
    expect(workbenchActions({ transStatus: 'edit', editorId: ME }, translator, { manualShown: true })).toMatchObject({ claim: false, save: true, submit: true, release: true, editable: true });
    expect(workbenchActions({ transStatus: 'edit', editorId: ME }, reviewer, { manualShown: true })).toMatchObject({ claim: false, save: false, release: false, lockedByOther: true });
    expect(workbenchActions({ transStatus: 'examine', editorId: ME }, reviewer, { manualShown: false })).toMatchObject({ review: 'review', reviewBlocked: true, claim: true });
    expect(workbenchActions({ transStatus: 'examine', editorId: ME }, reviewer, { manualShown: true })).toMatchObject({ review: 'review', reviewBlocked: false });
    expect(workbenchActions({ transStatus: 'done', editorId: ME }, reviewer, { manualShown: true })).toMatchObject({ review: 'rereview', reviewBlocked: false });
    expect(workbenchActions({ transStatus: 'examine', editorId: ME }, translator, { manualShown: true })).toMatchObject({ review: null, claim: true, editable: false });
  });

  it('lets an administrator release someone else’s claim, and nobody without a user id edit', () => {
    expect(workbenchActions({ transStatus: 'edit', editorId: OTHER }, { userId: ME, translate: true, judge: true, admin: true }, { manualShown: false }).release).toBe(true);
    expect(workbenchActions({ transStatus: 'edit', editorId: null }, { userId: undefined, translate: true, judge: false, admin: false }, { manualShown: false })).toMatchObject({ claim: true, editable: false });
  });
});

describe('helpers', () => {
  it('name the status chips', () => {
    expect(STATUSES.map(statusKey)).toEqual(['status.none', 'status.edit', 'status.examine', 'status.done']);
  });

  it('know when the machine translation is running', () => {
    expect(['pending', 'running', 'done', 'failed', 'skipped', null].map(mtInProgress)).toEqual([true, true, false, false, false, false]);
  });

  it('format API times', () => {
    expect(formatTime('2026-11-20 08:05:09')).toBe('2026-11-20 08:05');
    expect(formatTime(null)).toBe('');
    const iso = new Date(2026, 10, 20, 8, 5).toISOString();
    expect(formatTime(iso)).toBe('2026-11-20 08:05');
    expect(formatTime('soon')).toBe('soon');
  });

  it('recognise Ctrl+S and ⌘S only', () => {
    const key = (over: Partial<KeyboardEvent>) => ({ key: 's', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });
    expect(isSaveShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ metaKey: true, key: 'S' }))).toBe(true);
    expect(isSaveShortcut(key({}))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, key: 'a' }))).toBe(false);
  });
});

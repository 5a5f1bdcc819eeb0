import { describe, expect, it } from 'vitest';
import { dayOf, editorNames, isJournalStatus, parseEditorIds } from './format';

const USERS = [
  { id: 3, username: 'editor', nickName: '张编辑' },
  { id: 7, username: 'translator', nickName: null },
];

describe('journal formatting', () => {
  it('parses the editor ids of the wire (comma string)', () => {
    expect(parseEditorIds('3,7')).toEqual([3, 7]);
    expect(parseEditorIds(' 3, 7 ,，9 ')).toEqual([3, 7, 9]);
    expect(parseEditorIds('3,3,x,,0')).toEqual([3]);
    expect(parseEditorIds('')).toEqual([]);
    expect(parseEditorIds(null)).toEqual([]);
  });

  it('shows editors by nickname, else account, else id', () => {
    expect(editorNames('3,7,12', USERS)).toBe('张编辑、translator、12');
    expect(editorNames('3', undefined)).toBe('3');
    expect(editorNames(null, USERS)).toBe('');
  });

  it('knows the four journal statuses', () => {
    expect(['edit', 'submit', 'done', 'review'].every(isJournalStatus)).toBe(true);
    expect(isJournalStatus('examine')).toBe(false);
    expect(isJournalStatus(0)).toBe(false);
  });

  it('reads a plan publish time as a day', () => {
    expect(dayOf('2026-11-25')).toBe('2026-11-25');
    expect(dayOf('2026-11-25 00:00:00')).toBe('2026-11-25');
    expect(dayOf(null)).toBe('');
  });
});

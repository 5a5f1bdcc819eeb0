import { setTimeZone } from '../../common/time/time.js';
import { JOURNAL_STATUSES, type JournalStatus } from './journal.entity.js';
import {
  canTransition,
  currentYear,
  dayRange,
  nextDay,
  nextIssue,
  normaliseEditorIds,
  statusConflictMessage,
  toJournalStatus,
  toPlanDay,
} from './journal.rules.js';

describe('journal state machine', () => {
  const allowed = new Set(['edit>submit', 'submit>done', 'review>done', 'done>review']);

  it('allows exactly edit→submit, submit→done, review→done, done→review', () => {
    for (const from of JOURNAL_STATUSES) {
      for (const to of JOURNAL_STATUSES) expect([`${from}>${to}`, canTransition(from, to)]).toEqual([`${from}>${to}`, allowed.has(`${from}>${to}`)]);
    }
  });

  it('names the current status and the refused action', () => {
    expect(statusConflictMessage('edit', 'done')).toBe('期刊当前状态为「编辑审核中」，不能定稿');
    expect(statusConflictMessage('submit', 'review')).toBe('期刊当前状态为「已提交」，不能改为更正版');
    expect(statusConflictMessage('done', 'submit')).toBe('期刊当前状态为「已完成」，不能提交审核');
    expect(statusConflictMessage('review', 'edit')).toBe('期刊当前状态为「更正版」，不能退回编辑');
  });

  it('reads statuses as strings or the dictionary numbers 0–3', () => {
    const cases: Array<[unknown, JournalStatus | undefined]> = [
      ['edit', 'edit'], ['submit', 'submit'], [' done ', 'done'], ['review', 'review'],
      ['0', 'edit'], ['1', 'submit'], [2, 'done'], ['3', 'review'],
      ['4', undefined], [4, undefined], ['DONE', undefined], ['', undefined], [null, undefined], [1.5, undefined], [{}, undefined], ['constructor', undefined],
    ];
    for (const [input, expected] of cases) expect([input, toJournalStatus(input)]).toEqual([input, expected]);
  });
});

describe('days', () => {
  const zone = process.env.TZ || 'Asia/Shanghai';
  afterEach(() => setTimeZone(zone));

  it('nextDay crosses months, years and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('dayRange spans whole days of the server time zone, the end day included', () => {
    setTimeZone('Asia/Shanghai');
    const [from, to] = dayRange('2026-03-01', '2026-03-02');
    expect(from.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    setTimeZone('UTC');
    expect(dayRange('2026-03-01', '2026-03-01').map((d) => d.toISOString())).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z']);
  });

  it('toPlanDay takes the day of a date, a date-time, ISO or epoch in the server time zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(toPlanDay('2026-03-01')).toBe('2026-03-01');
    expect(toPlanDay('2026-03-01 00:00:00')).toBe('2026-03-01');
    expect(toPlanDay('2026-02-28T16:30:00Z')).toBe('2026-03-01');
    expect(toPlanDay(String(Date.UTC(2026, 1, 28, 17) / 1000))).toBe('2026-03-01');
    for (const bad of ['2026-02-30', '2026-02-30 00:00:00', '2026-03-01 25:00:00', 'soon', {}, true]) expect([bad, toPlanDay(bad)]).toEqual([bad, undefined]);
  });

  it('currentYear is the year of the server time zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(currentYear(new Date('2026-12-31T16:30:00Z'))).toBe(2027);
    setTimeZone('UTC');
    expect(currentYear(new Date('2026-12-31T16:30:00Z'))).toBe(2026);
  });
});

describe('normaliseEditorIds', () => {
  it('stores editors as a comma string of ids', () => {
    expect(normaliseEditorIds('3,7')).toBe('3,7');
    expect(normaliseEditorIds(' 3 ， 7 ,3,')).toBe('3,7');
    expect(normaliseEditorIds([3, '7'])).toBe('3,7');
    expect(normaliseEditorIds(5)).toBe('5');
    expect(normaliseEditorIds('')).toBeNull();
    expect(normaliseEditorIds([])).toBeNull();
    expect(normaliseEditorIds(null)).toBeNull();
  });

  it('refuses anything that is not a list of positive ids', () => {
    for (const bad of ['3,x', '0', '-1', [1.5], [3, {}], ['3', ''], { id: 3 }, true, '99999999999', Array.from({ length: 200 }, (_, i) => 100 + i)]) {
      expect([bad, normaliseEditorIds(bad)]).toEqual([bad, undefined]);
    }
  });
});

describe('nextIssue', () => {
  it('answers year, next total number, next issue number of the year', () => {
    expect(nextIssue(2026, null, null)).toBe('2026,1,1');
    expect(nextIssue(2026, 14, 2)).toBe('2026,15,3');
    expect(nextIssue(2027, 15, null)).toBe('2027,16,1');
  });
});

import { describe, expect, it } from 'vitest';
import { barValue, defaultPeriod, isPeriod, mayCast, mayWithdraw, parseVotesPerPerson } from './voteRules';

describe('vote page rules', () => {
  it('offers 投票 only on an open vote, for a candidate not yet chosen, with a ballot left', () => {
    expect(mayCast({ state: 'open', remainingVotes: 1 }, { mine: false })).toBe(true);
    expect(mayCast({ state: 'open', remainingVotes: 0 }, { mine: false })).toBe(false);
    expect(mayCast({ state: 'open', remainingVotes: 2 }, { mine: true })).toBe(false);
    expect(mayCast({ state: 'closed', remainingVotes: 2 }, { mine: false })).toBe(false);
  });

  it('offers 撤回 on one\'s own ballot while the vote is open', () => {
    expect(mayWithdraw({ state: 'open' }, { mine: true })).toBe(true);
    expect(mayWithdraw({ state: 'open' }, { mine: false })).toBe(false);
    expect(mayWithdraw({ state: 'closed' }, { mine: true })).toBe(false);
  });

  it('draws the bars against the leader, empty when nobody voted', () => {
    const rows = [{ votes: 4 }, { votes: 1 }, { votes: 0 }];
    expect(rows.map((r) => barValue(r.votes, rows))).toEqual([100, 25, 0]);
    expect(barValue(0, [{ votes: 0 }])).toBe(0);
  });

  it('defaults the period to this month so far', () => {
    expect(defaultPeriod(new Date(2026, 2, 17))).toEqual({ startDate: '2026-03-01', endDate: '2026-03-17' });
  });

  it('reads votes per person as a whole number from 1 to 100', () => {
    expect(parseVotesPerPerson(' 3 ')).toBe(3);
    expect(parseVotesPerPerson('0')).toBeNull();
    expect(parseVotesPerPerson('101')).toBeNull();
    expect(parseVotesPerPerson('2.5')).toBeNull();
    expect(parseVotesPerPerson('')).toBeNull();
  });

  it('asks for candidates only for a well-formed period', () => {
    expect(isPeriod('2026-03-01', '2026-03-31')).toBe(true);
    expect(isPeriod('2026-04-01', '2026-03-31')).toBe(false);
    expect(isPeriod('', '2026-03-31')).toBe(false);
  });
});

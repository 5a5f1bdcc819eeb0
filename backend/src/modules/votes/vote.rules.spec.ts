import { castRefusal, freezeResult, journalLabel, percentOf, periodDays, rankTally, remainingVotes } from './vote.rules';

const row = (manuscriptId: number, votes: number, sort = manuscriptId) => ({ manuscriptId, votes, sort });

describe('vote rules', () => {
  it('ranks by votes, ties share a rank and keep the listing order ("1224")', () => {
    const ranked = rankTally([row(1, 2), row(2, 5), row(3, 2, 0), row(4, 0), row(5, 2)]);
    expect(ranked.map((r) => [r.row.manuscriptId, r.rank])).toEqual([
      [2, 1],
      [3, 2],
      [1, 2],
      [5, 2],
      [4, 5],
    ]);
  });

  it('ranks an empty tally and a tally nobody voted in', () => {
    expect(rankTally([])).toEqual([]);
    expect(rankTally([row(1, 0), row(2, 0)]).map((r) => r.rank)).toEqual([1, 1]);
  });

  it('freezes the standings with the ballot and voter counts', () => {
    expect(freezeResult([row(1, 1), row(2, 3)], 3)).toEqual({
      rows: [
        { manuscriptId: 2, votes: 3, rank: 1 },
        { manuscriptId: 1, votes: 1, rank: 2 },
      ],
      voterCount: 3,
      ballotCount: 4,
    });
  });

  it('answers shares with one decimal and 0 when nobody voted', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('counts the ballots left, never below zero', () => {
    expect(remainingVotes(3, 1)).toBe(2);
    expect(remainingVotes(3, 5)).toBe(0);
  });

  it('refuses a ballot on a closed vote, twice for one manuscript, or past the quota', () => {
    expect(castRefusal('open', false, 0, 1)).toBeNull();
    expect(castRefusal('open', false, 2, 3)).toBeNull();
    expect(castRefusal('closed', false, 0, 3)).toBe('closed');
    expect(castRefusal('open', true, 1, 3)).toBe('alreadyVoted');
    expect(castRefusal('open', false, 3, 3)).toBe('quota');
  });

  it('counts period days inclusively across months and leap days', () => {
    expect(periodDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(periodDays('2028-02-01', '2028-03-01')).toBe(30);
    expect(periodDays('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('labels an issue with its total number when it has one', () => {
    expect(journalLabel({ year: 2026, journalNo: 3, totalNo: 12 })).toBe('2026年第3期（总第12期）');
    expect(journalLabel({ year: 2026, journalNo: 3 })).toBe('2026年第3期');
  });
});

import type { FrozenResult, VoteState } from './vote.entity.js';

/** Every user-facing message of the votes module (the tests assert against these). */
export const VOTE_MESSAGES = {
  notFound: '投票不存在',
  candidateMissing: '该稿件不是本次投票的候选稿件',
  closed: '投票已结束，不能再投票或撤回',
  alreadyClosed: '投票已结束',
  notClosed: '投票尚未结束，不能导出结果',
  quotaExceeded: (limit: number) => `每人最多投 ${limit} 票，请先撤回一票再投`,
  alreadyVoted: '你已经投过这篇稿件',
  notVoted: '你没有投过这篇稿件',
  noCandidates: '该周期内的期刊没有稿件，无法发起投票',
  tooManyCandidates: (max: number) => `候选稿件超过 ${max} 篇，请缩短周期`,
  startAfterEnd: '开始日期不能晚于结束日期',
  periodTooLong: (days: number) => `投票周期不能超过 ${days} 天`,
  quotaAboveCandidates: (n: number) => `每人票数不能超过候选稿件数（${n} 篇）`,
  notManager: '只有发起人或该产品的编辑可以结束或删除投票',
} as const;

/** `code` of the 409 answers. */
export const VOTE_CLOSED = 'VOTE_CLOSED';
export const VOTE_QUOTA_EXCEEDED = 'VOTE_QUOTA_EXCEEDED';
export const VOTE_NOT_CLOSED = 'VOTE_NOT_CLOSED';
export const VOTE_NOT_MANAGER = 'VOTE_NOT_MANAGER';

/** A vote has at most this many candidates (a longer list cannot be read, let alone voted on). */
export const MAX_CANDIDATES = 500;
/** A period spans at most this many days. */
export const MAX_PERIOD_DAYS = 366;
/** Largest number of votes per person. */
export const MAX_VOTES_PER_PERSON = 100;

/** What a tally is computed from: each candidate with its ballot count and listing order. */
export interface TallyInput {
  manuscriptId: number;
  votes: number;
  sort: number;
}

export interface RankedRow<T extends TallyInput> {
  row: T;
  rank: number;
}

/**
 * The standings: most votes first, ties in listing order and sharing a rank ("1224" competition
 * ranking: two seconds, then a fourth). Pure, so the live tally and the frozen result agree.
 */
export function rankTally<T extends TallyInput>(rows: readonly T[]): Array<RankedRow<T>> {
  const sorted = [...rows].sort((a, b) => b.votes - a.votes || a.sort - b.sort || a.manuscriptId - b.manuscriptId);
  const ranked: Array<RankedRow<T>> = [];
  sorted.forEach((row, i) => {
    const prev = ranked[i - 1];
    ranked.push({ row, rank: prev && prev.row.votes === row.votes ? prev.rank : i + 1 });
  });
  return ranked;
}

/** The result frozen at closing. */
export function freezeResult(rows: readonly TallyInput[], voterCount: number): FrozenResult {
  const ranked = rankTally(rows);
  return {
    rows: ranked.map(({ row, rank }) => ({ manuscriptId: row.manuscriptId, votes: row.votes, rank })),
    voterCount,
    ballotCount: rows.reduce((n, r) => n + r.votes, 0),
  };
}

/** Share of the ballots, in percent with one decimal (0 when nobody voted). */
export function percentOf(votes: number, ballotCount: number): number {
  return ballotCount > 0 ? Math.round((votes / ballotCount) * 1000) / 10 : 0;
}

/** How many ballots the person still has. */
export function remainingVotes(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/** Why a ballot is refused, or null when it may be cast. */
export type CastRefusal = 'closed' | 'alreadyVoted' | 'quota';

/** The cast rule: the vote is open, the person has not voted for this manuscript, and has a ballot left. */
export function castRefusal(state: VoteState, alreadyVoted: boolean, used: number, limit: number): CastRefusal | null {
  if (state !== 'open') return 'closed';
  if (alreadyVoted) return 'alreadyVoted';
  if (used >= limit) return 'quota';
  return null;
}

/** Days from `start` to `end` inclusive (both `yyyy-MM-dd`). */
export function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The issue as shown: `2026年第3期（总第12期）`. */
export function journalLabel(j: { year: number; journalNo: number; totalNo?: number | null }): string {
  return `${j.year}年第${j.journalNo}期${j.totalNo ? `（总第${j.totalNo}期）` : ''}`;
}

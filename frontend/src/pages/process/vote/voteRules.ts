// Pure rules of the 动态投票 page: what a person may do on a candidate, the tally bars, the form.
import type { VoteCandidate, VoteDetail } from './types';

/** The detail of an open vote is polled this often (the live tally; no live-channel room per vote). */
export const POLL_MS = 5_000;
/** Largest votes-per-person the server accepts. */
export const MAX_VOTES_PER_PERSON = 100;

/** May the caller cast a ballot for the candidate? (open, not yet for it, a ballot left) */
export function mayCast(vote: Pick<VoteDetail, 'state' | 'remainingVotes'>, c: Pick<VoteCandidate, 'mine'>): boolean {
  return vote.state === 'open' && !c.mine && vote.remainingVotes > 0;
}

/** May the caller take back the ballot? (open and theirs) */
export function mayWithdraw(vote: Pick<VoteDetail, 'state'>, c: Pick<VoteCandidate, 'mine'>): boolean {
  return vote.state === 'open' && c.mine;
}

/** Length of a tally bar, 0–100: votes against the leader's, so the leader fills the bar. */
export function barValue(votes: number, candidates: ReadonlyArray<Pick<VoteCandidate, 'votes'>>): number {
  const top = candidates.reduce((max, c) => Math.max(max, c.votes), 0);
  return top > 0 ? Math.round((votes / top) * 100) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `yyyy-MM-dd` of a local date. */
export const toDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The default period of a new vote: the first of this month to today. */
export function defaultPeriod(today: Date = new Date()): { startDate: string; endDate: string } {
  return { startDate: toDay(new Date(today.getFullYear(), today.getMonth(), 1)), endDate: toDay(today) };
}

/** The votes-per-person input as a number, or null when it is not a whole number in range. */
export function parseVotesPerPerson(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_VOTES_PER_PERSON ? n : null;
}

/** Whether the period can be asked about: two days, the first not after the last. */
export function isPeriod(startDate: string, endDate: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate) && startDate <= endDate;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SortOrder } from '../../common/http/list-query.js';
import { likePattern } from '../../common/http/list-query.js';
import { type FrozenResult, ManuscriptVote, ManuscriptVoteCandidate, type VoteState } from './vote.entity.js';

type Db = DataSource | EntityManager;

/** Namespace of the per-(vote, voter) advisory lock that serialises one person's ballots on a vote. */
const BALLOT_LOCK = 0x766f7465; // 'vote'

/** The sort fields of the vote list. */
export const VOTE_SORT = { id: 'v.id', title: 'v.title', state: 'v.state', createTime: 'v.create_time', endDate: 'v.end_date', closedAt: 'v.closed_at' };

/** A vote as the list and the detail read it. */
export interface VoteRow {
  id: number;
  title: string;
  productId: number;
  startDate: string;
  endDate: string;
  votesPerPerson: number;
  state: VoteState;
  createById: number | null;
  createBy: string | null;
  createTime: Date;
  closedAt: Date | null;
  closedBy: string | null;
  result: FrozenResult | null;
  candidateCount: number;
  voterCount: number;
  ballotCount: number;
  myVotes: number;
}

/** A candidate with its live count and whether the caller voted for it. */
export interface CandidateRow {
  id: number;
  manuscriptId: number;
  title: string;
  journalId: number;
  journalLabel: string;
  columnName: string | null;
  deptName: string | null;
  sort: number;
  votes: number;
  mine: boolean;
}

export interface VoteFilter {
  productId?: number;
  state?: VoteState;
  title?: string;
}

/**
 * `caller` is the parameter of the caller's id (myVotes). A closed vote's counts are its frozen
 * result (ballots of users deleted later do not change it).
 */
const select = (caller: string) => `SELECT v.id, v.title, v.product_id AS "productId", to_char(v.start_date, 'YYYY-MM-DD') AS "startDate",
    to_char(v.end_date, 'YYYY-MM-DD') AS "endDate", v.votes_per_person AS "votesPerPerson", v.state,
    v.create_by_id AS "createById", v.create_by AS "createBy", v.create_time AS "createTime",
    v.closed_at AS "closedAt", v.closed_by AS "closedBy", v.result,
    (SELECT count(*)::int FROM manuscript_vote_candidate c WHERE c.vote_id = v.id) AS "candidateCount",
    COALESCE((v.result->>'voterCount')::int, (SELECT count(DISTINCT b.user_id)::int FROM manuscript_vote_ballot b WHERE b.vote_id = v.id)) AS "voterCount",
    COALESCE((v.result->>'ballotCount')::int, (SELECT count(*)::int FROM manuscript_vote_ballot b WHERE b.vote_id = v.id)) AS "ballotCount",
    (SELECT count(*)::int FROM manuscript_vote_ballot b WHERE b.vote_id = v.id AND b.user_id = ${caller}) AS "myVotes"
  FROM manuscript_vote v`;

/**
 * Every query of the votes module. It owns `manuscript_vote`, `manuscript_vote_candidate` and
 * `manuscript_vote_ballot`; it reads no other module's table (products, journals and their copies
 * come through those modules' services).
 */
@Injectable()
export class VotesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A page of votes and the total. */
  async page(f: VoteFilter, callerId: number, orders: SortOrder[], size: number, offset: number): Promise<[VoteRow[], number]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.productId !== undefined) add('v.product_id = ?', f.productId);
    if (f.state !== undefined) add('v.state = ?', f.state);
    if (f.title !== undefined) add('v.title ILIKE ?', likePattern(f.title));
    const cond = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const orderBy = [...orders.map((o) => `${o.expr} ${o.dir}${o.dir === 'DESC' ? ' NULLS LAST' : ''}`), 'v.id DESC'].join(', ');
    const n = params.length;
    const [rows, count] = await Promise.all([
      this.db.query(`${select(`$${n + 1}`)}${cond} ORDER BY ${orderBy} LIMIT $${n + 2} OFFSET $${n + 3}`, [...params, callerId, size, offset]) as Promise<VoteRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM manuscript_vote v${cond}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  /** The vote as the caller reads it, or undefined. */
  async find(id: number, callerId: number, db: Db = this.db): Promise<VoteRow | undefined> {
    const rows: VoteRow[] = await db.query(`${select('$1')} WHERE v.id = $2`, [callerId, id]);
    return rows[0];
  }

  /** The vote's candidates in listing order, each with its ballots and whether `callerId` cast one. */
  candidates(voteId: number, callerId: number, db: Db = this.db): Promise<CandidateRow[]> {
    return db.query(
      `SELECT c.id, c.manuscript_id AS "manuscriptId", c.title, c.journal_id AS "journalId", c.journal_label AS "journalLabel",
              c.column_name AS "columnName", c.dept_name AS "deptName", c.sort,
              count(b.id)::int AS votes, COALESCE(bool_or(b.user_id = $2), false) AS mine
         FROM manuscript_vote_candidate c LEFT JOIN manuscript_vote_ballot b ON b.candidate_id = c.id
        WHERE c.vote_id = $1 GROUP BY c.id ORDER BY c.sort, c.id`,
      [voteId, callerId],
    );
  }

  /** Inserts the vote (the audit subscriber fills createBy) and its candidates; answers the vote's id. */
  async insert(em: EntityManager, vote: Partial<ManuscriptVote>, candidates: Array<Omit<ManuscriptVoteCandidate, 'id' | 'voteId' | 'vote'>>): Promise<number> {
    const repo = em.getRepository(ManuscriptVote);
    const saved = await repo.save(repo.create(vote));
    await em.getRepository(ManuscriptVoteCandidate).insert(candidates.map((c) => ({ ...c, voteId: saved.id })));
    return saved.id;
  }

  /**
   * Locks the vote against closing until the transaction ends (FOR SHARE: ballots of many people go
   * on side by side; a close waits for them, and they for it) and answers its state and quota.
   */
  async shareLock(em: EntityManager, voteId: number): Promise<{ state: VoteState; votesPerPerson: number } | undefined> {
    const rows: Array<{ state: VoteState; votesPerPerson: number }> = await em.query(
      'SELECT state, votes_per_person AS "votesPerPerson" FROM manuscript_vote WHERE id = $1 FOR SHARE',
      [voteId],
    );
    return rows[0];
  }

  /** The candidate of `manuscriptId` in the vote. */
  async candidateId(em: EntityManager, voteId: number, manuscriptId: number): Promise<number | undefined> {
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM manuscript_vote_candidate WHERE vote_id = $1 AND manuscript_id = $2', [voteId, manuscriptId]);
    return rows[0]?.id;
  }

  /**
   * Serialises the voter's ballots on the vote until the transaction ends, then answers how many
   * they cast and whether one is for `candidateId` (so two racing casts cannot both pass the quota).
   */
  async voterBallots(em: EntityManager, voteId: number, userId: number, candidateId: number): Promise<{ used: number; already: boolean }> {
    await em.query(`SELECT pg_advisory_xact_lock($1, hashtext($2 || ':' || $3))`, [BALLOT_LOCK, voteId, userId]);
    const [row]: Array<{ used: number; already: boolean }> = await em.query(
      'SELECT count(*)::int AS used, COALESCE(bool_or(candidate_id = $3), false) AS already FROM manuscript_vote_ballot WHERE vote_id = $1 AND user_id = $2',
      [voteId, userId, candidateId],
    );
    return row;
  }

  async insertBallot(em: EntityManager, voteId: number, candidateId: number, userId: number): Promise<void> {
    await em.query('INSERT INTO manuscript_vote_ballot (vote_id, candidate_id, user_id) VALUES ($1, $2, $3)', [voteId, candidateId, userId]);
  }

  /** Deletes the voter's ballot for the candidate; whether there was one. */
  async deleteBallot(em: EntityManager, voteId: number, candidateId: number, userId: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await em.query('DELETE FROM manuscript_vote_ballot WHERE vote_id = $1 AND candidate_id = $2 AND user_id = $3', [voteId, candidateId, userId]);
    return affected > 0;
  }

  /** open → closed, one conditional statement: false when it was not open (closed already, or gone). */
  async close(em: EntityManager, voteId: number, username: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await em.query(
      `UPDATE manuscript_vote SET state = 'closed', closed_at = now(), closed_by = $2, update_by = $2, update_time = now() WHERE id = $1 AND state = 'open'`,
      [voteId, username],
    );
    return affected > 0;
  }

  /** Ballot counts per candidate and the number of voters, read inside the closing transaction. */
  async counts(em: EntityManager, voteId: number): Promise<{ rows: Array<{ manuscriptId: number; votes: number; sort: number }>; voterCount: number }> {
    const rows: Array<{ manuscriptId: number; votes: number; sort: number }> = await em.query(
      `SELECT c.manuscript_id AS "manuscriptId", c.sort, count(b.id)::int AS votes
         FROM manuscript_vote_candidate c LEFT JOIN manuscript_vote_ballot b ON b.candidate_id = c.id
        WHERE c.vote_id = $1 GROUP BY c.id ORDER BY c.sort, c.id`,
      [voteId],
    );
    const [{ n }]: Array<{ n: number }> = await em.query('SELECT count(DISTINCT user_id)::int AS n FROM manuscript_vote_ballot WHERE vote_id = $1', [voteId]);
    return { rows, voterCount: n };
  }

  async saveResult(em: EntityManager, voteId: number, result: FrozenResult): Promise<void> {
    await em.query('UPDATE manuscript_vote SET result = $2::jsonb WHERE id = $1', [voteId, JSON.stringify(result)]);
  }

  /** Who may manage these votes is decided on these fields; locked FOR UPDATE until the transaction ends. */
  lockMany(em: EntityManager, ids: number[]): Promise<Array<{ id: number; productId: number; createById: number | null }>> {
    return em.query('SELECT id, product_id AS "productId", create_by_id AS "createById" FROM manuscript_vote WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  }

  async deleteMany(em: EntityManager, ids: number[]): Promise<void> {
    await em.query('DELETE FROM manuscript_vote WHERE id = ANY($1::int[])', [ids]);
  }
}

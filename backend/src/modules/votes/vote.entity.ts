import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import type { ProductSettingRow } from '../products/index.js';

/** A vote is open (ballots change) until it is closed (its result frozen); never reopened. */
export const VOTE_STATES = ['open', 'closed'] as const;
export type VoteState = (typeof VOTE_STATES)[number];

/** One line of a frozen result (`manuscript_vote.result`), in rank order. */
export interface FrozenTallyRow {
  manuscriptId: number;
  votes: number;
  rank: number;
}

/** The tally frozen when the vote closes. */
export interface FrozenResult {
  rows: FrozenTallyRow[];
  voterCount: number;
  ballotCount: number;
}

/**
 * 动态投票 (docs/votes.md): an editor opens a vote on the journal manuscripts of a product's
 * period; staff cast up to `votesPerPerson` ballots, one per manuscript, until it is closed.
 */
@Entity('manuscript_vote')
@Index('idx_manuscript_vote_state', ['state', 'createTime'])
@Index('idx_manuscript_vote_product', ['productId', 'createTime'])
export class ManuscriptVote extends BaseEntity {
  @Column({ type: 'int' })
  productId: number;

  // Declared by entity name: no module imports another's entity.
  @ManyToOne('ProductSetting', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id' })
  product: ProductSettingRow;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  /** First day of the period (inclusive): its journals' manuscripts are the candidates. */
  @Column({ type: 'date' })
  startDate: string;

  /** Last day of the period (inclusive). */
  @Column({ type: 'date' })
  endDate: string;

  @Column({ type: 'int' })
  votesPerPerson: number;

  @Column({ type: 'varchar', length: 8, default: 'open' })
  state: VoteState;

  /** The user who opened it (createBy is the username). */
  @Column({ type: 'int', nullable: true })
  createById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  closedBy: string | null;

  /** The tally frozen at closing (null while open). */
  @Column({ type: 'jsonb', nullable: true })
  result: FrozenResult | null;
}

/**
 * A candidate of a vote: a journal manuscript (copy) of the period, its title, issue and column
 * copied when the vote was opened, so the result reads the same after the journal changes.
 */
@Entity('manuscript_vote_candidate')
@Index('idx_manuscript_vote_candidate', ['voteId', 'manuscriptId'], { unique: true })
export class ManuscriptVoteCandidate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  voteId: number;

  @ManyToOne(() => ManuscriptVote, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vote_id' })
  vote: ManuscriptVote;

  /** The journal copy (no foreign key: a copy deleted later keeps its place in the vote). */
  @Column({ type: 'int' })
  manuscriptId: number;

  @Column({ type: 'varchar', length: 500 })
  title: string;

  @Column({ type: 'int' })
  journalId: number;

  /** The issue as shown, e.g. `2026年第3期`. */
  @Column({ type: 'varchar', length: 100 })
  journalLabel: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  columnName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  deptName: string | null;

  /** Order in the journal listing (issue, column, position), for ties and display. */
  @Column({ type: 'int' })
  sort: number;
}

/** One person's vote for one candidate: unique (candidate, user), i.e. (vote, manuscript, user). */
@Entity('manuscript_vote_ballot')
@Index('idx_manuscript_vote_ballot', ['candidateId', 'userId'], { unique: true })
@Index('idx_manuscript_vote_ballot_user', ['voteId', 'userId'])
export class ManuscriptVoteBallot {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  voteId: number;

  @ManyToOne(() => ManuscriptVote, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vote_id' })
  vote: ManuscriptVote;

  @Column({ type: 'int' })
  candidateId: number;

  @ManyToOne(() => ManuscriptVoteCandidate, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'candidate_id' })
  candidate: ManuscriptVoteCandidate;

  /** The voter; a deleted user's ballots go with them (a closed vote keeps its frozen result). */
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: object;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}

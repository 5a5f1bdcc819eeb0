import { Injectable, type StreamableFile } from '@nestjs/common';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { DEFAULT_PAGE_SIZE, page, type Page, parseSort } from '../../common/http/list-query.js';
import { JournalsService } from '../journals/index.js';
import { JournalCopies } from '../manuscripts/index.js';
import { ProductPolicy, ProductsService } from '../products/index.js';
import type { BallotDto, CandidatePreviewDto, CandidatesQuery, VoteCandidateDto, VoteCreateDto, VoteDetailDto, VoteListQuery, VoteSummaryDto } from './vote.dto.js';
import { VOTE } from './vote.policy.js';
import {
  castRefusal,
  freezeResult,
  journalLabel,
  MAX_CANDIDATES,
  MAX_PERIOD_DAYS,
  percentOf,
  periodDays,
  rankTally,
  remainingVotes,
  VOTE_CLOSED,
  VOTE_MESSAGES,
  VOTE_NOT_CLOSED,
  VOTE_NOT_MANAGER,
  VOTE_QUOTA_EXCEEDED,
} from './vote.rules.js';
import { type CandidateRow, VOTE_SORT, type VoteRow, VotesRepository } from './votes.repository.js';

/** 403 of opening a vote on a product the caller does not edit. */
export const VOTE_PRODUCT_NOT_OWNED = '只有该产品的编辑可以发起投票';

/**
 * 动态投票 (docs/votes.md): votes on the journal manuscripts of a product's period. Ballots are
 * cast and withdrawn under a share lock of the vote, so closing (one conditional UPDATE that waits
 * for them) freezes a tally no ballot slips past.
 */
@Injectable()
export class VotesService {
  constructor(
    private readonly votes: VotesRepository,
    private readonly products: ProductsService,
    private readonly productPolicy: ProductPolicy,
    private readonly journals: JournalsService,
    private readonly copies: JournalCopies,
  ) {}

  // ---------------------------------------------------------------- reads

  /** `GET api/productManuscript/voteList`: open votes first, newest first, unless `sort` says otherwise. */
  async list(q: VoteListQuery, user: Principal): Promise<Page<VoteSummaryDto>> {
    const orders = parseSort(q.sort, VOTE_SORT, ['state,desc', 'createTime,desc']);
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const offset = (q.page ?? 0) * size;
    const [rows, total] = await this.votes.page({ productId: q.productId, state: q.state, title: q.title }, user.userId, orders, size, offset);
    return page(await this.summaries(rows, user), total);
  }

  /** The candidates a vote on this product and period would have (the 发起投票 preview). */
  async candidates(q: CandidatesQuery): Promise<CandidatePreviewDto[]> {
    await this.products.assertProduct(q.productId);
    return this.periodCandidates(q);
  }

  /** One vote with its candidates in rank order; 404 `投票不存在`. */
  async info(id: number, user: Principal): Promise<VoteDetailDto> {
    const row = await this.votes.find(id, user.userId);
    if (!row) throw DomainException.notFound(VOTE_MESSAGES.notFound);
    const [summary] = await this.summaries([row], user);
    const candidates = await this.votes.candidates(id, user.userId);
    return { ...summary, remainingVotes: row.state === 'open' ? remainingVotes(row.votesPerPerson, row.myVotes) : 0, candidates: this.standings(row, candidates) };
  }

  /** xlsx of a closed vote's frozen result, in rank order; 409 while the vote is open. */
  async download(id: number, user: Principal): Promise<StreamableFile> {
    const vote = await this.info(id, user);
    if (vote.state !== 'closed') throw DomainException.conflict(VOTE_MESSAGES.notClosed, VOTE_NOT_CLOSED);
    return xlsxFile(`${vote.title}-投票结果`, [
      { header: '名次', value: (c: VoteCandidateDto) => c.rank },
      { header: '稿件标题', value: (c) => c.title, width: 48 },
      { header: '期号', value: (c) => c.journalLabel, width: 24 },
      { header: '栏目', value: (c) => c.columnName, width: 16 },
      { header: '来源单位', value: (c) => c.deptName, width: 16 },
      { header: '得票', value: (c) => c.votes },
      { header: '占比（%）', value: (c) => c.percent },
    ], vote.candidates);
  }

  // ---------------------------------------------------------------- writes

  /**
   * Opens a vote: the caller edits the product (ProductPolicy: chief editor or member of its unit;
   * 403 otherwise); the candidates are the manuscripts of the product's journals of the period,
   * copied into the vote (400 when there are none or too many).
   */
  async create(dto: VoteCreateDto, user: Principal): Promise<VoteDetailDto> {
    await this.products.assertProduct(dto.productId);
    if (!(await this.productPolicy.canEditProduct(user, dto.productId))) throw DomainException.forbidden(VOTE_PRODUCT_NOT_OWNED, VOTE_NOT_MANAGER);
    const candidates = await this.periodCandidates(dto);
    if (dto.votesPerPerson > candidates.length) throw DomainException.badRequest(VOTE_MESSAGES.quotaAboveCandidates(candidates.length), ErrorCode.Validation);
    const id = await this.votes.transaction((em) =>
      this.votes.insert(
        em,
        { productId: dto.productId, title: dto.title, startDate: dto.startDate, endDate: dto.endDate, votesPerPerson: dto.votesPerPerson, state: 'open', createById: user.userId },
        candidates.map((c, i) => ({ ...c, sort: i + 1 })),
      ),
    );
    return this.info(id, user);
  }

  /**
   * One ballot for one manuscript: 404 for an unknown vote or a manuscript that is not a candidate,
   * 409 when the vote is closed, the caller already voted for it, or has no ballot left.
   */
  async cast(dto: BallotDto, user: Principal): Promise<VoteDetailDto> {
    await this.votes.transaction(async (em) => {
      const vote = await this.votes.shareLock(em, dto.voteId);
      if (!vote) throw DomainException.notFound(VOTE_MESSAGES.notFound);
      if (vote.state !== 'open') throw DomainException.conflict(VOTE_MESSAGES.closed, VOTE_CLOSED);
      const candidateId = await this.votes.candidateId(em, dto.voteId, dto.manuscriptId);
      if (candidateId === undefined) throw DomainException.notFound(VOTE_MESSAGES.candidateMissing);
      const { used, already } = await this.votes.voterBallots(em, dto.voteId, user.userId, candidateId);
      const refusal = castRefusal(vote.state, already, used, vote.votesPerPerson);
      if (refusal === 'alreadyVoted') throw DomainException.conflict(VOTE_MESSAGES.alreadyVoted, ErrorCode.Conflict);
      if (refusal === 'quota') throw DomainException.conflict(VOTE_MESSAGES.quotaExceeded(vote.votesPerPerson), VOTE_QUOTA_EXCEEDED);
      await this.votes.insertBallot(em, dto.voteId, candidateId, user.userId);
    });
    return this.info(dto.voteId, user);
  }

  /** Takes back the caller's ballot for the manuscript while the vote is open (409 closed / not voted). */
  async withdraw(dto: BallotDto, user: Principal): Promise<VoteDetailDto> {
    await this.votes.transaction(async (em) => {
      const vote = await this.votes.shareLock(em, dto.voteId);
      if (!vote) throw DomainException.notFound(VOTE_MESSAGES.notFound);
      if (vote.state !== 'open') throw DomainException.conflict(VOTE_MESSAGES.closed, VOTE_CLOSED);
      const candidateId = await this.votes.candidateId(em, dto.voteId, dto.manuscriptId);
      if (candidateId === undefined) throw DomainException.notFound(VOTE_MESSAGES.candidateMissing);
      if (!(await this.votes.deleteBallot(em, dto.voteId, candidateId, user.userId))) throw DomainException.conflict(VOTE_MESSAGES.notVoted, ErrorCode.Conflict);
    });
    return this.info(dto.voteId, user);
  }

  /**
   * Closes the vote and freezes its tally, in one transaction: the conditional UPDATE (409 when it
   * is not open any more) waits for the ballots in flight, so the frozen counts are final.
   */
  async close(id: number, user: Principal): Promise<VoteDetailDto> {
    await this.votes.transaction(async (em) => {
      const [vote] = await this.votes.lockMany(em, [id]);
      if (!vote) throw DomainException.notFound(VOTE_MESSAGES.notFound);
      await this.assertManager(user, vote);
      if (!(await this.votes.close(em, id, user.username))) throw DomainException.conflict(VOTE_MESSAGES.alreadyClosed, VOTE_CLOSED);
      const counts = await this.votes.counts(em, id);
      await this.votes.saveResult(em, id, freezeResult(counts.rows, counts.voterCount));
    });
    return this.info(id, user);
  }

  /** Deletes votes (open or closed) the caller manages; 404 when none exists, 403 naming none deleted. */
  async delete(ids: number[], user: Principal): Promise<void> {
    await this.votes.transaction(async (em) => {
      const rows = await this.votes.lockMany(em, ids);
      if (!rows.length) throw DomainException.notFound(VOTE_MESSAGES.notFound);
      for (const row of rows) await this.assertManager(user, row);
      await this.votes.deleteMany(em, rows.map((r) => r.id));
    });
  }

  // ---------------------------------------------------------------- helpers

  /** 403 unless the caller opened the vote, edits its product, or is an administrator. */
  private async assertManager(user: Principal, vote: { productId: number; createById: number | null }): Promise<void> {
    if (user.ability.can('close', record(VOTE, { createById: vote.createById }))) return;
    if (await this.productPolicy.canEditProduct(user, vote.productId)) return;
    throw DomainException.forbidden(VOTE_MESSAGES.notManager, VOTE_NOT_MANAGER);
  }

  /** The manuscripts of the product's journals of the period, journal by journal (400 on a bad period, none or too many). */
  private async periodCandidates(q: CandidatesQuery): Promise<CandidatePreviewDto[]> {
    if (q.startDate > q.endDate) throw DomainException.badRequest(VOTE_MESSAGES.startAfterEnd, ErrorCode.Validation);
    if (periodDays(q.startDate, q.endDate) > MAX_PERIOD_DAYS) throw DomainException.badRequest(VOTE_MESSAGES.periodTooLong(MAX_PERIOD_DAYS), ErrorCode.Validation);
    const journals = await this.journals.periodJournals(q.productId, q.startDate, q.endDate, MAX_CANDIDATES + 1);
    const labels = new Map(journals.map((j) => [j.id, journalLabel(j)]));
    const copies = await this.copies.ofJournals(journals.map((j) => j.id));
    if (!copies.length) throw DomainException.badRequest(VOTE_MESSAGES.noCandidates, ErrorCode.Validation);
    if (copies.length > MAX_CANDIDATES) throw DomainException.badRequest(VOTE_MESSAGES.tooManyCandidates(MAX_CANDIDATES), ErrorCode.Validation);
    return copies.map((c) => ({
      manuscriptId: c.id,
      title: c.title,
      journalId: c.journal.id,
      journalLabel: labels.get(c.journal.id) ?? '',
      columnName: c.productColumn?.name ?? null,
      deptName: c.dept?.name ?? null,
    }));
  }

  /** Rows as answered: product names and `canManage` in one query each for the whole page. */
  private async summaries(rows: VoteRow[], user: Principal): Promise<VoteSummaryDto[]> {
    const productIds = rows.map((r) => r.productId);
    const [names, editable] = await Promise.all([this.products.productRefs(productIds), this.productPolicy.editableProducts(user, productIds)]);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      product: names.get(r.productId) ?? { id: r.productId, name: '' },
      startDate: r.startDate,
      endDate: r.endDate,
      votesPerPerson: r.votesPerPerson,
      state: r.state,
      candidateCount: r.candidateCount,
      voterCount: r.voterCount,
      ballotCount: r.ballotCount,
      myVotes: r.myVotes,
      createBy: { id: r.createById, username: r.createBy },
      createTime: r.createTime,
      closedAt: r.closedAt,
      closedBy: r.closedBy,
      canManage: editable.has(r.productId) || user.ability.can('close', record(VOTE, { createById: r.createById })),
    }));
  }

  /** Candidates in rank order: the live counts while open, the frozen result once closed. */
  private standings(vote: VoteRow, rows: CandidateRow[]): VoteCandidateDto[] {
    const frozen = vote.result ? new Map(vote.result.rows.map((r) => [r.manuscriptId, r.votes])) : null;
    const counted = rows.map((r) => ({ ...r, votes: frozen ? (frozen.get(r.manuscriptId) ?? 0) : r.votes }));
    const total = counted.reduce((n, r) => n + r.votes, 0);
    return rankTally(counted).map(({ row, rank }) => ({
      manuscriptId: row.manuscriptId,
      title: row.title,
      journalId: row.journalId,
      journalLabel: row.journalLabel,
      columnName: row.columnName,
      deptName: row.deptName,
      votes: row.votes,
      percent: percentOf(row.votes, total),
      rank,
      mine: row.mine,
    }));
  }
}

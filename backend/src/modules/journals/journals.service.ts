import { Injectable } from '@nestjs/common';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { type AfterRemoval, RemovalHooks } from '../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { DEFAULT_PAGE_SIZE, INT4_MAX, page, type Page, type PagedQuery, parseSort } from '../../common/http/list-query.js';
import {
  DAILY_PAGE_SIZE,
  type DailyJournalQuery,
  type DoneListQuery,
  JOURNAL_SORT,
  type JournalDto,
  type JournalListQuery,
  type JournalUpdateDto,
  type JournalWriteDto,
} from './journal.dto.js';
import { ProductPolicy } from '../products/index.js';
import { FilesService } from '../storage/index.js';
import type { ProductJournal, JournalStatus } from './journal.entity.js';
import { type JournalStateCountRow, JournalsRepository, type LatestJournalRow, type PeriodJournal } from './journals.repository.js';
import {
  canTransition,
  currentYear,
  DAILY_PERIOD,
  dayRange,
  JOURNAL_DONE,
  JOURNAL_FILE_REQUIRED,
  JOURNAL_MESSAGES,
  JOURNAL_STATUS_CONFLICT,
  nextIssue,
  statusConflictMessage,
  TRANSITION_SOURCES,
} from './journal.rules.js';

type Raw = Record<string, unknown>;

/** A journal locked for an editing call (`lockEditable`). */
export interface EditableJournal {
  id: number;
  productId: number;
  status: JournalStatus;
  year: number;
  journalNo: number;
}

const NULLABLE_SORT = new Set([JOURNAL_SORT.planPublishTime, JOURNAL_SORT.publishTime]);

/** `journalList` answers at most this many journals (a product has a handful not done). */
const OPEN_LIST_MAX = 1000;

/** A journal row as answered; `canEdit`: whether the caller may write it (ProductPolicy, computed per page). */
export function toJournalDto(r: Raw, canEdit: boolean): JournalDto {
  return {
    id: Number(r.id),
    productId: Number(r.productId),
    product: r.productName == null ? null : { id: Number(r.productId), name: r.productName as string },
    year: Number(r.year),
    journalNo: Number(r.journalNo),
    totalNo: Number(r.totalNo),
    editorIds: (r.editorIds as string | null) ?? null,
    memo: (r.memo as string | null) ?? null,
    createTime: r.createTime as Date,
    planPublishTime: (r.planPublishTime as string | null) ?? null,
    publishTime: (r.publishTime as Date | null) ?? null,
    status: r.status as JournalStatus,
    createBy: r.creatorId == null ? null : { id: Number(r.creatorId), username: r.creatorName as string },
    canEdit,
  };
}

/** Is this the unique (product, year, journalNo) index refusing a write? */
function isDuplicateIssue(e: unknown): boolean {
  const driver = e instanceof QueryFailedError ? (e.driverError as { code?: string; constraint?: string }) : undefined;
  return driver?.code === '23505' && driver.constraint === 'idx_product_journal_no';
}

/**
 * Journals of the products (spec production-admin §3, §4, §7; docs/production-api.md "Journals"):
 * records, lists and the status machine. Every transition is ONE conditional UPDATE, so two
 * simultaneous identical transitions cannot both succeed.
 */
@Injectable()
export class JournalsService {
  constructor(
    private readonly journals: JournalsRepository,
    private readonly files: FilesService,
    private readonly policy: ProductPolicy,
    private readonly removal: RemovalHooks,
  ) {}

  /**
   * The journal of an editing call (the workbench: pick, upload, sort, edit, delete, versions, push),
   * locked FOR UPDATE in the caller's transaction, so the calls on one journal run one after the other
   * and none slips past a finalisation: 404 `期刊不存在`, 403 `PRODUCT_NOT_OWNED` unless the caller
   * owns its product (ProductPolicy), 409 `JOURNAL_DONE` `期刊已定稿，不能修改` when done (spec
   * production-admin §4: a done journal hides and refuses every editing action).
   */
  async lockEditable(em: EntityManager, journalId: number, user: Principal): Promise<EditableJournal> {
    const journal = await this.journals.lockJournal(em, journalId);
    if (!journal) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
    await this.policy.assertCanEditProducts(user, [journal.productId], em);
    if (journal.status === 'done') throw DomainException.conflict(JOURNAL_MESSAGES.done, JOURNAL_DONE);
    return journal;
  }

  /** `lockEditable` in a transaction of its own (404 / 403 / 409 before long work; the lock ends with it). */
  assertEditable(journalId: number, user: Principal): Promise<EditableJournal> {
    return this.journals.transaction((em) => this.lockEditable(em, journalId, user));
  }

  /** 404 `期刊不存在` unless every one of the journals exists. */
  async assertExist(journalIds: readonly number[], em?: DataSource | EntityManager): Promise<void> {
    const wanted = [...new Set(journalIds)];
    if ((await this.journals.existingIds(wanted, em)).length !== wanted.length) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
  }

  /**
   * 403 `没有权限操作该产品的期刊` unless the caller may write the journals of every product these
   * journals belong to (ProductPolicy). Unknown journals are left to the caller's own 404.
   */
  async assertCanEditJournals(user: Principal, journalIds: readonly number[], em?: DataSource | EntityManager): Promise<void> {
    await this.policy.assertCanEditProducts(user, await this.journals.productIdsOf(journalIds, em), em);
  }

  /**
   * The rows as answered to `user`: each carries `canEdit` (may the caller write it?), decided by
   * ProductPolicy for all the rows' products in one query.
   */
  private async toDtos(rows: Raw[], user: Principal): Promise<JournalDto[]> {
    const editable = await this.policy.editableProducts(user, rows.map((r) => Number(r.productId)));
    return rows.map((r) => toJournalDto(r, editable.has(Number(r.productId))));
  }

  /** One journal as answered to `user`, or 404 `期刊不存在`. */
  async findOne(id: number, user: Principal): Promise<JournalDto> {
    const rows = await this.journals.findRow(id);
    if (!rows.length) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
    return (await this.toDtos(rows, user))[0];
  }

  /** A page of journals matching `where` (SQL over `j` and `p`), sorted by the whitelisted `sort` (then id desc). */
  private async pageOf(user: Principal, where: string[], params: unknown[], q: PagedQuery & { size?: number }, fallback: string[], defaultSize = DEFAULT_PAGE_SIZE): Promise<Page<JournalDto>> {
    const orders = parseSort(q.sort, JOURNAL_SORT, fallback);
    if (!orders.some((o) => o.expr === JOURNAL_SORT.id)) orders.push({ expr: JOURNAL_SORT.id, dir: 'DESC' });
    const size = q.size ?? defaultSize;
    const offset = (q.page ?? 0) * size;
    const cond = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    // Journals without a plan or publish day sort last either way.
    const orderBy = orders.map((o) => `${o.expr} ${o.dir}${NULLABLE_SORT.has(o.expr) ? ' NULLS LAST' : ''}`).join(', ');
    const [rows, total] = await this.journals.page(cond, params, orderBy, size, offset);
    return page(await this.toDtos(rows, user), total);
  }

  /** `list`: filters product, year, status; default `createTime,desc`. */
  list(q: JournalListQuery, user: Principal): Promise<Page<JournalDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.productId !== undefined) add('j.product_id = ?', q.productId);
    if (q.year !== undefined) add('j.year = ?', q.year);
    if (q.status !== undefined) add('j.status = ?', q.status);
    return this.pageOf(user, where, params, q, ['createTime,desc']);
  }

  /** `doneList`: done journals (of one product when given), newest first. */
  doneList(q: DoneListQuery, user: Principal): Promise<Page<JournalDto>> {
    const where = [`j.status = 'done'`];
    const params: unknown[] = [];
    if (q.productId !== undefined) {
      params.push(q.productId);
      where.push('j.product_id = $1');
    }
    return this.pageOf(user, where, params, q, ['createTime,desc']);
  }

  /** `dailyJournalList` (docs/journals-api.md): journals of daily products created in the inclusive day range. */
  async dailyList(q: DailyJournalQuery, user: Principal): Promise<Page<JournalDto>> {
    if (q.startDate > q.endDate) throw DomainException.badRequest(JOURNAL_MESSAGES.startAfterEnd, ErrorCode.Validation);
    const [from, to] = dayRange(q.startDate, q.endDate);
    return this.pageOf(user, ['p.period = $1', 'j.create_time >= $2', 'j.create_time < $3'], [DAILY_PERIOD, from, to], { page: q.page, size: q.size }, ['createTime,desc'], DAILY_PAGE_SIZE);
  }

  /** `journalList`: the product's journals not done (edit, submit, review), newest first. */
  async openList(productId: number, user: Principal): Promise<JournalDto[]> {
    await this.assertProduct(productId, true);
    const rows = await this.journals.openOf(productId, OPEN_LIST_MAX);
    return this.toDtos(rows, user);
  }

  /**
   * The product's journals of a period (issue day = planned publication day, else creation day, in
   * [from, to]), in issue order, at most `max`: the candidates' journals of a vote (votes module).
   */
  periodJournals(productId: number, from: string, to: string, max: number): Promise<PeriodJournal[]> {
    return this.journals.inPeriod(productId, from, to, max);
  }

  /** `getMaxTotalNo`: `"year,totalNo,journalNo"` of the product's next issue (this year in the server's time zone). */
  async nextIssue(productId: number): Promise<string> {
    await this.assertProduct(productId, true);
    const year = currentYear();
    const r = await this.journals.maxNumbers(productId, year);
    return nextIssue(year, r.total, r.no);
  }

  /** 400 (a write naming it) or 404 (a query naming it) `产品不存在`. */
  private async assertProduct(productId: number, asNotFound = false, em?: DataSource | EntityManager): Promise<void> {
    if (await this.journals.productExists(productId, em)) return;
    throw asNotFound ? DomainException.notFound(JOURNAL_MESSAGES.productNotFound) : DomainException.badRequest(JOURNAL_MESSAGES.productNotFound);
  }

  private duplicate(e: unknown, journalNo: number): unknown {
    return isDuplicateIssue(e) ? DomainException.conflict(JOURNAL_MESSAGES.duplicate(journalNo), ErrorCode.Duplicate) : e;
  }

  /**
   * `POST`: a new journal in `edit`; `totalNo` defaults to the product's largest + 1. The product row
   * is locked (FOR NO KEY UPDATE) for the transaction, so simultaneous creations for one product take
   * their default total numbers one after the other (no two get the same), and the product cannot be
   * deleted in between.
   */
  async create(dto: JournalWriteDto, user: Principal): Promise<JournalDto> {
    const id = await this.journals.transaction(async (em) => {
      if (!(await this.journals.lockProduct(em, dto.productId))) throw DomainException.badRequest(JOURNAL_MESSAGES.productNotFound);
      await this.policy.assertCanEditProducts(user, [dto.productId], em);
      let totalNo = dto.totalNo;
      if (totalNo === undefined) {
        totalNo = ((await this.journals.maxTotalNo(em, dto.productId)) ?? 0) + 1;
        if (totalNo > INT4_MAX) throw DomainException.badRequest(JOURNAL_MESSAGES.totalNoTooLarge, ErrorCode.Validation);
      }
      try {
        return await this.journals.insert(em, {
          productId: dto.productId,
          year: dto.year,
          journalNo: dto.journalNo,
          totalNo,
          editorIds: dto.editorIds ?? null,
          memo: dto.memo ?? null,
          planPublishTime: dto.planPublishTime,
          status: 'edit',
        });
      } catch (e) {
        throw this.duplicate(e, dto.journalNo);
      }
    });
    return this.findOne(id, user);
  }

  /**
   * `PUT`: the record's fields (not its status: see `updateStatus`). Omitted optional fields keep their
   * value; `null`/blank clears them. Moving a journal that holds manuscripts to another product → 409.
   */
  async update(dto: JournalUpdateDto, user: Principal): Promise<void> {
    await this.journals.transaction(async (em) => {
      const current = await this.journals.lockForEdit(em, dto.id);
      if (!current) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
      await this.policy.assertCanEditProducts(user, [Number(current.productId)], em);
      await this.assertProduct(dto.productId, false, em);
      // moving the journal to another product: the caller must own that one too
      if (Number(current.productId) !== dto.productId) await this.policy.assertCanEditProducts(user, [dto.productId], em);
      if (Number(current.productId) !== dto.productId) {
        if (await this.journals.hasManuscripts(em, dto.id)) throw DomainException.conflict(JOURNAL_MESSAGES.productHasManuscripts, JOURNAL_STATUS_CONFLICT);
      }
      const patch: Partial<ProductJournal> = {
        productId: dto.productId,
        year: dto.year,
        journalNo: dto.journalNo,
        planPublishTime: dto.planPublishTime,
        updateBy: user.username,
      };
      if (dto.totalNo !== undefined) patch.totalNo = dto.totalNo;
      if (dto.editorIds !== undefined) patch.editorIds = dto.editorIds;
      if (dto.memo !== undefined) patch.memo = dto.memo;
      try {
        await this.journals.update(em, dto.id, patch);
      } catch (e) {
        throw this.duplicate(e, dto.journalNo);
      }
    });
  }

  /**
   * `DELETE [ids]`: all or nothing; a done journal is refused (409), so is a journal of a product the
   * caller does not own (403); none found → 404. Versions go by cascade; their files go with them once
   * nothing else refers to them. The journal's copies go in the same transaction: the manuscripts
   * module's `product_journal` removal step (RemovalHooks), whose files are freed after the commit.
   */
  async delete(ids: number[], user: Principal): Promise<void> {
    const after: AfterRemoval[] = [];
    const fileIds = await this.journals.transaction(async (em) => {
      const rows = await this.journals.lockMany(em, ids);
      if (!rows.length) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
      await this.policy.assertCanEditProducts(user, rows.map((r) => r.productId), em);
      if (rows.some((r) => r.status === 'done')) throw DomainException.conflict(JOURNAL_MESSAGES.doneNotDeletable, JOURNAL_STATUS_CONFLICT);
      const journalIds = rows.map((r) => r.id);
      await this.removal.run('product_journal', em, journalIds, after);
      return this.journals.deleteMany(em, journalIds);
    });
    await this.files.discardUnused(fileIds);
    for (const work of after) await work();
  }

  /**
   * `updateStatus`: edit → submit (only with a journal version file), submit/review → done (sets
   * publishTime), done → review. One conditional UPDATE; when it matches nothing, a read only picks
   * the answer (404, 409 without a file, 409 JOURNAL_STATUS_CONFLICT). A read that finds the
   * transition allowed after all (the journal moved in between) tries again.
   */
  async updateStatus(journalId: number, target: JournalStatus, user: Principal): Promise<JournalDto> {
    await this.assertCanEditJournals(user, [journalId]);
    for (let attempt = 0; ; attempt++) {
      const moved = await this.journals.transition(journalId, target, user.username, TRANSITION_SOURCES[target]);
      if (moved) return this.findOne(journalId, user);
      const current = await this.journals.statusOf(journalId);
      if (!current) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
      if (target === 'submit' && current.status === 'edit' && !current.hasFile) throw DomainException.conflict(JOURNAL_MESSAGES.fileRequired, JOURNAL_FILE_REQUIRED);
      if (!canTransition(current.status, target) || attempt >= 2) throw DomainException.conflict(statusConflictMessage(current.status, target), JOURNAL_STATUS_CONFLICT);
    }
  }

  /** Journals created in [from, to] per product and status, within `depts` (null = all): the statistics page (docs/statistics.md). */
  stateCounts(from: Date, to: Date, depts: number[] | null, productId: number | null): Promise<JournalStateCountRow[]> {
    return this.journals.stateCounts(from, to, depts, productId);
  }

  /** Journals not done over every product (the dashboard; journal reads keep the permission rule alone, docs/dashboard.md). */
  openCount(): Promise<number> {
    return this.journals.openCount();
  }

  /** The latest `limit` finalised journals over every product (the 展示大屏, docs/screens.md). */
  latestDone(limit: number): Promise<LatestJournalRow[]> {
    return this.journals.latestDone(limit);
  }
}

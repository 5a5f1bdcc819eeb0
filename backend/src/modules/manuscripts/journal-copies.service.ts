import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page, parseSort } from '../../common/http/list-query.js';
import { ProductsService } from '../products/index.js';
import type { FileDto } from '../storage/index.js';
import {
  type CountDto,
  JOURNAL_COPY_MESSAGES,
  type JournalColumnDto,
  type JournalManuscriptDto,
  type JournalManuscriptVersionDto,
  type PoolManuscriptDto,
  SORT_STALE,
} from './journal-copies.dto.js';
import { type CopyItem, type CopyRow, JournalCopiesRepository } from './journal-copies.repository.js';
import type { BatchResultDto } from './manuscript.dto.js';
import type { Manuscript } from './manuscript.entity.js';
import { ManuscriptStore } from './manuscript.store.js';

/** The journal a copy call works in: locked by the caller (JournalsService.lockEditable). */
export interface CopyJournal {
  id: number;
  productId: number;
}

/** A pool query (`api/productManuscript/list`). */
export interface PoolQuery {
  productId: number;
  journalId?: number;
  columnId?: number;
  title?: string;
  page?: number;
  size?: number;
  sort?: string[];
}

/** The fields of a Word file uploaded into a journal (`uploadManu` without `manuId`, `uploadManuAndManu`). */
export interface UploadFields {
  columnId: number;
  title: string;
  firstAuthor: string;
  authorIds: string;
  deptId: number;
  memo: string | null;
}

/** What the edit form writes (undefined: kept; `abstracts`, the submitted summary, is read-only). */
export type CopyPatch = Partial<Pick<Manuscript, 'title' | 'memo' | 'firstAuthor' | 'authorIds' | 'abstractEdit' | 'contentType' | 'domainType' | 'country' | 'isExamine' | 'isCheck'>>;

/** The pool list's page size (spec production-admin §9: manuscript picker 15). */
export const POOL_PAGE_SIZE = 15;
const POOL_SORT = { id: 'm.id', title: 'm.title', createTime: 'm.create_time', updateTime: 'm.update_time' };

/** A copy row in its wire shape (docs/workbench-api.md "Journal manuscript"). */
export function toCopyDto(r: CopyRow, file: FileDto | null): JournalManuscriptDto {
  return {
    id: r.id,
    title: r.title,
    memo: r.memo,
    type: r.hasContent ? 'dynamic' : 'upload',
    contentType: r.contentType,
    domainType: r.domainType,
    country: r.country,
    abstractOrigin: r.abstracts,
    abstractEdit: r.abstractEdit,
    firstAuthor: r.firstAuthor,
    authorIds: r.authorIds,
    authors: r.authors,
    dept: { id: r.deptId, name: r.deptName },
    productColumn: r.columnId == null ? null : { id: r.columnId, name: r.columnName ?? '' },
    product: { id: r.productId, name: r.productName },
    journal: { id: r.journalId },
    sourceManu: r.sourceId == null ? null : { id: r.sourceId, newsId: r.newsId == null ? null : Number(r.newsId) },
    isExamine: r.isExamine,
    isCheck: r.isCheck,
    sort: r.sort,
    version: r.version,
    file,
    submitBy: r.submitById == null ? null : { id: r.submitById, username: r.submitByName },
    submitTime: r.submitTime,
    createTime: r.createTime,
    updateTime: r.updateTime,
  };
}

/**
 * Journal copies (spec production-admin §4 "picking = copying"; docs/workbench-api.md): a manuscript
 * in a journal is a copy of a pool manuscript (or a Word file uploaded straight into the journal),
 * with its own column, order, review and weekly flags, fields and file versions; editing it never
 * touches its source, and manuscript management keeps listing only the pool (`journal_id` null).
 *
 * Every write takes the EntityManager of the caller's transaction, in which the caller has locked
 * the journal (JournalsService.lockEditable: 404, ownership 403, done 409), so the calls on one
 * journal run one after the other. The journal's deletion removes its copies through the kernel's
 * RemovalHooks (step `product_journal`).
 */
@Injectable()
export class JournalCopies implements OnModuleInit {
  private readonly logger = new Logger(JournalCopies.name);

  constructor(
    private readonly repo: JournalCopiesRepository,
    private readonly store: ManuscriptStore,
    private readonly products: ProductsService,
    private readonly removal: RemovalHooks,
  ) {}

  /** A deleted journal's copies go in its deleting transaction; the files only they held afterwards. */
  onModuleInit(): void {
    this.removal.register('product_journal', async (em, journalIds) => {
      const fileIds = await this.repo.deleteOfJournals(em, journalIds.map(Number));
      return () => this.discardFiles(fileIds);
    });
  }

  private get files() {
    return this.store.files;
  }

  /** Runs `fn` in one transaction (the workbench locks the journal in it, then calls the writes below). */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.transaction(fn);
  }

  // ---------------------------------------------------------------- reads

  /** Wire shapes of copy rows: one more query for the whole list (their current files). */
  private async toDtos(rows: CopyRow[]): Promise<JournalManuscriptDto[]> {
    const fileIds = [...new Set(rows.map((r) => r.fileId).filter((id): id is number => id != null))];
    const files = new Map((fileIds.length ? await this.files.findDtos(fileIds) : []).map((f) => [f.id, f]));
    return rows.map((r) => toCopyDto(r, r.fileId == null ? null : (files.get(r.fileId) ?? null)));
  }

  /** Copies by id, in the order of `ids` (ids that are not copies are left out). */
  async dtos(ids: number[]): Promise<JournalManuscriptDto[]> {
    if (!ids.length) return [];
    const rows = await this.repo.byIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.toDtos(ids.map((id) => byId.get(id)).filter((r): r is CopyRow => !!r));
  }

  /** One copy; 404 `稿件不存在`. */
  async dto(id: number): Promise<JournalManuscriptDto> {
    const [dto] = await this.dtos([id]);
    if (!dto) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.notFound);
    return dto;
  }

  /** Every copy of the journal in column order, then its own order (with `content` for a document built from them). */
  async ofJournal(journalId: number, withContent = false): Promise<Array<JournalManuscriptDto & { content?: string | null }>> {
    const rows = await this.repo.ofJournal(journalId, withContent);
    const dtos = await this.toDtos(rows);
    return withContent ? dtos.map((d, i) => ({ ...d, content: rows[i].content ?? null })) : dtos;
  }

  /** Every copy of these journals, journal by journal in the order given (one query for all; the votes module's candidates). */
  async ofJournals(journalIds: number[]): Promise<JournalManuscriptDto[]> {
    return journalIds.length ? this.toDtos(await this.repo.ofJournals(journalIds)) : [];
  }

  /** Copy id → the current file of its source (the "source attachments" zip), for the journal's copies whose source has one. */
  async sourceFiles(journalId: number): Promise<Map<number, number>> {
    return new Map((await this.repo.sourceFiles(journalId)).map((r) => [r.id, r.fileId]));
  }

  /**
   * The journal's columns (`info`): the product's enabled columns by sort, then the disabled ones
   * that hold copies; each with its copies by sort, then id.
   */
  async columns(journal: CopyJournal): Promise<JournalColumnDto[]> {
    const [columns, copies] = await Promise.all([this.products.columnsOf(journal.productId), this.ofJournal(journal.id)]);
    const byColumn = new Map<number, JournalManuscriptDto[]>();
    for (const c of copies) {
      if (c.productColumn) byColumn.set(c.productColumn.id, [...(byColumn.get(c.productColumn.id) ?? []), c]);
    }
    const shown = [...columns.filter((c) => c.status), ...columns.filter((c) => !c.status && byColumn.has(c.id))];
    return shown.map((c) => ({ id: c.id, name: c.name, sort: c.sort, status: c.status, manuList: byColumn.get(c.id) ?? [] }));
  }

  /**
   * The pool (`api/productManuscript/list`): submitted manuscripts of the product (and column), as
   * `api/manuscript` answers them, each with `inJournal` (a copy of it is in `journalId`).
   */
  async pool(q: PoolQuery): Promise<Page<PoolManuscriptDto>> {
    const orders = parseSort(q.sort, POOL_SORT, ['createTime,desc']);
    const orderBy = [...orders.map((o) => `${o.expr} ${o.dir}`), ...(orders.some((o) => o.expr === POOL_SORT.id) ? [] : ['m.id DESC'])].join(', ');
    const size = q.size ?? POOL_PAGE_SIZE;
    const offset = Math.min((q.page ?? 0) * size, Number.MAX_SAFE_INTEGER);
    const [rows, total] = await this.repo.pool({ productId: q.productId, journalId: q.journalId, columnId: q.columnId, title: q.title }, orderBy, size, offset);
    const dtos = await this.store.toDtos(rows);
    return page(
      dtos.map((d, i) => ({ ...d, inJournal: rows[i].inJournal })),
      total,
    );
  }

  /** The journal of a copy; 404 `稿件不存在` when `id` is not a copy. */
  async journalOf(id: number): Promise<number> {
    const [row] = await this.repo.journalsOf([id]);
    if (!row) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.notFound);
    return row.journalId;
  }

  /** The distinct journals of the copies, ascending; 404 `稿件不存在` unless every id is a copy. */
  async journalsOf(ids: number[]): Promise<number[]> {
    const rows = await this.repo.journalsOf(ids);
    if (rows.length !== new Set(ids).size) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.notFound);
    return [...new Set(rows.map((r) => r.journalId))].sort((a, b) => a - b);
  }

  /** The copy's file versions, newest first; 404 `稿件不存在` when it is not a copy. */
  async versions(id: number): Promise<JournalManuscriptVersionDto[]> {
    await this.journalOf(id);
    const rows = await this.repo.versions(id);
    const files = new Map((rows.length ? await this.files.findDtos([...new Set(rows.map((r) => r.fileId))]) : []).map((f) => [f.id, f]));
    return rows.map((r) => {
      const file = files.get(r.fileId) ?? null;
      return {
        id: r.id,
        version: r.version,
        title: file ? file.realName : null,
        file,
        createTime: r.createTime,
        createBy: r.creatorId == null ? null : { id: r.creatorId, username: r.creatorName ?? '' },
      };
    });
  }

  // ---------------------------------------------------------------- writes (in the caller's transaction)

  /** The copy, locked for update; 404 `稿件不存在` when it is no longer a copy of the journal. */
  async lock(em: EntityManager, id: number, journalId: number): Promise<{ id: number; fileId: number | null; version: number }> {
    const row = await this.repo.lock(em, id, journalId);
    if (!row) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.notFound);
    return row;
  }

  /** 400 `请选择投稿栏目` unless the column is an enabled column of the journal's product (key-share locked until the end). */
  private async checkColumn(em: EntityManager, journal: CopyJournal, columnId: number): Promise<void> {
    await this.products.assertColumns(journal.productId, [columnId], em);
  }

  /** The next free sorts at the end of each column. */
  private async endOf(em: EntityManager, journalId: number, columnIds: number[]): Promise<(columnId: number) => number> {
    const max = await this.repo.maxSorts(em, journalId, [...new Set(columnIds)]);
    return (columnId) => {
      const next = (max.get(columnId) ?? 0) + 1;
      max.set(columnId, next);
      return next;
    };
  }

  /** Makes the copies; answers their ids in the items' order. */
  private async copy(em: EntityManager, journal: CopyJournal, items: CopyItem[], user: Principal): Promise<number[]> {
    if (!items.length) return [];
    const created = await this.repo.copy(em, journal, items, user.username);
    const bySource = new Map(created.map((c) => [c.sourceId, c.id]));
    return items.map((i) => bySource.get(i.sourceId)!);
  }

  /**
   * Picking (`POST api/productManuscript`): copies of the pool manuscripts, in the given order, at
   * the end of the column; sources already in the journal (any column) are skipped and not counted.
   * 404 `稿件不存在` for an id that is not a pool manuscript, 400 for one of another product or a
   * column that is not an enabled column of the journal's product.
   */
  async pick(em: EntityManager, journal: CopyJournal, columnId: number, manuIds: number[], user: Principal): Promise<BatchResultDto> {
    await this.checkColumn(em, journal, columnId);
    const ids = [...new Set(manuIds)];
    const sources = new Map((await this.repo.sources(em, ids)).map((s) => [s.id, s]));
    for (const id of ids) {
      const s = sources.get(id);
      if (!s || s.journalId != null) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.notFound);
      if (s.productId !== journal.productId) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.notOfProduct, ErrorCode.Validation);
    }
    const present = await this.repo.presentSources(em, journal.id, ids);
    const next = await this.endOf(em, journal.id, [columnId]);
    const items = ids.filter((id) => !present.has(id)).map((id) => ({ fromId: id, sourceId: id, columnId, sort: next(columnId) }));
    const created = await this.copy(em, journal, items, user);
    return { count: created.length, ids: created };
  }

  /**
   * Pushing daily journals into the weekly (`pushDailyToWeekly`): every copy of the dailies, in their
   * order (journal as given, column, sort), into the weekly product's enabled column of the same name,
   * else its first enabled column; a source (a daily copy's own source, else the daily copy itself)
   * already in the weekly is skipped, so is a second copy of one source.
   */
  async push(em: EntityManager, weekly: CopyJournal, dailyIds: number[], user: Principal): Promise<CountDto> {
    const columns = await this.products.columnsOf(weekly.productId, { enabledOnly: true }, em);
    if (!columns.length) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.weeklyNoColumn, ErrorCode.Validation);
    const byName = new Map<string, number>();
    for (const c of [...columns].reverse()) byName.set(c.name, c.id);
    const rows = await this.repo.pushable(em, [...new Set(dailyIds)].filter((id) => id !== weekly.id));
    const present = await this.repo.presentSources(em, weekly.id, [...new Set(rows.map((r) => r.sourceId))]);
    const wanted = rows.filter((r) => {
      if (present.has(r.sourceId)) return false;
      present.add(r.sourceId);
      return true;
    });
    const targets = wanted.map((r) => (r.columnName != null ? byName.get(r.columnName) : undefined) ?? columns[0].id);
    const next = await this.endOf(em, weekly.id, targets);
    const items = wanted.map((r, i) => ({ fromId: r.id, sourceId: r.sourceId, columnId: targets[i], sort: next(targets[i]) }));
    return { count: (await this.copy(em, weekly, items, user)).length };
  }

  /**
   * A new order of one column (`saveSort`): `ids` must be exactly the journal's copies in the column
   * (else 409 `SORT_STALE`: someone picked, deleted or moved meanwhile); they get sorts 1..n.
   */
  async saveSort(em: EntityManager, journal: CopyJournal, columnId: number, ids: number[], user: Principal): Promise<CountDto> {
    const current = await this.repo.lockColumn(em, journal.id, columnId);
    const given = new Set(ids);
    if (given.size !== ids.length || current.length !== ids.length || current.some((id) => !given.has(id))) {
      throw DomainException.conflict(JOURNAL_COPY_MESSAGES.sortStale, SORT_STALE);
    }
    if (ids.length) await this.repo.setSorts(em, ids, user.username);
    return { count: ids.length };
  }

  /** Writes the fields of a locked copy (reviewers must be users: 400 `审稿人不存在`). */
  async edit(em: EntityManager, id: number, patch: CopyPatch, user: Principal): Promise<void> {
    if (patch.authorIds) await this.store.checkAuthors(patch.authorIds, em);
    await this.repo.update(em, id, { ...patch, updateBy: user.username });
  }

  /** Deletes the copies (and their versions); the files they held, to free after the commit (`discardFiles`). */
  delete(em: EntityManager, ids: number[]): Promise<number[]> {
    return this.repo.delete(em, ids);
  }

  /** Removes the stored files no record refers to any more (after the deleting transaction committed). */
  async discardFiles(fileIds: number[]): Promise<void> {
    if (!fileIds.length) return;
    await this.files.discardUnused(fileIds).catch((err: unknown) => this.logger.error(`could not remove the files of deleted journal manuscripts: ${String(err)}`));
  }

  /** A new file version of a locked copy: it becomes the current file. Answers its version number. */
  async addVersion(em: EntityManager, id: number, fileId: number, user: Principal): Promise<number> {
    const version = await this.store.repo.nextVersion(em, id);
    await this.store.repo.setCurrentFile(em, id, fileId, version, user.username);
    await this.store.addVersion(em, id, fileId, version, user);
    return version;
  }

  /**
   * Deletes a file version of a locked copy: never version 1 (400 `第一个版本不能删除`), never the only
   * one; deleting the current version makes the newest remaining one current. Answers the version's
   * file, to free after the commit.
   */
  async deleteVersion(em: EntityManager, copy: { id: number; version: number }, version: number, user: Principal): Promise<number> {
    const versions = await this.repo.versionsOf(em, copy.id);
    const target = versions.find((v) => v.version === version);
    if (!target) throw DomainException.notFound(JOURNAL_COPY_MESSAGES.versionNotFound);
    if (version === 1) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.firstVersion, ErrorCode.Validation);
    if (versions.length === 1) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.onlyVersion, ErrorCode.Validation);
    await this.repo.deleteVersion(em, copy.id, version);
    if (copy.version === version) {
      const newest = versions.filter((v) => v.version !== version).at(-1)!;
      await this.store.repo.setCurrentFile(em, copy.id, newest.fileId, newest.version, user.username);
    }
    return target.fileId;
  }

  /** A Word file uploaded straight into the journal (`uploadManu` without `manuId`): a copy without source at the end of the column. */
  async uploadNew(em: EntityManager, journal: CopyJournal, f: UploadFields, fileId: number, user: Principal): Promise<number> {
    await this.checkColumn(em, journal, f.columnId);
    if (f.authorIds) await this.store.checkAuthors(f.authorIds, em);
    const next = await this.endOf(em, journal.id, [f.columnId]);
    const id = await this.repo.insertUploaded(
      em,
      journal,
      { title: f.title, memo: f.memo, firstAuthor: f.firstAuthor, authorIds: f.authorIds, deptId: f.deptId, fileId, columnId: f.columnId, sort: next(f.columnId) },
      user,
    );
    await this.store.addVersion(em, id, fileId, 1, user);
    return id;
  }

  /**
   * `uploadManuAndManu`: the upload is also a submission — a pool manuscript of the journal's product
   * in the column (it shows in manuscript management and in the daily statistics), unit `deptId`,
   * submitted by the caller, holding the file — and its copy at the end of the column.
   */
  async uploadWithPool(em: EntityManager, journal: CopyJournal, f: UploadFields, fileId: number, user: Principal): Promise<number> {
    await this.checkColumn(em, journal, f.columnId);
    if (f.authorIds) await this.store.checkAuthors(f.authorIds, em);
    const [poolId] = await this.store.insertMany(
      em,
      [
        {
          title: f.title,
          content: null,
          abstracts: null,
          memo: f.memo,
          contentType: null,
          domainType: null,
          country: null,
          firstAuthor: f.firstAuthor,
          authorIds: f.authorIds,
          newsId: null,
          fileId,
        },
      ],
      { productId: journal.productId, columnIds: [f.columnId], deptId: f.deptId },
      user,
    );
    await this.store.addVersion(em, poolId, fileId, 1, user);
    const next = await this.endOf(em, journal.id, [f.columnId]);
    const [id] = await this.copy(em, journal, [{ fromId: poolId, sourceId: poolId, columnId: f.columnId, sort: next(f.columnId) }], user);
    return id;
  }
}

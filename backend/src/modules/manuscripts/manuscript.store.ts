import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { parseIdCsv } from '../../common/http/id-list.js';
import { ProductsService } from '../products/index.js';
import { FilesService } from '../storage/index.js';
import { UsersService } from '../users/index.js';
import { MANUSCRIPT } from './manuscript.policy.js';
import { DESK } from '../news/index.js';
import { type IdName, MANUSCRIPT_MESSAGES, type ManuscriptDto, type ManuscriptFileRef } from './manuscript.dto.js';
import { ManuscriptRepository, type ManuscriptRow, type NewManuscript, type Target } from './manuscript.repository.js';

export type { ManuscriptRow, NewManuscript, Target } from './manuscript.repository.js';

/** The wire shape of a row plus its columns, reviewers and current file. */
export function toManuscriptDto(
  r: ManuscriptRow,
  columns: IdName[],
  authors: Map<number, string | null>,
  files: Map<number, ManuscriptFileRef>,
): ManuscriptDto {
  const authorIds = parseIdCsv(r.authorIds);
  const file = r.fileId != null ? files.get(r.fileId) : undefined;
  const dto: ManuscriptDto = {
    id: r.id,
    title: r.title,
    memo: r.memo,
    contentType: r.contentType,
    domainType: r.domainType,
    country: r.country,
    abstracts: r.abstracts,
    abstractOrigin: r.abstracts,
    abstractEdit: r.abstractEdit,
    firstAuthor: r.firstAuthor,
    authorIds: r.authorIds,
    authors: authorIds.filter((id) => authors.has(id)).map((id) => ({ id, nickName: authors.get(id) ?? null })),
    columns,
    productColumn: columns[0] ?? null,
    product: { id: r.productId, name: r.productName },
    dept: { id: r.deptId, name: r.deptName },
    createBy: { id: r.createById, username: r.username ?? r.createBy, nickName: r.nickName },
    createTime: r.createTime,
    updateTime: r.updateTime,
    newsId: r.newsId == null ? null : Number(r.newsId),
    version: r.version,
    fileId: r.fileId,
    manuFileId: r.fileId,
    files: file ? [file] : [],
    type: r.hasContent ? 'dynamic' : 'upload',
    isExamine: r.isExamine,
    isCheck: r.isCheck,
    sort: r.sort,
    journal: r.journalId == null ? null : { id: r.journalId },
  };
  if (r.content !== undefined) dto.content = r.content;
  return dto;
}

/**
 * The shared rules of the manuscripts module: who may submit for which department, product, column
 * and reviewer checks, and the wire shape of a page of rows (columns, reviewers and files in one
 * query each — no query per row). The queries are in ManuscriptRepository.
 */
@Injectable()
export class ManuscriptStore implements OnModuleInit {
  constructor(
    readonly repo: ManuscriptRepository,
    readonly files: FilesService,
    private readonly products: ProductsService,
    private readonly users: UsersService,
  ) {}

  /** Storage reads a manuscript's files by its manuscript's submitter and department: it asks here. */
  onModuleInit(): void {
    this.files.useManuscriptOwners((ids) => this.repo.owners(ids));
  }

  /** The department a submission is recorded under: the caller's work department (`deptId` may only name it or the own one). */
  submitDept(user: Principal, deptId: number | undefined): number {
    if (user.workDeptId == null) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.noDept);
    if (deptId !== undefined && !user.ability.can('update', record(DESK, { deptId }))) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.otherDept);
    return user.workDeptId;
  }

  /**
   * Product exists (400 请选择产品 / 404 产品不存在) and every column is an enabled column of it (400
   * 请选择投稿栏目); answers the distinct column ids. Inside a transaction the columns stay locked
   * (key share) until it ends.
   */
  async checkTarget(productId: number, columnIds: number[], em?: EntityManager): Promise<number[]> {
    const columns = await this.products.assertColumns(productId, columnIds, em);
    return columns.map((c) => c.id);
  }

  /** Every reviewer id names a user (400 审稿人不存在). */
  async checkAuthors(csv: string, em?: EntityManager): Promise<void> {
    const ids = parseIdCsv(csv);
    if ((await this.users.nickNames(ids, em)).length !== ids.length) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.authorMissing, ErrorCode.Validation);
  }

  /** Inserts the manuscripts (one statement) and their columns (one statement); answers their ids in the items' order. */
  async insertMany(em: EntityManager, items: NewManuscript[], target: Target, user: Principal): Promise<number[]> {
    if (!items.length) return [];
    return this.repo.insertMany(em, items, target, user);
  }

  /** Records `fileId` as version `version` of a manuscript and attaches the file to it. */
  async addVersion(em: EntityManager, manuscriptId: number, fileId: number, version: number, user: Principal): Promise<void> {
    await this.repo.insertVersion(em, manuscriptId, fileId, version, user.username);
    await this.files.attach(em, [fileId], 'manuscript', manuscriptId);
  }

  /**
   * Pool manuscripts by id (in the given order; unknown ids dropped), `content` included when asked.
   * A journal copy is not one: manuscript management reads it as unknown (404); copies are read and
   * edited through JournalCopies (`api/productManuscript`) only.
   */
  async rows(ids: number[], withContent = false, em?: EntityManager): Promise<ManuscriptRow[]> {
    if (!ids.length) return [];
    const rows = await this.repo.rows(ids, withContent, em);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is ManuscriptRow => !!r);
  }

  async one(id: number, withContent = false): Promise<ManuscriptRow> {
    const [row] = await this.rows([id], withContent);
    if (!row) throw DomainException.notFound(MANUSCRIPT_MESSAGES.notFound);
    return row;
  }

  /** Wire shapes of rows: three more queries for the whole page (columns, reviewers, files). */
  async toDtos(rows: ManuscriptRow[]): Promise<ManuscriptDto[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const authorIds = [...new Set(rows.flatMap((r) => parseIdCsv(r.authorIds)))];
    const fileIds = [...new Set(rows.map((r) => r.fileId).filter((id): id is number => id != null))];
    const [columnRows, authorRows, fileDtos] = await Promise.all([
      this.repo.columnsOf(ids),
      authorIds.length ? this.users.nickNames(authorIds) : Promise.resolve([]),
      fileIds.length ? this.files.findDtos(fileIds) : Promise.resolve([]),
    ]);
    const columns = new Map<number, IdName[]>();
    for (const c of columnRows) {
      const list = columns.get(c.manuscriptId) ?? [];
      list.push({ id: c.id, name: c.name });
      columns.set(c.manuscriptId, list);
    }
    const authors = new Map<number, string | null>(authorRows.map((a) => [a.id, a.nickName]));
    const files = new Map<number, ManuscriptFileRef>(fileDtos.map((f) => [f.id, f as unknown as ManuscriptFileRef]));
    return rows.map((r) => toManuscriptDto(r, columns.get(r.id) ?? [], authors, files));
  }

  async dto(id: number, withContent = false): Promise<ManuscriptDto> {
    const [dto] = await this.toDtos([await this.one(id, withContent)]);
    return dto;
  }

  /** Reading one manuscript: the manuscript admins and editors, the submitter, and the submitting department. */
  canRead(user: Principal, row: Pick<ManuscriptRow, 'createById' | 'deptId'>): boolean {
    return user.ability.can('read', record(MANUSCRIPT, { createById: row.createById, deptId: row.deptId }));
  }
}

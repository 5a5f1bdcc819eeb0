import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { parseIdCsv } from '../../common/http/id-list.js';
import { ProductsService } from '../products/index.js';
import { FilesService } from '../storage/index.js';
import { MANUSCRIPT } from './manuscript.policy.js';
import { DESK } from '../news/index.js';
import { type IdName, MANUSCRIPT_MESSAGES, type ManuscriptDto, type ManuscriptFileRef } from './manuscript.dto.js';

type Db = DataSource | EntityManager;

/** A manuscript row with what its wire shape joins in one statement (product, department, submitter). */
export interface ManuscriptRow {
  id: number;
  title: string;
  memo: string | null;
  contentType: string | null;
  domainType: string | null;
  country: string | null;
  abstracts: string | null;
  abstractEdit: string | null;
  firstAuthor: string;
  authorIds: string;
  newsId: string | null;
  deptId: number;
  deptName: string | null;
  productId: number;
  productName: string;
  fileId: number | null;
  version: number;
  journalId: number | null;
  isExamine: boolean;
  isCheck: boolean;
  sort: number;
  createById: number | null;
  createBy: string | null;
  username: string | null;
  nickName: string | null;
  createTime: Date;
  updateTime: Date;
  hasContent: boolean;
  content?: string | null;
}

/** Columns of ManuscriptRow; `FROM` below names the tables. */
export const ROW_SELECT = `SELECT m.id, m.title, m.memo, m.content_type AS "contentType", m.domain_type AS "domainType", m.country,
  m.abstracts, m.abstract_edit AS "abstractEdit", m.first_author AS "firstAuthor", m.author_ids AS "authorIds", m.news_id AS "newsId",
  m.dept_id AS "deptId", d.name AS "deptName", m.product_id AS "productId", p.name AS "productName", m.file_id AS "fileId", m.version,
  m.journal_id AS "journalId", m.is_examine AS "isExamine", m.is_check AS "isCheck", m.sort, m.create_by_id AS "createById",
  m.create_by AS "createBy", u.username, u.nick_name AS "nickName", m.create_time AS "createTime", m.update_time AS "updateTime",
  (m.content IS NOT NULL AND m.content <> '') AS "hasContent"`;
export const ROW_FROM = `FROM manuscript m JOIN product_setting p ON p.id = m.product_id LEFT JOIN sys_dept d ON d.id = m.dept_id
  LEFT JOIN sys_user u ON u.id = m.create_by_id`;

/** What a new manuscript holds (the store adds submitter, department, product, columns). */
export interface NewManuscript {
  title: string;
  content: string | null;
  abstracts: string | null;
  memo: string | null;
  contentType: string | null;
  domainType: string | null;
  country: string | null;
  firstAuthor: string;
  authorIds: string;
  newsId: number | null;
  fileId: number | null;
}

/** Where new manuscripts go: product, its columns, the submitting department. */
export interface Target {
  productId: number;
  columnIds: number[];
  deptId: number;
}

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
 * The shared persistence of the manuscripts module: who may submit for which department, product
 * and column checks, inserts (one statement for a whole batch) and the wire shape of a page of rows
 * (columns, reviewers and files in one query each — no query per row).
 */
@Injectable()
export class ManuscriptStore {
  constructor(
    @InjectDataSource() readonly db: DataSource,
    readonly files: FilesService,
    private readonly products: ProductsService,
  ) {}

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
  async checkAuthors(csv: string, db: Db = this.db): Promise<void> {
    const ids = parseIdCsv(csv);
    const rows: Array<{ n: number }> = await db.query('SELECT count(*)::int AS n FROM sys_user WHERE id = ANY($1::int[])', [ids]);
    if (rows[0].n !== ids.length) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.authorMissing, ErrorCode.Validation);
  }

  /** Inserts the manuscripts (one statement) and their columns (one statement); answers their ids in the items' order. */
  async insertMany(em: EntityManager, items: NewManuscript[], target: Target, user: Principal): Promise<number[]> {
    if (!items.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      `INSERT INTO manuscript (title, content, abstracts, memo, content_type, domain_type, country, first_author, author_ids, news_id,
         file_id, version, dept_id, product_id, create_by_id, create_by, update_by)
       SELECT x->>'title', x->>'content', x->>'abstracts', x->>'memo', x->>'contentType', x->>'domainType', x->>'country',
         x->>'firstAuthor', x->>'authorIds', (x->>'newsId')::bigint, (x->>'fileId')::int, 1, $2, $3, $4, $5, $5
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(x, ord)
       ORDER BY e.ord
       RETURNING id`,
      [JSON.stringify(items), target.deptId, target.productId, user.userId, user.username],
    );
    // Ids come from one sequence in insertion (ord) order.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await em.query(
      `INSERT INTO manuscript_column (manuscript_id, column_id)
       SELECT m, c FROM unnest($1::int[]) AS m CROSS JOIN unnest($2::int[]) AS c`,
      [ids, target.columnIds],
    );
    return ids;
  }

  /** Records `fileId` as version `version` of a manuscript and attaches the file to it. */
  async addVersion(em: EntityManager, manuscriptId: number, fileId: number, version: number, user: Principal): Promise<void> {
    await em.query(
      `INSERT INTO manuscript_file (manuscript_id, file_id, version, create_by, update_by) VALUES ($1, $2, $3, $4, $4)`,
      [manuscriptId, fileId, version, user.username],
    );
    await this.files.attach(em, [fileId], 'manuscript', manuscriptId);
  }

  /** Rows by id (in the given order; unknown ids dropped), `content` included when asked. */
  async rows(ids: number[], withContent = false, db: Db = this.db): Promise<ManuscriptRow[]> {
    if (!ids.length) return [];
    const rows: ManuscriptRow[] = await db.query(`${ROW_SELECT}${withContent ? ', m.content' : ''} ${ROW_FROM} WHERE m.id = ANY($1::int[])`, [ids]);
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
      this.db.query(
        `SELECT mc.manuscript_id AS "manuscriptId", c.id, c.name FROM manuscript_column mc JOIN product_column c ON c.id = mc.column_id
         WHERE mc.manuscript_id = ANY($1::int[]) ORDER BY c.sort, c.id`,
        [ids],
      ) as Promise<Array<{ manuscriptId: number; id: number; name: string }>>,
      authorIds.length
        ? (this.db.query('SELECT id, nick_name AS "nickName" FROM sys_user WHERE id = ANY($1::int[])', [authorIds]) as Promise<Array<{ id: number; nickName: string | null }>>)
        : Promise.resolve([]),
      fileIds.length ? this.files.findDtos(fileIds) : Promise.resolve([]),
    ]);
    const columns = new Map<number, IdName[]>();
    for (const c of columnRows) {
      const list = columns.get(c.manuscriptId) ?? [];
      list.push({ id: c.id, name: c.name });
      columns.set(c.manuscriptId, list);
    }
    const authors = new Map(authorRows.map((a) => [a.id, a.nickName]));
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

import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import { holds, record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { blankToNull } from '../../common/http/dto.js';
import { DEFAULT_PAGE_SIZE, likePattern, page, type Page, parseSort } from '../../common/http/list-query.js';
import type { StoredFileRow as StoredFile } from '../storage/index.js';
import {
  MANUSCRIPT_MESSAGES,
  type ManuscriptCreateDto,
  type ManuscriptDto,
  type ManuscriptQuery,
  type ManuscriptUpdateDto,
  type ManuscriptVersionDto,
  type UpdateAbstractsDto,
  type UpdateColumnDto,
  parseFields,
  UploadManuFields,
  UploadVersionFields,
} from './manuscript.dto.js';
import { ManuscriptStore, type ManuscriptRow } from './manuscript.store.js';
import { MANUSCRIPT } from './manuscript.policy.js';
import { FILE } from '../storage/index.js';

const SORT = { id: 'm.id', title: 'm.title', createTime: 'm.create_time', updateTime: 'm.update_time' };
const DEFAULT_SORT = ['createTime,desc'];

/**
 * Manuscript management (production-admin §2 "Manuscript management screens", §7 api/manuscript):
 * the tabbed list, one manuscript with its text, file versions, direct creation and local upload,
 * edits of fields / columns / abstract, deletion. It works on pool manuscripts only: the id of a
 * journal copy answers 404 like an unknown manuscript everywhere (docs/workbench-api.md).
 */
@Injectable()
export class ManuscriptsService {
  private readonly logger = new Logger(ManuscriptsService.name);

  constructor(private readonly store: ManuscriptStore) {}

  private get repo() {
    return this.store.repo;
  }

  /** `my` = mine, `dept` = my work department's, `all` = every department (admin / manuscript:admin). Copies picked into journals are not submissions. */
  async list(q: ManuscriptQuery, user: Principal): Promise<Page<ManuscriptDto>> {
    const where: string[] = ['m.journal_id IS NULL'];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const tab = q.tab ?? 'my';
    if (tab === 'my') where.push(`m.create_by_id = ${p(user.userId)}`);
    else if (tab === 'dept') {
      if (user.workDeptId == null) return page([], 0);
      where.push(`m.dept_id = ${p(user.workDeptId)}`);
    } else if (!holds(user.ability, 'manuscript:admin')) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.allTab);
    if (q.deptId !== undefined) where.push(`m.dept_id = ANY(${p(await this.repo.deptsWithDescendants([q.deptId]))}::int[])`);
    if (q.productId !== undefined) where.push(`m.product_id = ${p(q.productId)}`);
    if (q.title) where.push(`m.title ILIKE ${p(likePattern(q.title))}`);
    if (q.fromNews === '1') where.push('m.news_id IS NOT NULL');
    if (q.abstracts) {
      const like = p(likePattern(q.abstracts));
      where.push(`(m.abstracts ILIKE ${like} OR m.abstract_edit ILIKE ${like})`);
    }
    if (q.createBy) {
      if (/^\d{1,9}$/.test(q.createBy)) where.push(`m.create_by_id = ${p(Number(q.createBy))}`);
      else {
        const like = p(likePattern(q.createBy));
        where.push(`(u.username ILIKE ${like} OR u.nick_name ILIKE ${like} OR m.create_by ILIKE ${like})`);
      }
    }
    if (q.createTime) where.push(`m.create_time BETWEEN ${p(q.createTime[0])} AND ${p(q.createTime[1])}`);

    const orders = parseSort(q.sort, SORT, DEFAULT_SORT);
    const orderBy = [...orders.map((o) => `${o.expr} ${o.dir}`), ...(orders.some((o) => o.expr === SORT.id) ? [] : ['m.id DESC'])].join(', ');
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const offset = Math.min((q.page ?? 0) * size, Number.MAX_SAFE_INTEGER);
    const whereSql = `WHERE ${where.join(' AND ')}`;
    const [rows, total] = await this.repo.page(whereSql, params, orderBy, size, offset);
    return page(await this.store.toDtos(rows), total);
  }

  private async readable(id: number, user: Principal, withContent = false): Promise<ManuscriptRow> {
    const row = await this.store.one(id, withContent);
    if (!this.store.canRead(user, row)) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.allTab);
    return row;
  }

  async get(id: number, user: Principal): Promise<ManuscriptDto> {
    const [dto] = await this.store.toDtos([await this.readable(id, user, true)]);
    return dto;
  }

  /** File versions, newest first. */
  async versions(id: number, user: Principal): Promise<ManuscriptVersionDto[]> {
    await this.readable(id, user);
    const rows = await this.repo.versions(id);
    const files = rows.length ? await this.store.files.findDtos([...new Set(rows.map((r) => r.fileId))]) : [];
    const byId = new Map(files.map((f) => [f.id, f]));
    return rows.map((r) => ({
      version: r.version,
      file: (byId.get(r.fileId) as unknown as ManuscriptVersionDto['file']) ?? null,
      createTime: r.createTime,
      createBy: r.createBy,
    }));
  }

  /**
   * A stored Word file not attached to any record yet (POST with `fileId`), uploaded by the caller:
   * someone else's upload cannot be claimed by knowing its id (it reads as missing).
   */
  private async checkFreeWordFile(fileId: number, user: Principal, em: EntityManager): Promise<void> {
    const file = await this.store.files.lockForClaim(em, fileId);
    if (!file || !user.ability.can('claim', record(FILE, { handlerId: file.handlerId }))) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.fileMissing, ErrorCode.Validation);
    if (file.type !== 'word') throw DomainException.badRequest(MANUSCRIPT_MESSAGES.wordOnly, ErrorCode.Validation);
    if (file.formId != null) throw DomainException.conflict('文件已被其他记录使用', ErrorCode.InUse);
  }

  /** `POST api/manuscript`: written text (`content`) and/or an uploaded Word file (`fileId`, version 1). */
  async create(dto: ManuscriptCreateDto, user: Principal): Promise<ManuscriptDto> {
    const deptId = this.store.submitDept(user, undefined);
    const id = await this.repo.transaction(async (em) => {
      const columnIds = await this.store.checkTarget(dto.productId, dto.productList, em);
      await this.store.checkAuthors(dto.authorIds, em);
      if (dto.fileId !== undefined) await this.checkFreeWordFile(dto.fileId, user, em);
      const [created] = await this.store.insertMany(
        em,
        [
          {
            title: dto.title,
            content: dto.content || null,
            abstracts: dto.abstracts,
            memo: dto.memo || null,
            contentType: dto.contentType || null,
            domainType: dto.domainType || null,
            country: dto.country || null,
            firstAuthor: dto.firstAuthor,
            authorIds: dto.authorIds,
            newsId: null,
            fileId: dto.fileId ?? null,
          },
        ],
        { productId: dto.productId, columnIds, deptId },
        user,
      );
      if (dto.fileId !== undefined) await this.store.addVersion(em, created, dto.fileId, 1, user);
      return created;
    });
    return this.store.dto(id);
  }

  /**
   * `POST api/manuscript/uploadManu`: the Word file is streamed to storage first, then the fields are
   * checked (a refusal removes the stored file). With `manuId` the file is a new version of that
   * manuscript (its submitter or `manuscript:edit`); otherwise a new local-upload manuscript.
   */
  async upload(req: Request, user: Principal): Promise<ManuscriptDto> {
    const { file, fields } = await this.store.files.receive(req, user, { wordOnly: true, formType: 'manuscript', formId: null });
    let id: number;
    try {
      id = fields.manuId !== undefined && fields.manuId.trim() !== '' ? await this.newVersion(file, fields, user) : await this.uploadNew(file, fields, user);
    } catch (e) {
      await this.store.files.discard(file).catch((err: unknown) => this.logger.error(`could not remove refused upload ${file.id}: ${String(err)}`));
      throw e;
    }
    return this.store.dto(id);
  }

  private async uploadNew(file: StoredFile, fields: Record<string, string>, user: Principal): Promise<number> {
    const f = await parseFields(UploadManuFields, fields);
    const deptId = this.store.submitDept(user, f.deptId);
    return this.repo.transaction(async (em) => {
      const columnIds = await this.store.checkTarget(f.productId, f.productList, em);
      await this.store.checkAuthors(f.authorIds, em);
      const [id] = await this.store.insertMany(
        em,
        [
          {
            title: f.title,
            content: null,
            abstracts: f.abstracts,
            memo: f.memo || null,
            contentType: null,
            domainType: null,
            country: null,
            firstAuthor: f.firstAuthor,
            authorIds: f.authorIds,
            newsId: null,
            fileId: file.id,
          },
        ],
        { productId: f.productId, columnIds, deptId },
        user,
      );
      await this.store.addVersion(em, id, file.id, 1, user);
      return id;
    });
  }

  private async newVersion(file: StoredFile, fields: Record<string, string>, user: Principal): Promise<number> {
    const { manuId } = await parseFields(UploadVersionFields, fields);
    const row = await this.store.one(manuId);
    if (!user.ability.can('update', record(MANUSCRIPT, { createById: row.createById }))) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.notOwner);
    await this.repo.transaction(async (em) => {
      if (!(await this.repo.lock(em, manuId))) throw DomainException.notFound(MANUSCRIPT_MESSAGES.notFound);
      const v = await this.repo.nextVersion(em, manuId);
      await this.repo.setCurrentFile(em, manuId, file.id, v, user.username);
      await this.store.addVersion(em, manuId, file.id, v, user);
    });
    return manuId;
  }

  /** `PUT api/manuscript`: omitted fields keep their value, null / '' clears an optional one. */
  async update(dto: ManuscriptUpdateDto, user: Principal): Promise<void> {
    await this.store.one(dto.id);
    await this.store.checkAuthors(dto.authorIds);
    // undefined = omitted (kept); the repository leaves those columns out and stamps update_time
    await this.repo.update(dto.id, {
      title: dto.title,
      memo: blankToNull(dto.memo),
      firstAuthor: dto.firstAuthor,
      authorIds: dto.authorIds,
      abstracts: dto.abstracts,
      abstractEdit: blankToNull(dto.abstractEdit),
      contentType: blankToNull(dto.contentType),
      domainType: blankToNull(dto.domainType),
      country: blankToNull(dto.country),
      updateBy: user.username,
    });
  }

  /**
   * `PUT api/manuscript/updateColumn`: replaces the columns (enabled columns of the manuscript's
   * product). The manuscript row is locked first, so simultaneous replacements run one after the
   * other (the last one wins) instead of mixing their rows or failing on the key.
   */
  async updateColumn(dto: UpdateColumnDto, user: Principal): Promise<void> {
    await this.repo.transaction(async (em) => {
      const row = await this.repo.lockProduct(em, dto.id);
      if (!row) throw DomainException.notFound(MANUSCRIPT_MESSAGES.notFound);
      const columnIds = await this.store.checkTarget(row.productId, dto.productList, em);
      await this.repo.replaceColumns(em, dto.id, columnIds, user.username);
    });
  }

  /** `PUT api/manuscript/updateAbstracts`: `manuscript:edit`, or the submitter. */
  async updateAbstracts(dto: UpdateAbstractsDto, user: Principal): Promise<void> {
    const row = await this.store.one(dto.id);
    if (!user.ability.can('update', record(MANUSCRIPT, { createById: row.createById }))) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.notOwner);
    await this.repo.updateAbstracts(dto.id, dto.abstracts, user.username);
  }

  /**
   * `DELETE api/manuscript`: `manuscript:del`, or the submitter for their own (all or nothing).
   * The rows are locked before their files are read, so a new version uploaded meanwhile is either
   * refused (the manuscript is gone) or seen here. Columns and versions go with the row; files no
   * record refers to any more are removed from storage.
   */
  async delete(ids: number[], user: Principal): Promise<void> {
    const fileIds = await this.repo.transaction(async (em) => {
      const rows = await this.repo.lockMany(em, ids);
      if (!rows.length) throw DomainException.notFound(MANUSCRIPT_MESSAGES.notFound);
      if (rows.some((r) => !user.ability.can('delete', record(MANUSCRIPT, { createById: r.createById })))) throw DomainException.forbidden(MANUSCRIPT_MESSAGES.notOwner);
      return this.repo.deleteMany(em, rows.map((r) => r.id));
    });
    // Files a journal copy, a product or a journal version still refers to are kept.
    await this.store.files.discardUnused(fileIds).catch((err: unknown) => this.logger.error(`could not remove the files of deleted manuscripts: ${String(err)}`));
  }
}

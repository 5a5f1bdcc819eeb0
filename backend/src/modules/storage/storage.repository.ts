import { Injectable } from '@nestjs/common';
import { withAdvisoryLock } from '../../common/database/advisory-lock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { FileQuery, FormFilesQuery, FormHandlerFilesQuery } from './file.dto.js';
import { StoredFile } from './file.entity.js';

const SORT = {
  id: 'f.id',
  name: 'f.name',
  realName: 'f.realName',
  suffix: 'f.suffix',
  type: 'f.type',
  size: 'f.size',
  handlerName: 'f.handlerName',
  handlerDate: 'f.handlerDate',
  createTime: 'f.createTime',
};

/**
 * The records that refer to stored files: a product's template, journal versions, manuscripts and
 * their versions. A referenced file cannot be deleted.
 */
const IN_USE_SQL = `
  SELECT f.id FROM unnest($1::int[]) AS f(id)
  WHERE EXISTS (SELECT 1 FROM product_setting WHERE template_file_id = f.id)
     OR EXISTS (SELECT 1 FROM product_journal_file WHERE file_id = f.id)
     OR EXISTS (SELECT 1 FROM manuscript WHERE file_id = f.id)
     OR EXISTS (SELECT 1 FROM manuscript_file WHERE file_id = f.id)`;

/** Every query of the storage module (`sys_file`); FilesService holds the rules. */
@Injectable()
export class StorageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(StoredFile);
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  insert(values: Partial<StoredFile>): Promise<StoredFile> {
    return this.repo.save(this.repo.create(values));
  }

  save(file: StoredFile): Promise<StoredFile> {
    return this.repo.save(file);
  }

  findById(id: number): Promise<StoredFile | null> {
    return this.repo.findOneBy({ id });
  }

  findByIds(ids: number[]): Promise<StoredFile[]> {
    return this.repo.findBy({ id: In(ids) });
  }

  /** The oldest file with these bytes (exchange import: files by content). */
  findBySha256(sha256: string): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { sha256 }, order: { id: 'ASC' } });
  }

  async deleteById(id: number): Promise<void> {
    await this.repo.delete({ id });
  }

  async rename(id: number, name: string): Promise<void> {
    await this.repo.update({ id }, { name });
  }

  /** Points the files at a record (in the caller's transaction); the number of rows updated, when known. */
  async attach(em: EntityManager, ids: number[], formType: string, formId: number): Promise<number | undefined> {
    const result = await em.createQueryBuilder().update(StoredFile).set({ formType, formId }).whereInIds(ids).execute();
    return result.affected;
  }

  /** The files, locked for update (in the caller's transaction); `ordered` sorts them by id. */
  lockByIds(em: EntityManager, ids: number[], ordered = false): Promise<StoredFile[]> {
    const qb = em.createQueryBuilder(StoredFile, 'f').setLock('pessimistic_write').where('f.id IN (:...ids)', { ids });
    if (ordered) qb.orderBy('f.id');
    return qb.getMany();
  }

  /** Which of `ids` a product, journal version, manuscript or manuscript version refers to. */
  async inUse(em: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await em.query(IN_USE_SQL, [ids]);
    return new Set(rows.map((r) => r.id));
  }

  async deleteByIds(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(StoredFile, { id: In(ids) });
  }

  /**
   * Deletes up to `limit` pending records (a form type of `formTypes`, attached to nothing, created
   * before `before`, referred to by no record) in one statement; the rows deleted.
   */
  sweepPending(formTypes: readonly string[], before: Date, limit: number): Promise<Array<{ id: number; storageKey: string }>> {
    return this.db.query(
      `WITH gone AS (
         DELETE FROM sys_file f
          WHERE f.id IN (SELECT id FROM sys_file
                          WHERE form_id IS NULL AND form_type = ANY($1::varchar[]) AND create_time < $2
                          ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
            AND f.form_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM product_setting WHERE template_file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM product_journal_file WHERE file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM manuscript WHERE file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM manuscript_file WHERE file_id = f.id)
          RETURNING f.id, f.storage_key AS "storageKey")
       SELECT id, "storageKey" FROM gone`,
      [formTypes, before, limit],
    );
  }

  private filtered(q: FileQuery): SelectQueryBuilder<StoredFile> {
    const qb = this.repo.createQueryBuilder('f');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('f.name ILIKE :like', { like }).orWhere('f.realName ILIKE :like')));
    }
    if (q.createTime) qb.andWhere('f.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  /** A page of the filtered files and the total. */
  page(q: FileQuery): Promise<[StoredFile[], number]> {
    return applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
  }

  /** The filtered files for the export, newest first, at most EXPORT_MAX_ROWS. */
  exportRows(q: FileQuery): Promise<StoredFile[]> {
    return this.filtered(q).orderBy('f.id', 'DESC').take(EXPORT_MAX_ROWS).getMany();
  }

  /** The files of a record, newest first (at most 1000). */
  findByForm(q: FormFilesQuery | FormHandlerFilesQuery): Promise<StoredFile[]> {
    const qb = this.repo.createQueryBuilder('f').where('f.formId = :formId', { formId: q.formId });
    if (q.formType) qb.andWhere('f.formType = :formType', { formType: q.formType });
    if ('handlerId' in q && q.handlerId) qb.andWhere('f.handlerId = :handlerId', { handlerId: q.handlerId });
    return qb.orderBy('f.id', 'DESC').take(1000).getMany();
  }

  /** The file's type, record and uploader, locked for update (in the caller's transaction); undefined when it does not exist. */
  async lockForClaim(em: EntityManager, id: number): Promise<{ type: string; formType: string | null; formId: number | null; handlerId: number | null } | undefined> {
    const rows: Array<{ type: string; formType: string | null; formId: number | null; handlerId: number | null }> = await em.query(
      'SELECT type, form_type AS "formType", form_id AS "formId", handler_id AS "handlerId" FROM sys_file WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }

  /** Points `fileId` (none: null) at the record; another file of the record is released. */
  async linkForm(em: EntityManager, formType: string, formId: number, fileId: number | null): Promise<void> {
    await em.query('UPDATE sys_file SET form_type = NULL, form_id = NULL, update_time = now() WHERE form_type = $1 AND form_id = $2 AND id IS DISTINCT FROM $3', [
      formType,
      formId,
      fileId,
    ]);
    if (fileId !== null) await em.query('UPDATE sys_file SET form_type = $1, form_id = $2, update_time = now() WHERE id = $3', [formType, formId, fileId]);
  }

  /** Releases the files of these records (they become free uploads). */
  async releaseForms(em: EntityManager, formType: string, formIds: number[]): Promise<void> {
    await em.query('UPDATE sys_file SET form_type = NULL, form_id = NULL, update_time = now() WHERE form_type = $1 AND form_id = ANY($2::int[])', [formType, formIds]);
  }

  /**
   * Runs `fn` while holding the session advisory lock `key` on one connection; null (and `fn` not
   * run) when another session holds it.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T | null> {
    return withAdvisoryLock(this.db, key, fn);
  }
}

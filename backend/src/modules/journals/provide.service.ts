import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { JOURNAL_MESSAGES } from './journal.rules.js';
import { JournalsService } from './journals.service.js';
import {
  PROVIDE_MESSAGES,
  type ProvideColumnDto,
  type ProvideListQuery,
  type ProvideRowDto,
  type ProvideSaveAllDto,
  type ProvideSavedDto,
  type ProvideUpdateDto,
  type ProvideWriteDto,
} from './provide.dto.js';
import { type ProvideCountRow, ProvideRepository, type ProvideValue } from './provide.repository.js';

/** Groups the counts by column, keeping the order of the rows (columns by sort, then units by sort). */
export function groupByColumn(rows: ProvideCountRow[]): ProvideColumnDto[] {
  const columns = new Map<number, ProvideColumnDto>();
  for (const r of rows) {
    let column = columns.get(r.columnId);
    if (!column) columns.set(r.columnId, (column = { column: { id: r.columnId, name: r.columnName }, list: [] }));
    column.list.push({ id: r.id, dept: { id: r.deptId, name: r.deptName }, provideCount: r.provideCount });
  }
  return [...columns.values()];
}

/** The counts of a `saveAll` body as rows to store: one per (column, unit), the last one sent wins. */
export function flattenCounts(dto: Pick<ProvideSaveAllDto, 'list'>): ProvideValue[] {
  const byPair = new Map<string, ProvideValue>();
  for (const column of dto.list) {
    for (const unit of column.list) byPair.set(`${column.column.id}:${unit.dept.id}`, { columnId: column.column.id, deptId: unit.dept.id, provideCount: unit.provideCount });
  }
  return [...byPair.values()];
}

/**
 * Provider counts of a journal (spec production-admin §2 "provider counts", §3; docs/workbench-api.md
 * `api/productJournalProvide`): per column × providing unit, the stored count or, by default, the number
 * of the journal's copies of that column from that unit (their source unit, `dept_id`). Writes lock the
 * journal (`JournalsService.lockEditable`: 404, 403 PRODUCT_NOT_OWNED, 409 JOURNAL_DONE when done), so
 * none slips past a finalisation.
 */
@Injectable()
export class ProvideService {
  constructor(
    private readonly repo: ProvideRepository,
    private readonly journals: JournalsService,
  ) {}

  /** `GET list`: 404 `期刊不存在`. `productId` is not needed: the journal names its product. */
  async list(q: ProvideListQuery): Promise<ProvideColumnDto[]> {
    if (!(await this.repo.journalExists(q.journalId))) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
    return groupByColumn(await this.repo.counts(q.journalId));
  }

  /** `POST saveAll`: stores every count of the body (upsert) → `{count}` rows stored. */
  saveAll(dto: ProvideSaveAllDto, user: Principal): Promise<ProvideSavedDto> {
    const values = flattenCounts(dto);
    return this.repo.transaction(async (em) => {
      const journal = await this.journals.lockEditable(em, dto.journal.id, user);
      await this.assertTargets(em, journal.productId, values);
      return { count: (await this.repo.upsert(em, journal.id, values, user.username)).length };
    });
  }

  /** `POST`: stores one count (replacing a stored one of the same column and unit) → the row. */
  async create(dto: ProvideWriteDto, user: Principal): Promise<ProvideRowDto> {
    const values = [{ columnId: dto.column.id, deptId: dto.dept.id, provideCount: dto.provideCount }];
    const [id] = await this.repo.transaction(async (em) => {
      const journal = await this.journals.lockEditable(em, dto.journal.id, user);
      await this.assertTargets(em, journal.productId, values);
      return this.repo.upsert(em, journal.id, values, user.username);
    });
    const row = (await this.repo.row(id))!;
    return { id: row.id, column: { id: row.columnId, name: row.columnName }, dept: { id: row.deptId, name: row.deptName }, provideCount: row.provideCount };
  }

  /** `PUT {id, provideCount}`: 404 `提供数量记录不存在`. */
  async update(dto: ProvideUpdateDto, user: Principal): Promise<void> {
    await this.repo.transaction(async (em) => {
      const [journalId] = await this.repo.journalsOf(em, [dto.id]);
      if (journalId === undefined) throw DomainException.notFound(PROVIDE_MESSAGES.notFound);
      await this.journals.lockEditable(em, journalId, user);
      // gone since it was looked up (deleted by a racing call): the same answer
      if (!(await this.repo.updateCount(em, dto.id, dto.provideCount, user.username))) throw DomainException.notFound(PROVIDE_MESSAGES.notFound);
    });
  }

  /** `DELETE [ids]`: the counts go back to the default; 404 when none of them exists; all or nothing. */
  async delete(ids: number[], user: Principal): Promise<void> {
    await this.repo.transaction(async (em) => {
      const journalIds = await this.repo.journalsOf(em, ids);
      if (!journalIds.length) throw DomainException.notFound(PROVIDE_MESSAGES.notFound);
      for (const journalId of journalIds) await this.journals.lockEditable(em, journalId, user);
      await this.repo.remove(em, ids);
    });
  }

  /** 400 unless every column is one of the journal's product and every unit exists. */
  private async assertTargets(em: EntityManager, productId: number, values: ProvideValue[]): Promise<void> {
    const columnIds = [...new Set(values.map((v) => v.columnId))];
    const deptIds = [...new Set(values.map((v) => v.deptId))];
    if (!columnIds.length) return;
    const columns = await this.repo.columnsOf(em, productId, columnIds);
    if (columnIds.some((id) => !columns.has(id))) throw DomainException.badRequest(PROVIDE_MESSAGES.columnNotOfProduct, ErrorCode.Validation);
    const depts = await this.repo.existingDepts(em, deptIds);
    if (deptIds.some((id) => !depts.has(id))) throw DomainException.badRequest(PROVIDE_MESSAGES.deptNotFound, ErrorCode.Validation);
  }
}

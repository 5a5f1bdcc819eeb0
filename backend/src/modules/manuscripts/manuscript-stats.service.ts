import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { safeCell } from '../../common/http/export.js';
import { formatDay, parseDay } from '../../common/time/day.js';
import { parseDateTime } from '../../common/time/time.js';
import { FileLinkService } from '../storage/index.js';
import { type DailyCountDto, type IdName, MANUSCRIPT_MESSAGES, type StatisticQuery } from './manuscript.dto.js';
import type { PeriodCountRow } from './manuscript.repository.js';
import { ManuscriptStore } from './manuscript.store.js';
import { buildStatisticDocument } from './statistic-document.js';

const DAY_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * A report day: a calendar day `yyyy-MM-dd` (a time part, as clients append ` 00:00:00`, is ignored,
 * unlike the strict `parseDay`) → its first and last instant in the server's zone; undefined for
 * anything else, including days that do not exist and days the zone cannot place (its first instant
 * does not read back as the day: the far past, 9999-12-31).
 */
export function statDay(value: string | undefined): { day: string; from: Date; to: Date } | undefined {
  const m = value ? DAY_TIME.exec(value.trim()) : null;
  const day = m ? parseDay(m[1]) : undefined;
  if (!day) return undefined;
  const from = parseDateTime(day);
  const to = parseDateTime(day, true);
  if (!from || !to || formatDay(from) !== day) return undefined;
  return { day, from, to };
}

export interface StatisticSheet {
  productName: string;
  startDate: string;
  endDate: string;
  columns: IdName[];
  /** Departments with their count per column id. */
  depts: Array<{ name: string; counts: Map<number, number> }>;
}

/**
 * The statistics report: a title row, then 单位 × the product's columns with a 合计 column (the row's
 * sum) and a 合计 row (the column sums and the grand total).
 */
export async function buildStatisticWorkbook(s: StatisticSheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('稿件统计');
  const width = s.columns.length + 2;
  sheet.addRow([safeCell(`${s.productName} 稿件统计（${s.startDate} 至 ${s.endDate}）`)]);
  sheet.mergeCells(1, 1, 1, width);
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.getRow(1).alignment = { horizontal: 'center' };
  sheet.addRow(['单位', ...s.columns.map((c) => safeCell(c.name)), '合计']);
  sheet.getRow(2).font = { bold: true };
  const columnTotals = s.columns.map(() => 0);
  for (const dept of s.depts) {
    const counts = s.columns.map((c) => dept.counts.get(c.id) ?? 0);
    counts.forEach((n, i) => (columnTotals[i] += n));
    sheet.addRow([safeCell(dept.name), ...counts, counts.reduce((a, b) => a + b, 0)]);
  }
  const total = sheet.addRow(['合计', ...columnTotals, columnTotals.reduce((a, b) => a + b, 0)]);
  total.font = { bold: true };
  sheet.getColumn(1).width = 24;
  for (let i = 2; i <= width; i++) sheet.getColumn(i).width = Math.max(10, (s.columns[i - 2]?.name.length ?? 2) * 2 + 4);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Daily counts (`calculate`) and the per-period statistics report (`generateStatistic`). Journal copies are not submissions. */
@Injectable()
export class ManuscriptStatsService {
  constructor(
    private readonly store: ManuscriptStore,
    private readonly links: FileLinkService,
  ) {}

  /** Manuscripts created on `date` (default today, server zone) by product and department. */
  async calculate(date: string | undefined): Promise<DailyCountDto[]> {
    const day = statDay(date ?? formatDay(new Date()));
    if (!day || (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.badDate, ErrorCode.Validation);
    const rows = await this.store.repo.dailyCounts(day.from, day.to);
    const byProduct = new Map<number, DailyCountDto>();
    for (const r of rows) {
      let entry = byProduct.get(r.productId);
      if (!entry) byProduct.set(r.productId, (entry = { product: { id: r.productId, name: r.productName }, total: 0, counts: [] }));
      entry.total += r.count;
      entry.counts.push({ dept: { id: r.deptId, name: r.deptName }, count: r.count });
    }
    return [...byProduct.values()].sort((a, b) => b.total - a.total || a.product.name.localeCompare(b.product.name) || a.product.id - b.product.id);
  }

  /**
   * The statistics report of a product over `startDate`..`endDate` (days inclusive): manuscripts per
   * column × department, stored as an xlsx (form type `report`) and answered as the capability path
   * of that file (`/files/<capability>/<name>`, docs/workbench-api.md: the spec's client appends it to
   * its file base URL).
   */
  async generateStatistic(q: StatisticQuery, user: Principal): Promise<string> {
    const docx = q.format === 'docx';
    if (q.productId === undefined) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.product, ErrorCode.Validation);
    const start = statDay(q.startDate);
    if (!start) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.startDate, ErrorCode.Validation);
    const end = statDay(q.endDate);
    if (!end) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.endDate, ErrorCode.Validation);
    if (start.day > end.day) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.dateOrder, ErrorCode.Validation);
    const products = await this.store.repo.productName(q.productId);
    if (!products.length) throw DomainException.notFound(MANUSCRIPT_MESSAGES.productMissing);
    const [columns, counts] = await Promise.all([this.store.repo.productColumns(q.productId), this.store.repo.columnDeptCounts(q.productId, start.from, end.to)]);
    const counted = new Set(counts.map((c) => c.columnId));
    const depts = new Map<number, { name: string; counts: Map<number, number> }>();
    for (const c of counts) {
      let dept = depts.get(c.deptId);
      if (!dept) depts.set(c.deptId, (dept = { name: c.deptName ?? `部门 ${c.deptId}`, counts: new Map() }));
      dept.counts.set(c.columnId, c.count);
    }
    const productName = products[0].name;
    const sheet: StatisticSheet = {
      productName,
      startDate: start.day,
      endDate: end.day,
      // Disabled columns only when they hold manuscripts of the period.
      columns: columns.filter((c) => c.status || counted.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
      depts: [...depts.values()],
    };
    const buffer = docx ? await buildStatisticDocument(sheet) : await buildStatisticWorkbook(sheet);
    const name = `${productName}稿件统计${docx ? '报告' : ''}_${start.day}_${end.day}.${docx ? 'docx' : 'xlsx'}`;
    const file = await this.store.files.saveBuffer(buffer, name, user, { formType: 'report' });
    return this.links.forFile(user, file.id);
  }

  /**
   * Manuscripts (not journal copies) created in [from, to] per product and per department or column,
   * within `depts` (null = all) and optionally one product: the statistics page (docs/statistics.md).
   */
  periodCounts(from: Date, to: Date, by: 'dept' | 'column', depts: number[] | null, productId: number | null): Promise<PeriodCountRow[]> {
    return this.store.repo.periodCounts(from, to, by, depts, productId);
  }
}

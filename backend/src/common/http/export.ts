import { StreamableFile } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { formatDateTime } from '../time/time.js';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  width?: number;
}

/** Cells starting with = + - @ tab or CR would be formulas in a spreadsheet: prefix a quote. */
export function safeCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const EXPORT_MAX_ROWS = 50_000;

/** One sheet of a workbook: its tab title (≤ 31 characters kept), columns and rows. */
export interface ExportSheet<T> {
  title: string;
  columns: ExportColumn<T>[];
  rows: T[];
}

/** Builds an xlsx with Chinese headers and answers it as an attachment. */
export function xlsxFile<T>(title: string, columns: ExportColumn<T>[], rows: T[]): Promise<StreamableFile> {
  return xlsxBook(title, [{ title, columns, rows }]);
}

/** An xlsx of several sheets (e.g. every figure of a statistics screen), named `title`.xlsx. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has its own row type
export async function xlsxBook(title: string, sheets: Array<ExportSheet<any>>): Promise<StreamableFile> {
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.title.slice(0, 31));
    sheet.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length * 3) }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow(s.columns.map((c) => safeCell(c.value(row))));
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return new StreamableFile(buffer, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;charset=utf-8',
    disposition: `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(title)}.xlsx`,
    length: buffer.length,
  });
}

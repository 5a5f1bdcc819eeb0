import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { setTimeZone } from '../time/time.js';
import { safeCell, xlsxFile } from './export.js';

describe('safeCell', () => {
  beforeAll(() => setTimeZone('Asia/Shanghai'));

  it('keeps numbers, booleans and empty values', () => {
    expect(safeCell(42)).toBe(42);
    expect(safeCell(-1.5)).toBe(-1.5);
    expect(safeCell(false)).toBe(false);
    expect(safeCell(null)).toBeNull();
    expect(safeCell(undefined)).toBeNull();
  });

  it('writes dates as yyyy-MM-dd HH:mm:ss in the configured zone', () => {
    expect(safeCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 11:04:05');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=x', '\r=x', '=HYPERLINK("http://evil","x")']) {
      expect(safeCell(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone', () => {
    expect(safeCell('张三')).toBe('张三');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell('')).toBe('');
    expect(safeCell({ toString: () => '=x' })).toBe("'=x");
  });
});

describe('xlsxFile', () => {
  it('answers an xlsx attachment with bold Chinese headers and safe cells', async () => {
    const file = await xlsxFile('用户数据', [
      { header: '用户名', value: (r: { name: string; n: number }) => r.name },
      { header: '数量', value: (r) => r.n },
    ], [
      { name: 'alice', n: 1 },
      { name: '=evil()', n: 2 },
    ]);
    const headers = file.getHeaders();
    expect(headers.type).toContain('spreadsheetml');
    expect(headers.disposition).toContain('attachment');
    expect(headers.disposition).toContain(encodeURIComponent('用户数据'));
    const chunks: Buffer[] = [];
    for await (const chunk of file.getStream() as Readable) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    expect(buffer.subarray(0, 2).toString()).toBe('PK');
    expect(headers.length).toBe(buffer.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('用户数据');
    expect(sheet.getRow(1).values).toEqual([undefined, '用户名', '数量']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(3).values).toEqual([undefined, "'=evil()", 2]);
  });
});

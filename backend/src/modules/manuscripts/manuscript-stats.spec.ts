import ExcelJS from 'exceljs';
import { formatDateTime } from '../../common/time/time.js';
import { buildStatisticWorkbook, statDay } from './manuscript-stats.service.js';

describe('statDay', () => {
  it('takes yyyy-MM-dd (a time part is ignored) as the whole day in the server zone', () => {
    const d = statDay('2026-03-05')!;
    expect(d.day).toBe('2026-03-05');
    expect(formatDateTime(d.from)).toBe('2026-03-05 00:00:00');
    expect(formatDateTime(d.to)).toBe('2026-03-05 23:59:59');
    expect(d.to.getTime() - d.from.getTime()).toBe(86_400_000 - 1);
    expect(statDay('2026-03-05 00:00:00')!.day).toBe('2026-03-05');
    expect(statDay(' 2026-03-05T23:59 ')!.day).toBe('2026-03-05');
  });

  it('refuses what is not a day', () => {
    for (const bad of [undefined, '', 'x', '2026-3-5', '2026-02-30', '2026-13-01', '20260305', '2026-03-05T', '9999-12-31']) expect(statDay(bad)).toBeUndefined();
  });
});

describe('buildStatisticWorkbook', () => {
  it('lays out departments × columns with row and column totals', async () => {
    const buffer = await buildStatisticWorkbook({
      productName: '国际周刊',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      columns: [
        { id: 11, name: '要闻' },
        { id: 12, name: '=综述' },
      ],
      depts: [
        { name: '新闻中心', counts: new Map([[11, 2], [12, 1]]) },
        { name: '出版中心', counts: new Map([[12, 4]]) },
      ],
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('国际周刊 稿件统计（2026-03-01 至 2026-03-31）');
    // A column name that looks like a formula stays text.
    expect(values(2)).toEqual(['单位', '要闻', "'=综述", '合计']);
    expect(values(3)).toEqual(['新闻中心', 2, 1, 3]);
    expect(values(4)).toEqual(['出版中心', 0, 4, 4]);
    expect(values(5)).toEqual(['合计', 2, 5, 7]);
  });

  it('still answers a sheet when nothing was submitted', async () => {
    const buffer = await buildStatisticWorkbook({ productName: 'P', startDate: '2026-01-01', endDate: '2026-01-01', columns: [{ id: 1, name: 'A' }], depts: [] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(3).values as unknown[]).slice(1)).toEqual(['合计', 0, 0]);
  });
});

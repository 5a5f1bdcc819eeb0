import { docxText } from '../../common/docx/index.js';
import type { StatisticSheet } from './manuscript-stats.service.js';
import { buildStatisticDocument, statisticSummary } from './statistic-document.js';

const sheet: StatisticSheet = {
  productName: '国际周刊',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  columns: [
    { id: 11, name: '要闻' },
    { id: 12, name: '综述' },
  ],
  depts: [
    { name: '编辑部', counts: new Map([[11, 2]]) },
    { name: '国际部', counts: new Map([[11, 1], [12, 4]]) },
  ],
};

describe('statisticSummary', () => {
  it('sums columns and departments and names the largest', () => {
    expect(statisticSummary(sheet)).toEqual({
      total: 7,
      columnTotals: [3, 4],
      deptTotals: [2, 5],
      topColumn: { name: '综述', count: 4 },
      topDept: { name: '国际部', count: 5 },
    });
  });

  it('names nothing when the period is empty', () => {
    expect(statisticSummary({ ...sheet, depts: [] })).toMatchObject({ total: 0, topColumn: null, topDept: null });
  });
});

describe('buildStatisticDocument', () => {
  it('writes the title, the summary sentence and the table with totals', async () => {
    const text = (await docxText(await buildStatisticDocument(sheet))).paragraphs.join('\n');
    expect(text).toContain('国际周刊 稿件统计报告');
    expect(text).toContain('统计周期 2026-03-01 至 2026-03-31，共 2 个单位投稿，稿件计数 7 篇');
    expect(text).toContain('投稿最多的栏目是「综述」（4 篇），投稿最多的单位是「国际部」（5 篇）。');
    expect(text).toMatch(/国际部.*1.*4.*5/);
    expect(text).toMatch(/合计.*3.*4.*7/);
  });

  it('says so when nobody submitted', async () => {
    const text = (await docxText(await buildStatisticDocument({ ...sheet, depts: [] }))).paragraphs.join('\n');
    expect(text).toContain('本周期内没有投稿。');
  });
});

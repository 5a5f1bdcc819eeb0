import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { StatisticSheet } from './manuscript-stats.service.js';

/** The figures a statistics report states in words: totals per column and department, and the largest of each. */
export interface StatisticSummary {
  /** Sum of the table's cells (a manuscript in two columns counts in each, as in the xlsx). */
  total: number;
  columnTotals: number[];
  deptTotals: number[];
  topColumn: { name: string; count: number } | null;
  topDept: { name: string; count: number } | null;
}

/** Totals of a report sheet; the largest column and department (the first of equals), none when all are 0. */
export function statisticSummary(s: StatisticSheet): StatisticSummary {
  const columnTotals = s.columns.map((c) => s.depts.reduce((sum, d) => sum + (d.counts.get(c.id) ?? 0), 0));
  const deptTotals = s.depts.map((d) => s.columns.reduce((sum, c) => sum + (d.counts.get(c.id) ?? 0), 0));
  const top = (names: string[], counts: number[]) => {
    let best = -1;
    counts.forEach((n, i) => {
      if (n > 0 && (best < 0 || n > counts[best])) best = i;
    });
    return best < 0 ? null : { name: names[best], count: counts[best] };
  };
  return {
    total: columnTotals.reduce((a, b) => a + b, 0),
    columnTotals,
    deptTotals,
    topColumn: top(s.columns.map((c) => c.name), columnTotals),
    topDept: top(s.depts.map((d) => d.name), deptTotals),
  };
}

const cell = (text: string | number, bold = false) =>
  new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: String(text), bold })], alignment: typeof text === 'number' ? AlignmentType.RIGHT : AlignmentType.LEFT })] });

/**
 * The .docx summary of the statistics report (docs/statistics.md "统计报告"): title and period, a
 * paragraph with the totals and the largest column and department, then the 单位 × 栏目 table of the
 * xlsx with its 合计 row and column. Charts are not embedded: the table carries the same figures.
 */
export async function buildStatisticDocument(s: StatisticSheet): Promise<Buffer> {
  const sum = statisticSummary(s);
  const tops = [
    sum.topColumn && `投稿最多的栏目是「${sum.topColumn.name}」（${sum.topColumn.count} 篇）`,
    sum.topDept && `投稿最多的单位是「${sum.topDept.name}」（${sum.topDept.count} 篇）`,
  ].filter(Boolean);
  const words = `统计周期 ${s.startDate} 至 ${s.endDate}，共 ${s.depts.length} 个单位投稿，稿件计数 ${sum.total} 篇（一篇投多个栏目时各计一次）。${tops.length ? `${tops.join('，')}。` : ''}`;
  const header = new TableRow({ tableHeader: true, children: [cell('单位', true), ...s.columns.map((c) => cell(c.name, true)), cell('合计', true)] });
  const rows = s.depts.map((d, i) => new TableRow({ children: [cell(d.name), ...s.columns.map((c) => cell(d.counts.get(c.id) ?? 0)), cell(sum.deptTotals[i])] }));
  const totalRow = new TableRow({ children: [cell('合计', true), ...sum.columnTotals.map((n) => cell(n)), cell(sum.total)] });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: `${s.productName} 稿件统计报告`, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
          new Paragraph({ text: words, spacing: { after: 200 } }),
          new Paragraph({ text: '各单位各栏目稿件数', heading: HeadingLevel.HEADING_2 }),
          s.depts.length
            ? new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows, totalRow] })
            : new Paragraph('本周期内没有投稿。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

import { describe, expect, it } from 'vitest';
import type { JournalStats, ManuscriptStats } from './api';
import { durationParts, journalsOption, manuscriptsOption, throughputOption } from './statisticsOptions';

type Series = Array<{ name: string; data: number[]; stack?: string }>;

const manuscripts: ManuscriptStats = {
  startDate: '2026-11-01',
  endDate: '2026-11-28',
  by: 'dept',
  total: 9,
  groups: [
    { key: '1', label: '出版中心', count: 5 },
    { key: '2', label: '新闻中心', count: 3 },
    { key: '3', label: '编译部', count: 1 },
  ],
  products: [
    { productId: 10, productName: '周刊', total: 6, counts: { '1': 5, '3': 1 } },
    { productId: 11, productName: '日报', total: 3, counts: { '2': 3 } },
  ],
};

describe('manuscriptsOption', () => {
  it('stacks one series per group over the products', () => {
    const option = manuscriptsOption(manuscripts, '其他');
    expect((option.xAxis as { data: string[] }).data).toEqual(['周刊', '日报']);
    const series = option.series as Series;
    expect(series.map((s) => [s.name, s.data, s.stack])).toEqual([
      ['出版中心', [5, 0], 'manuscripts'],
      ['新闻中心', [0, 3], 'manuscripts'],
      ['编译部', [1, 0], 'manuscripts'],
    ]);
  });

  it('folds the groups beyond `top` into 其他', () => {
    const series = manuscriptsOption(manuscripts, '其他', 1).series as Series;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['出版中心', [5, 0]],
      ['其他', [1, 3]],
    ]);
  });
});

describe('throughputOption', () => {
  it('puts claimed, submitted and reviewed side by side per person', () => {
    const option = throughputOption(
      [
        { userId: 1, name: 'translator', claimed: 3, submitted: 2, reviewed: 0, translatorMedianMinutes: 60, reviewerMedianMinutes: null },
        { userId: 2, name: null, claimed: 0, submitted: 0, reviewed: 2, translatorMedianMinutes: null, reviewerMedianMinutes: 30 },
      ],
      { claimed: '认领', submitted: '提交', reviewed: '审核' },
      '未知',
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['translator', '未知']);
    expect((option.series as Series).map((s) => [s.name, s.data])).toEqual([
      ['认领', [3, 0]],
      ['提交', [2, 0]],
      ['审核', [0, 2]],
    ]);
  });
});

describe('journalsOption', () => {
  it('stacks the statuses in the server order', () => {
    const stats: JournalStats = {
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      states: ['edit', 'submit', 'done', 'review'],
      total: 3,
      products: [{ productId: 10, productName: '周刊', total: 3, edit: 1, submit: 0, done: 2, review: 0 }],
    };
    const series = journalsOption(stats, { edit: '编辑审核中', submit: '已提交', done: '已完成', review: '更正版' }).series as Series;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['编辑审核中', [1]],
      ['已提交', [0]],
      ['已完成', [2]],
      ['更正版', [0]],
    ]);
  });
});

describe('durationParts', () => {
  it('picks minutes, hours or days', () => {
    expect(durationParts(42.25)).toEqual({ unit: 'minutes', n: 42.3 });
    expect(durationParts(90)).toEqual({ unit: 'hours', n: 1.5 });
    expect(durationParts(3 * 1440)).toEqual({ unit: 'days', n: 3 });
  });
});

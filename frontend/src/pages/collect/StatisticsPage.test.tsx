import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type DataProvider, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../resources/shared/testUtils';
import { StatisticsPage } from './StatisticsPage';
import { type CollectStats, dayRange, perDayOption } from './statsOptions';

// jsdom has no canvas: the chart instances are fakes that record their options.
const charts = vi.hoisted(() => [] as Array<{ element: HTMLElement; setOption: ReturnType<typeof vi.fn>; dispose: ReturnType<typeof vi.fn> }>);
vi.mock('../../components/charts/echarts', () => ({
  echarts: {
    init: (element: HTMLElement) => {
      const chart = { element, setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
      charts.push(chart);
      return chart;
    },
  },
}));

const STATS: CollectStats = {
  days: 7,
  from: '2026-11-22',
  to: '2026-11-28',
  perDay: [
    { day: '2026-11-27', webId: 1, webName: '新华网', count: 5 },
    { day: '2026-11-28', webId: 1, webName: '新华网', count: 3 },
    { day: '2026-11-28', webId: 2, webName: 'Reuters', count: 4 },
  ],
  byLanguage: [
    { language: 'zh', count: 8 },
    { language: null, count: 1 },
  ],
  byCountry: [{ country: '中国', count: 8 }],
  errorsPerDay: [{ day: '2026-11-26', count: 2 }],
  slowest: [{ webId: 2, name: 'Reuters', avgMs: 2300, p95Ms: 4100, runs: 12 }],
  silent: [{ webId: 3, name: '沉默站', lastItemAt: null }],
  topKeywords: [
    { keyword: '美联储', count: 9 },
    { keyword: '利率', count: 4 },
  ],
};

const EMPTY: CollectStats = { ...STATS, perDay: [], byLanguage: [], byCountry: [], errorsPerDay: [], slowest: [], silent: [], topKeywords: [] };

function setup(answer: (days: number) => CollectStats) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (path: string) => ({ data: answer(Number(new URL(path, 'http://x/').searchParams.get('days'))) })),
  };
  render(
    <AdminContext dataProvider={provider as unknown as DataProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
      <StatisticsPage />
    </AdminContext>,
  );
  return provider;
}

afterEach(() => {
  charts.length = 0;
});

describe('StatisticsPage', () => {
  it('draws the charts, tables and keywords of one request', async () => {
    const provider = setup(() => STATS);
    await screen.findByText('美联储 · 9');
    expect(provider.call.mock.calls.map(([path]) => path)).toEqual(['api/collectStatistic?days=7']);
    const labels = charts.map((c) => c.element.getAttribute('aria-label'));
    expect(labels).toEqual(['每天采集条目（按数据源）', '语言分布', '国家或地区分布', '每天失败次数']);
    const perDay = charts[0].setOption.mock.calls[0][0] as { series: Array<{ name: string; data: number[]; stack: string }>; xAxis: { data: string[] } };
    expect(perDay.xAxis.data).toEqual(['11-22', '11-23', '11-24', '11-25', '11-26', '11-27', '11-28']);
    expect(perDay.series.map((s) => [s.name, s.data])).toEqual([
      ['新华网', [0, 0, 0, 0, 0, 5, 3]],
      ['Reuters', [0, 0, 0, 0, 0, 0, 4]],
    ]);
    const pie = charts[1].setOption.mock.calls[0][0] as { series: Array<{ data: Array<{ name: string; value: number }> }> };
    expect(pie.series[0].data).toEqual([
      { name: 'zh', value: 8 },
      { name: '未知', value: 1 },
    ]);
    const errors = charts[3].setOption.mock.calls[0][0] as { series: Array<{ data: number[] }> };
    expect(errors.series[0].data).toEqual([0, 0, 0, 0, 2, 0, 0]);
    within(screen.getByTestId('stats-slowest')).getByText('2300 毫秒');
    within(screen.getByTestId('stats-silent')).getByText('从未');
  });

  it('asks again for another range and shows 暂无数据 when it is empty', async () => {
    const provider = setup((days) => (days === 30 ? EMPTY : STATS));
    await screen.findByText('美联储 · 9');
    fireEvent.click(screen.getByRole('button', { name: '近 30 天' }));
    await screen.findByText('暂无数据');
    expect(provider.call.mock.calls.map(([path]) => path)).toEqual(['api/collectStatistic?days=7', 'api/collectStatistic?days=30']);
    // the charts of the first range were disposed with the page's content
    expect(charts.every((c) => c.dispose.mock.calls.length === 1)).toBe(true);
  });
});

describe('statsOptions', () => {
  it('keeps the 10 largest sources and sums the rest into 其他', () => {
    const perDay = Array.from({ length: 12 }, (_, i) => ({ day: '2026-11-28', webId: i + 1, webName: `站${i + 1}`, count: 20 - i }));
    const option = perDayOption({ ...EMPTY, from: '2026-11-28', to: '2026-11-28', perDay }, '其他') as { series: Array<{ name: string; data: number[] }> };
    expect(option.series).toHaveLength(11);
    expect(option.series[0]).toMatchObject({ name: '站1', data: [20] });
    expect(option.series[10]).toMatchObject({ name: '其他', data: [9 + 10] });
    expect(dayRange('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

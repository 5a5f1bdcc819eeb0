import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider, stubFetch } from '../../resources/shared/testUtils';
import type { JournalStats, ManuscriptStats, TranslationStats } from './api';
import { presetPeriod } from './period';
import { StatisticsPage } from './StatisticsPage';

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

const month = presetPeriod('month', new Date());
const MANUSCRIPTS: ManuscriptStats = {
  ...month,
  by: 'dept',
  total: 6,
  groups: [
    { key: '5', label: '出版中心', count: 4 },
    { key: '2', label: '新闻中心', count: 2 },
  ],
  products: [{ productId: 10, productName: '国际动态周刊', total: 6, counts: { '5': 4, '2': 2 } }],
};
const TRANSLATIONS: TranslationStats = {
  ...month,
  claimed: 3,
  submitted: 2,
  reviewed: 2,
  people: [
    { userId: 3, name: 'translator', claimed: 3, submitted: 2, reviewed: 0, translatorMedianMinutes: 90, reviewerMedianMinutes: null },
    { userId: 4, name: 'reviewer', claimed: 0, submitted: 0, reviewed: 2, translatorMedianMinutes: null, reviewerMedianMinutes: 42 },
  ],
};
const JOURNALS: JournalStats = { ...month, states: ['edit', 'submit', 'done', 'review'], total: 2, products: [{ productId: 10, productName: '国际动态周刊', total: 2, edit: 1, submit: 0, done: 1, review: 0 }] };
const PRODUCTS = [{ id: 10, name: '国际动态周刊', period: 'weekly', type: '1', contentType: '2', isWeekly: true }];

function setup(answer: (path: string) => unknown) {
  const calls = stubFetch((_method, url) => answer(new URL(url, 'http://x/').pathname.replace(/^.*\/api\//, 'api/')));
  render(
    <AdminContext dataProvider={fakeDataProvider({}) as unknown as DataProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
      <StatisticsPage />
      <Notification />
    </AdminContext>,
  );
  const statCalls = () => calls.filter((c) => c.url.includes('/api/statistic/') || c.url.includes('generateStatistic')).map((c) => new URL(c.url, 'http://x/'));
  return { calls, statCalls };
}

const figures = (path: string) =>
  path === 'api/statistic/manuscripts' ? MANUSCRIPTS : path === 'api/statistic/translations' ? TRANSLATIONS : path === 'api/statistic/journals' ? JOURNALS : path === 'api/productSetting/all' ? PRODUCTS : undefined;

afterEach(() => {
  charts.length = 0;
  vi.unstubAllGlobals();
});

describe('StatisticsPage', { timeout: 30_000 }, () => {
  it('loads each chart with one request for this month and draws the figures', async () => {
    const { statCalls } = setup(figures);
    await screen.findByText('稿件共 6 篇');
    expect(screen.getByRole('tab', { name: '稿件统计', selected: true })).toBeTruthy();
    const urls = statCalls();
    expect(urls.map((u) => u.pathname.replace(/^.*\/api\//, ''))).toEqual(['statistic/manuscripts', 'statistic/translations', 'statistic/journals']);
    expect(urls.every((u) => u.searchParams.get('startDate') === month.startDate && u.searchParams.get('endDate') === month.endDate)).toBe(true);
    expect(urls[0].searchParams.get('by')).toBe('dept');
    await waitFor(() => expect(charts).toHaveLength(3));
    const bars = charts[0].setOption.mock.calls[0][0] as { series: Array<{ name: string; data: number[] }> };
    expect(bars.series.map((s) => [s.name, s.data])).toEqual([
      ['出版中心', [4]],
      ['新闻中心', [2]],
    ]);
    const table = within(screen.getByTestId('throughput-table'));
    table.getByText('1.5 小时');
    table.getByText('42 分钟');
    screen.getByText('认领 3 · 提交 2 · 审核 2');
    screen.getByText('期刊共 2 期');
  });

  it('asks again for a preset and a grouping, and shows the empty state', async () => {
    const { statCalls } = setup((path) => (path.startsWith('api/statistic/') ? { ...figures(path), total: 0, groups: [], products: [], people: [] } : figures(path)));
    await waitFor(() => expect(screen.getAllByText('所选周期内暂无数据')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '今年' }));
    const year = presetPeriod('year', new Date());
    await waitFor(() => expect(statCalls().some((u) => u.searchParams.get('startDate') === year.startDate && u.pathname.endsWith('journals'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '按栏目' }));
    await waitFor(() => expect(statCalls().some((u) => u.searchParams.get('by') === 'column')).toBe(true));
  });

  it('says a reversed period under the dates and sends nothing for it', async () => {
    const { statCalls } = setup(figures);
    await screen.findByText('稿件共 6 篇');
    const before = statCalls().length;
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2099-01-01' } });
    await screen.findByText('开始日期不能晚于结束日期');
    expect(statCalls()).toHaveLength(before);
  });

  it('generates the report as xlsx and docx and offers both links', async () => {
    const { statCalls } = setup((path) => {
      if (path === 'api/productJournal/generateStatistic') return '/files/cap.sig/国际动态周刊稿件统计.xlsx';
      return figures(path);
    });
    fireEvent.click(screen.getByRole('tab', { name: '统计报告' }));
    const generate = await screen.findByRole('button', { name: '生成报告' });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '产品' }));
    fireEvent.click(await screen.findByRole('option', { name: '国际动态周刊' }));
    fireEvent.click(screen.getByRole('button', { name: '生成报告' }));
    await screen.findByTestId('report-links');
    const formats = statCalls().filter((u) => u.pathname.endsWith('generateStatistic'));
    expect(formats.map((u) => [u.searchParams.get('productId'), u.searchParams.get('format')])).toEqual([
      ['10', 'xlsx'],
      ['10', 'docx'],
    ]);
    await screen.findByText('统计报告已生成');
  });

  it('shows 生成失败，请重试 when the report fails', async () => {
    setup(figures);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x/').pathname;
        if (path.endsWith('generateStatistic')) return new Response(JSON.stringify({ status: 500, message: '磁盘已满' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
        return new Response(JSON.stringify(figures(path.replace(/^.*\/api\//, 'api/'))), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: '统计报告' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '产品' }));
    fireEvent.click(await screen.findByRole('option', { name: '国际动态周刊' }));
    fireEvent.click(screen.getByRole('button', { name: '生成报告' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('生成失败，请重试');
    expect(alert.textContent).toContain('磁盘已满');
  });
});

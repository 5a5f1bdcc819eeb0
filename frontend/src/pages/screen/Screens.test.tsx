import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminContext, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { broadcastLive } from '../../providers/liveBus';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider, stubFetch } from '../../resources/shared/testUtils';
import type { ScreenOverview, ScreenShow } from './api';
import { ScreenEntries } from './ScreenEntries';
import { ScreenPage } from './ScreenPage';
import { ScreenShowPage } from './ScreenShowPage';
import { countriesOption, countryName, keywordSize, SCREEN_REFRESH_MS, SCREEN_SLIDE_MS, showSlides } from './screenOptions';

// jsdom has no canvas: the chart instances are fakes that record their options.
const charts = vi.hoisted(() => [] as Array<{ setOption: ReturnType<typeof vi.fn> }>);
vi.mock('../../components/charts/echarts', () => ({
  echarts: {
    init: () => {
      const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
      charts.push(chart);
      return chart;
    },
  },
}));
// The screens hold the live connection: no socket in the tests (the bus itself is real).
const live = vi.hoisted(() => ({ acquired: 0 }));
vi.mock('../../providers/socket', () => ({
  acquireLive: () => {
    live.acquired += 1;
    return () => undefined;
  },
}));

const OVERVIEW: ScreenOverview = {
  day: '2026-11-28',
  level: 'dept',
  deptIds: [2],
  counts: { newsToday: 1280, news7d: 9000, warnedToday: 7, warned7d: 31 },
  latestWarned: [
    { id: '11', title: '某国宣布新的关税措施', country: '美国', webName: '路透社', deptId: 2, deptName: '新闻中心', yjBy: '王审校', yjTime: '2026-11-28 09:12:00' },
  ],
  countries: [
    { name: '美国', count: 40 },
    { name: '日本', count: 12 },
    { name: 'GB', count: 2 },
  ],
  keywords: [
    { name: '关税', count: 30 },
    { name: '选举', count: 3 },
  ],
};

const SHOW: ScreenShow = {
  translations: [{ id: '5', title: '央行维持利率不变', deptId: 2, deptName: '新闻中心', editorName: '李翻译', examineName: '王审校', time: '2026-11-28 08:30:00' }],
  journals: [{ id: 9, productName: '国际动态周刊', year: 2026, journalNo: 47, totalNo: 320, time: '2026-11-27 18:00:00' }],
};

function setup(ui: ReactNode, answer: (path: string) => unknown) {
  const calls = stubFetch((_method, path) => answer(path));
  render(
    <AdminContext dataProvider={fakeDataProvider({}) as unknown as DataProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
      {ui}
      <Notification />
    </AdminContext>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  charts.length = 0;
});

describe('ScreenPage', () => {
  it('shows the counters, latest warnings, the countries chart and keywords, and refreshes on a pushed warning', async () => {
    const calls = setup(<ScreenPage />, () => OVERVIEW);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('1,280')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '数据大屏' })).toBeTruthy();
    expect(screen.getByText('本部门')).toBeTruthy();
    expect(within(screen.getByTestId('screen-count-warnedToday')).getByText('今日预警')).toBeTruthy();
    expect(within(screen.getByTestId('screen-warned')).getByText('某国宣布新的关税措施')).toBeTruthy();
    expect(within(screen.getByTestId('screen-warned')).getByText('美国 · 新闻中心')).toBeTruthy();
    expect(within(screen.getByTestId('screen-keywords')).getByText('关税')).toBeTruthy();
    expect(screen.getByRole('img', { name: '来源国家条数排行' })).toBeTruthy();
    await waitFor(() => expect(charts[0]?.setOption).toHaveBeenCalled());
    expect((charts[0].setOption.mock.calls.at(-1)?.[0] as { yAxis: { data: string[] } }).yAxis.data).toEqual(['英国', '日本', '美国']);
    expect(calls.filter((c) => c.url.includes('api/screen/overview?level=dept'))).toHaveLength(1);
    expect(live.acquired).toBeGreaterThan(0);

    act(() => broadcastLive({ msgType: 'WARN', title: '预警', msg: 'x', type: 'news.warned', newsId: '12', deptId: 2 }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('api/screen/overview'))).toHaveLength(2));
    act(() => broadcastLive({ msgType: 'INFO', title: '分享', msg: 'x', type: 'share' }));
    expect(calls.filter((c) => c.url.includes('api/screen/overview'))).toHaveLength(2);
  });

  it('asks for the parent level and shows Chinese empty states', async () => {
    const calls = setup(<ScreenPage level="parent" />, () => ({ ...OVERVIEW, level: 'parent', deptIds: [1, 2, 3], latestWarned: [], countries: [], keywords: [] }));
    expect(await screen.findByText('暂无预警')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '分级数据大屏' })).toBeTruthy();
    expect(screen.getByText('上级部门及下属部门')).toBeTruthy();
    expect(screen.getByText('暂无来源国家数据')).toBeTruthy();
    expect(screen.getByText('暂无热词')).toBeTruthy();
    expect(calls[0].url).toContain('api/screen/overview?level=parent');
  });
});

describe('ScreenShowPage', () => {
  it('rotates the translations and journals slides every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(<ScreenShowPage />, () => SHOW);
    expect(await screen.findByText('央行维持利率不变')).toBeTruthy();
    expect(screen.getByText('新闻中心 · 李翻译')).toBeTruthy();
    expect(screen.getByText('第 1 / 2 屏 · 每 10 秒轮换')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SCREEN_SLIDE_MS);
    });
    expect(screen.getByTestId('screen-slide-journals')).toBeTruthy();
    expect(screen.getByText('国际动态周刊')).toBeTruthy();
    expect(screen.getByText('2026 年第 47 期（总第 320 期）')).toBeTruthy();
    expect(screen.queryByText('央行维持利率不变')).toBeNull();
  });
});

describe('ScreenEntries', () => {
  it('shows the two entries when enabled and opens them in a new window', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    setup(<ScreenEntries />, () => ({ enabled: true }));
    fireEvent.click(await screen.findByRole('button', { name: '数据大屏' }));
    fireEvent.click(screen.getByRole('button', { name: '展示大屏' }));
    expect(open.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/\/screen$/), expect.stringMatching(/\/screenShow$/)]);
    expect(open.mock.calls[0][1]).toBe('_blank');
  });

  it('shows nothing when not enabled', async () => {
    const calls = setup(<ScreenEntries />, () => ({ enabled: false }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('screen-entries')).toBeNull();
  });
});

describe('screen options', () => {
  it('ranks the countries with the most on top of the bar chart', () => {
    const option = countriesOption(OVERVIEW.countries) as { yAxis: { data: string[] }; series: Array<{ data: number[] }> };
    expect(option.yAxis.data).toEqual(['GB', '日本', '美国']);
    expect(option.series[0].data).toEqual([2, 12, 40]);
    expect([countryName('GB', 'zh', '其他'), countryName('gb', 'en', 'Other'), countryName('OTHER', 'zh', '其他'), countryName('美国', 'zh', '其他')]).toEqual(['英国', 'United Kingdom', '其他', '美国']);
  });

  it('sizes keywords between 14 and 40 px and keeps only slides with content', () => {
    expect([keywordSize(3, 3, 30), keywordSize(30, 3, 30), keywordSize(5, 5, 5)]).toEqual([14, 40, 26]);
    expect(showSlides({ translations: [], journals: [1] })).toEqual(['journals']);
    expect(showSlides({ translations: [], journals: [] })).toEqual(['translations', 'journals']);
    expect(SCREEN_REFRESH_MS).toBe(30_000);
  });
});

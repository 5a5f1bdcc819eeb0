import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { abilityFromCodes, AppAbilityProvider } from '../../../providers/ability';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { newsRow } from '../../../resources/news/testRows';
import { stubFetch } from '../../../resources/shared/testUtils';
import { AnalysisPage } from './AnalysisPage';

// jsdom has no canvas: the chart instances are fakes that record their options.
const charts = vi.hoisted(() => [] as Array<{ element: HTMLElement; setOption: ReturnType<typeof vi.fn> }>);
vi.mock('../../../components/charts/echarts', () => ({
  echarts: {
    init: (element: HTMLElement) => {
      const chart = { element, setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
      charts.push(chart);
      return chart;
    },
  },
}));

const PERIOD = { startDate: '2026-11-01', endDate: '2026-11-03' };
const TIMELINE = { ...PERIOD, total: 3, points: [{ day: '2026-11-01', count: 1 }, { day: '2026-11-02', count: 0 }, { day: '2026-11-03', count: 2 }] };
const bucket = (name: string, count: number) => ({ key: name, name, count, other: false });

function answer(empty: boolean) {
  return (_method: string, url: string): unknown => {
    const path = new URL(url, 'http://x/').pathname;
    const by = new URL(url, 'http://x/').searchParams.get('by');
    if (path.endsWith('analysis/timeline')) return empty ? { ...TIMELINE, total: 0, points: TIMELINE.points.map((p) => ({ ...p, count: 0 })) } : TIMELINE;
    if (path.endsWith('analysis/distribution')) return { ...PERIOD, total: empty ? 0 : 3, by, items: empty ? [] : [bucket(by === 'country' ? '美国' : '路透社', 3)] };
    if (path.endsWith('analysis/keywords')) return { ...PERIOD, total: empty ? 0 : 3, items: empty ? [] : [{ keyword: '半导体', count: 2 }] };
    if (path.endsWith('collectionWebsite/findAll')) return [{ id: 3, name: '路透社', url: 'https://r.test', language: 'en', country: 'US', enabled: true }];
    if (path.endsWith('dictDetail/map')) return { country: [{ label: '美国', value: 'US' }], language: [{ label: '英语', value: 'en' }] };
    if (path.endsWith('NewsClassify/list')) return [{ id: 9999, name: '全部', children: [{ id: 12, name: '科技', children: [] }] }];
    if (path.endsWith('news/list')) return empty ? { content: [], totalElements: 0, totalExact: true } : { content: [newsRow(1)], totalElements: 1, totalExact: true };
    return {};
  };
}

let location = '';
function Where() {
  location = useLocation().search;
  return null;
}

function renderPage(route: string, empty = false) {
  const calls = stubFetch(answer(empty));
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 5, user: { id: 5, username: 'reviewer', dept: { id: 3, name: '国际新闻部' } } }),
    getPermissions: async () => ['news:list'],
  };
  render(
    <MemoryRouter initialEntries={[route]}>
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <AppAbilityProvider value={abilityFromCodes(['news:list'])}>
          <AnalysisPage />
          <Where />
        </AppAbilityProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x/').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  charts.length = 0;
});

describe('AnalysisPage', { timeout: 20_000 }, () => {
  it('asks each figure and the list with the query of the link', async () => {
    const calls = renderPage('/pro/analysis?kw=芯片&countries=US&startDate=2026-11-01&endDate=2026-11-03');
    expect(await screen.findByText('共 3 条')).toBeTruthy();
    await screen.findByText('中文标题 1');
    const query = { content: '芯片', countries: 'US', startDate: '2026-11-01', endDate: '2026-11-03' };
    const figures = calls.filter((c) => c.url.includes('api/news/analysis/'));
    expect(figures.map((c) => new URL(c.url, 'http://x/').pathname.split('/').pop() + (paramsOf(c.url).by ? `:${paramsOf(c.url).by}` : '')).sort()).toEqual(
      ['distribution:classify', 'distribution:country', 'distribution:language', 'distribution:source', 'keywords', 'timeline'],
    );
    for (const call of figures) expect(paramsOf(call.url)).toMatchObject(query);
    // The list below counts the same items: the same filter fields.
    const list = calls.find((c) => c.url.includes('api/news/list'));
    expect(paramsOf(list!.url)).toMatchObject(query);
    expect(screen.getByRole('heading', { name: '查询统计' })).toBeTruthy();
    for (const title of ['关注度趋势（每天新闻条数）', '来源分布', '分类分布', '国家分布', '语种分布', '共现关键词']) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    await waitFor(() => expect(charts.length).toBe(6));
  });

  it('shows the Chinese empty states when nothing matches', async () => {
    renderPage('/pro/analysis?startDate=2026-11-01&endDate=2026-11-03', true);
    await waitFor(() => expect(screen.getAllByText('暂无数据')).toHaveLength(6));
    expect(await screen.findByText('没有符合条件的新闻')).toBeTruthy();
  });

  it('puts a new query into the route on 查询 and clears it on 重置', async () => {
    const calls = renderPage('/pro/analysis?startDate=2026-11-01&endDate=2026-11-03&page=2');
    await screen.findByText('共 3 条');
    fireEvent.change(screen.getByLabelText('检索词'), { target: { value: '半导体' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(new URLSearchParams(location).get('kw')).toBe('半导体'));
    expect(new URLSearchParams(location).get('page')).not.toBe('2');
    await waitFor(() => expect(calls.some((c) => c.url.includes('analysis/timeline') && paramsOf(c.url).content === '半导体')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(new URLSearchParams(location).get('kw')).toBeNull());
    expect(new URLSearchParams(location).get('startDate')).not.toBe('2026-11-01');
  });
});

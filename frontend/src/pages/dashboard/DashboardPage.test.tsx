import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider, stubFetch } from '../../resources/shared/testUtils';
import type { Dashboard } from './api';
import { DashboardPage } from './DashboardPage';

const FULL: Dashboard = {
  day: '2026-11-28',
  newsToday: 128,
  warnedToday: 7,
  translatedToday: 5,
  awaitingReview: 3,
  journalsInProgress: 2,
  sources: { total: 12, enabled: 10, failing: 2, failingNames: ['路透社', '美联社'] },
  myQueue: { translating: 4, reviewing: 3 },
};

function setup(answer: () => unknown) {
  const calls = stubFetch(() => answer());
  render(
    <AdminContext dataProvider={fakeDataProvider({}) as unknown as DataProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
      <DashboardPage />
      <Notification />
    </AdminContext>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

/** A link's target (the tests' router writes `#/path`, the app's `/path`). */
const href = (el: Element | null | undefined) => el?.getAttribute('href')?.replace(/^#/, '');

describe('DashboardPage', () => {
  it('shows skeletons, then every card with its number and link', async () => {
    const calls = setup(() => FULL);
    expect(screen.getAllByTestId('dashboard-loading').length).toBeGreaterThan(0);
    const card = async (id: string) => within(await screen.findByTestId(`dashboard-${id}`));
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).toBeNull());
    expect(calls.filter((c) => c.url.includes('api/dashboard'))).toHaveLength(1);

    const news = await card('newsToday');
    expect(news.getByText('今日采集')).toBeTruthy();
    expect(news.getByText('128')).toBeTruthy();
    expect(href(screen.getByTestId('dashboard-newsToday').querySelector('a'))).toBe('/pro/news?curMenu=all&sort=createDesc');
    const links: Record<string, string> = {
      warnedToday: '/yjList',
      translatedToday: '/productProcess-achieve',
      awaitingReview: '/pro/product?stage=review',
      journalsInProgress: '/productProcess-product?tab=journal',
      sources: '/website',
    };
    for (const [id, to] of Object.entries(links)) expect(href(screen.getByTestId(`dashboard-${id}`).querySelector('a'))).toBe(to);
    expect((await card('warnedToday')).getByText('7')).toBeTruthy();
    expect((await card('journalsInProgress')).getByText('进行中的期刊')).toBeTruthy();

    const sources = await card('sources');
    expect(sources.getByText('数据源状态')).toBeTruthy();
    expect(within(sources.getByTestId('dashboard-sources-total')).getByText('12')).toBeTruthy();
    expect(within(sources.getByTestId('dashboard-sources-failing')).getByText('2')).toBeTruthy();
    expect(sources.getByText('失败：路透社、美联社')).toBeTruthy();

    const queue = await card('myQueue');
    expect(href(queue.getByTestId('dashboard-queue-translating'))).toBe('/productProcess-center?curMenu=trans');
    expect(href(queue.getByTestId('dashboard-queue-reviewing'))).toBe('/pro/product?stage=review');
    expect(within(queue.getByTestId('dashboard-queue-translating')).getByText('我的翻译')).toBeTruthy();
  });

  it('says which figures are not visible and when the queue is empty', async () => {
    setup(() => ({ ...FULL, warnedToday: null, translatedToday: null, awaitingReview: null, journalsInProgress: null, sources: null, myQueue: { translating: 0, reviewing: null } }));
    expect(await within(await screen.findByTestId('dashboard-myQueue')).findByText('暂无待办事项')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-warnedToday')).getByText('未设置工作部门')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-journalsInProgress')).getByText('无权查看')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-sources')).getByText('无权查看')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-newsToday')).getByText('128')).toBeTruthy();
  });

  it('shows an error alert and a toast when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 500, message: '数据库不可用' }), { status: 500, headers: { 'Content-Type': 'application/json' } })),
    );
    render(
      <AdminContext dataProvider={fakeDataProvider({}) as unknown as DataProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <DashboardPage />
        <Notification />
      </AdminContext>,
    );
    const alert = await screen.findByTestId('dashboard-error');
    expect(alert.textContent).toContain('首页数据加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    // the alert and the toast
    await waitFor(() => expect(document.body.textContent?.split('首页数据加载失败：数据库不可用')).toHaveLength(3));
    expect(screen.queryByTestId('dashboard-newsToday')).toBeNull();
  });
});

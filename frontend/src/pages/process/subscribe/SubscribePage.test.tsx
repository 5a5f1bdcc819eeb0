import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { stubFetch } from '../../../resources/shared/testUtils';
import { SubscribePage } from './SubscribePage';

const websites = [
  { id: 1, name: '新华网', url: 'https://news.cn', language: 'zh', country: '中国', checked: true },
  { id: 2, name: 'Reuters', url: 'https://reuters.com', language: 'en', country: '英国', checked: false },
];
const tree = [{ id: 9999, pid: null, name: '全部', code: null, enabled: true, label: '全部', leaf: false, hasChildren: true, checked: false, children: [
  { id: 10, pid: 9999, name: '科技', code: 'A1', enabled: true, label: '科技', leaf: true, hasChildren: false, checked: true },
  { id: 11, pid: 9999, name: '体育', code: 'A2', enabled: true, label: '体育', leaf: true, hasChildren: false, checked: false },
] }];
const themes = [{ id: 7, title: '能源安全', keywords: ['能源', '石油'], sort: 1 }];

function renderPage(entry = '/pro/subscribe', mine = { websiteIds: '1', classifyIds: '10', themeIds: '', frequency: 'hourly' }) {
  const calls = stubFetch((method, url) => {
    if (url.includes('findByUserId')) return { id: 3, userId: 5, createTime: null, updateTime: null, ...mine };
    if (url.includes('interestList')) return { content: websites, totalElements: websites.length };
    if (url.includes('findClassifyTree')) return tree;
    if (url.includes('newsTheme/findAll')) return themes;
    if (url.includes('setFrequency')) return { frequency: new URL(url, 'http://x').searchParams.get('frequency') };
    if (url.includes('api/news/list')) return { content: [{ id: 41, title: 'Oil prices', titleCn: '油价上涨', webName: '新华网', publishTime: '2026-11-27 08:00:00' }], totalElements: 1, totalExact: true };
    if (method === 'POST' && url.includes('api/newsInterest')) return { id: 3, userId: 5, websiteIds: '1,2', classifyIds: '10', themeIds: '', frequency: 'hourly', createTime: null, updateTime: null };
    return {};
  });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <SubscribePage />
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('SubscribePage', { timeout: 15_000 }, () => {
  it('我的订阅 lists what is subscribed by name and sets the notice frequency', async () => {
    const calls = renderPage();
    const sites = await screen.findByTestId('subscribe-mine-websiteIds');
    expect(within(sites).getByText('新华网')).toBeTruthy();
    expect(within(screen.getByTestId('subscribe-mine-classifyIds')).getByText('科技')).toBeTruthy();
    expect(within(screen.getByTestId('subscribe-mine-themeIds')).getByText('暂未订阅')).toBeTruthy();
    expect((screen.getByLabelText('每小时汇总') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('每日汇总'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('api/news/setFrequency?frequency=daily'))).toBe(true));
  });

  it('按网站: 全部 first, the search filters the list, a click saves the websites', async () => {
    const calls = renderPage('/pro/subscribe?by=website&tab=website');
    const all = await screen.findByLabelText('全部');
    expect((all as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByLabelText('搜索'), { target: { value: 'reu' } });
    expect(screen.queryByText('新华网')).toBeNull();
    fireEvent.click(screen.getByText('Reuters'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ websiteIds: [1, 2] }));
  });

  it('按主题: one tab per theme with its keywords, latest items and a subscribe switch', async () => {
    const calls = renderPage('/pro/subscribe?by=theme&tab=theme:7');
    expect(await screen.findByRole('tab', { name: '能源安全' })).toBeTruthy();
    expect(await screen.findByText('油价上涨')).toBeTruthy();
    expect(screen.getByText('石油')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('type=theme') && c.url.includes('themeId=7'))).toBe(true);
    fireEvent.click(screen.getByLabelText('订阅此主题'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ themeIds: [7] }));
  });

  it('says so when nothing is subscribed', async () => {
    renderPage('/pro/subscribe', { websiteIds: '', classifyIds: '', themeIds: '', frequency: 'never' });
    expect(await screen.findByText('还没有订阅任何内容')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订阅的新闻' }).getAttribute('aria-disabled')).toBe('true');
  });
});

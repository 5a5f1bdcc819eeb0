import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderProcessPage } from './testPage';
import { newsRow } from '../../resources/news/testRows';
import { stubFetch } from '../../resources/shared/testUtils';
import { WarningListPage } from './WarningListPage';

function renderPage(codes: string[], rows = [newsRow(1, { yj: true, yjBy: '王审校', yjTime: '2026-11-27 10:05:00' })]) {
  const calls = stubFetch((_m, url) => (url.includes('api/news/list') ? { content: rows, totalElements: rows.length, totalExact: true } : {}));
  renderProcessPage(<WarningListPage />, { entry: '/yjList', codes });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('WarningListPage', { timeout: 15_000 }, () => {
  it('lists the department\'s warned items (type=yj, newest first) with the 预警规则 button for rule holders', async () => {
    const calls = renderPage(['news:list', 'alertRule:list']);
    await screen.findByText('中文标题 1');
    const list = calls.find((c) => c.url.includes('api/news/list'));
    expect(list?.url).toContain('type=yj');
    expect(list?.url).toContain('sort=dateDesc');
    expect(screen.getByRole('heading', { name: '预警列表' })).toBeTruthy();
    // who warned it and when
    expect(screen.getByText('王审校 于 11-27 10:05 预警')).toBeTruthy();
    expect(screen.getByRole('button', { name: '预警规则' })).toBeTruthy();
  });

  it('hides the rules from users without an alertRule code and says when nothing is warned', async () => {
    renderPage(['news:list'], []);
    expect(await screen.findByText('暂无预警新闻')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '预警规则' })).toBeNull();
  });
});

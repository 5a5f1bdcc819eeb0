import { fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { renderProcessPage } from '../testPage';
import { newsRow } from '../../../resources/news/testRows';
import { stubFetch } from '../../../resources/shared/testUtils';
import { AchievementsPage } from './AchievementsPage';

function renderPage(codes: string[]) {
  const calls = stubFetch((_m, url) => {
    if (url.includes('api/statistic/translations')) {
      return { startDate: '2026-11-01', endDate: '2026-11-28', claimed: 3, submitted: 2, reviewed: 2, people: [{ userId: 4, name: '李翻译', claimed: 3, submitted: 2, reviewed: 0, translatorMedianMinutes: 90, reviewerMedianMinutes: null }] };
    }
    if (url.includes('api/news/list')) return { content: [newsRow(1, { transStatus: 'done', editorName: '李翻译', examineName: '王审校' })], totalElements: 1, totalExact: true };
    return {};
  });
  renderProcessPage(<AchievementsPage />, { entry: '/productProcess-achieve', codes });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AchievementsPage', { timeout: 15_000 }, () => {
  it('shows the per-person totals of the period and the reviewed translations; the search goes to the list', async () => {
    const calls = renderPage(['news:list', 'news:push', 'manuscript:list']);
    expect(await screen.findByTestId('throughput-table')).toBeTruthy();
    expect(screen.getAllByText('李翻译').length).toBeGreaterThan(0);
    await screen.findByText('中文标题 1');
    expect(calls.find((c) => c.url.includes('api/news/list'))?.url).toContain('isTrans=3');
    expect(calls.find((c) => c.url.includes('api/statistic/translations'))?.url).toMatch(/startDate=\d{4}-\d\d-01/);
    fireEvent.change(screen.getByLabelText('检索成果'), { target: { value: '能源' } });
    fireEvent.submit(screen.getByLabelText('检索成果').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.url.includes('api/news/list') && c.url.includes(`content=${encodeURIComponent('能源')}`))).toBe(true));
  });

  it('leaves the totals out for users who may not read the statistics', async () => {
    const calls = renderPage(['news:list']);
    await screen.findByText('中文标题 1');
    expect(screen.queryByTestId('achieve-totals')).toBeNull();
    expect(calls.some((c) => c.url.includes('api/statistic'))).toBe(false);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderProcessPage } from '../testPage';
import { newsRow } from '../../../resources/news/testRows';
import { stubFetch } from '../../../resources/shared/testUtils';
import { ProcessingPage, stageOf } from './ProcessingPage';

const codes = ['news:list', 'news:translate', 'news:judge', 'news:push', 'news:choice'];

function renderPage(entry: string, manuscripts: unknown[] = []) {
  const calls = stubFetch((_m, url) => {
    if (url.includes('choiceStages')) return { todo: 4, editing: 2, review: 1, reviewed: 3 };
    if (url.includes('api/manuscript')) return { content: manuscripts, totalElements: manuscripts.length };
    if (url.includes('api/news/list')) {
      const row = newsRow(1, { isChoice: true, transStatus: 'examine', editorName: '李翻译' });
      return { content: [row], totalElements: 1, totalExact: true };
    }
    return {};
  });
  renderProcessPage(<ProcessingPage />, { entry: entry, codes });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProcessingPage', { timeout: 15_000 }, () => {
  it('reads the stage from the query (待翻译 by default)', () => {
    expect(stageOf('review')).toBe('review');
    expect(stageOf('bogus')).toBe('todo');
    expect(stageOf(null)).toBe('todo');
  });

  it('shows the counts per stage and lists the chosen items of the stage with who translates them', async () => {
    const calls = renderPage('/pro/product?stage=review');
    await waitFor(() => expect(within(screen.getByTestId('stage-todo')).getByText('4')).toBeTruthy());
    expect(within(screen.getByTestId('stage-review')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('stage-submitted')).getByText('0')).toBeTruthy();
    expect(await screen.findByText('译者：李翻译')).toBeTruthy();
    const list = calls.find((c) => c.url.includes('api/news/list'));
    expect(list?.url).toContain('type=choice');
    expect(list?.url).toContain('stage=review');
  });

  it('已报送 lists the department\'s manuscripts submitted from news', async () => {
    const calls = renderPage('/pro/product?stage=todo', [
      { id: 9, title: '报送的稿件', product: { id: 1, name: '每日要闻' }, columns: [{ id: 2, name: '国际' }], createBy: { id: 5, username: 'reviewer', nickName: '王审校' }, createTime: '2026-11-27 10:00:00' },
    ]);
    fireEvent.click(await screen.findByTestId('stage-submitted'));
    expect(await screen.findByText('报送的稿件')).toBeTruthy();
    expect(screen.getByText('每日要闻')).toBeTruthy();
    expect(screen.getByText('王审校')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('api/manuscript?') && c.url.includes('fromNews=1') && c.url.includes('tab=dept'))).toBe(true);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeDataProvider, renderScreen } from '../shared/testUtils';
import { ListPager as NewsPager } from '../shared/pager/ListPager';
import { SortBar } from './SortBar';

describe('NewsPager', () => {
  it('shows an exact total as 共 N 条 and an estimate as 约 N 条', () => {
    const props = { page: 1, size: 20, sizes: [10, 20, 50], onPage: vi.fn(), onSize: vi.fn() };
    const { unmount } = renderScreen(<NewsPager total={35} {...props} />, fakeDataProvider({}));
    expect(screen.getByTestId('news-total').textContent).toBe('共 35 条');
    unmount();
    renderScreen(<NewsPager total={10001} exact={false} {...props} />, fakeDataProvider({}));
    expect(screen.getByTestId('news-total').textContent).toBe('约 10,001 条');
  });

  it('jumps to a typed page, kept within the page count', () => {
    const onPage = vi.fn();
    renderScreen(<NewsPager total={95} page={1} size={20} sizes={[10, 20, 50]} onPage={onPage} onSize={vi.fn()} />, fakeDataProvider({}));
    const jumper = screen.getByRole('textbox', { name: '前往' });
    fireEvent.change(jumper, { target: { value: '3' } });
    fireEvent.keyDown(jumper, { key: 'Enter' });
    expect(onPage).toHaveBeenLastCalledWith(3);
    fireEvent.change(jumper, { target: { value: '99' } });
    fireEvent.keyDown(jumper, { key: 'Enter' });
    expect(onPage).toHaveBeenLastCalledWith(5);
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});

describe('SortBar', () => {
  it('offers update time only in the allowed lists and relevance only with a search', () => {
    const onSort = vi.fn();
    const { unmount } = renderScreen(<SortBar curMenu="all" sort="dateDesc" hasSearch={false} onSort={onSort} />, fakeDataProvider({}));
    expect(screen.queryByRole('button', { name: '更新时间升序' })).toBeNull();
    expect((screen.getByRole('button', { name: '相关度降序' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '浏览量升序' }));
    expect(onSort).toHaveBeenLastCalledWith('numAsc');
    // a click on the active field flips its direction; on another field starts descending
    fireEvent.click(screen.getByRole('button', { name: '发布时间' }));
    expect(onSort).toHaveBeenLastCalledWith('dateAsc');
    fireEvent.click(screen.getByRole('button', { name: '入库时间' }));
    expect(onSort).toHaveBeenLastCalledWith('createDesc');
    unmount();

    renderScreen(<SortBar curMenu="follow" sort="updateDesc" hasSearch onSort={onSort} />, fakeDataProvider({}));
    expect(screen.getByRole('button', { name: '更新时间降序' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '相关度降序' }));
    expect(onSort).toHaveBeenLastCalledWith('scoreDesc');
  });
});

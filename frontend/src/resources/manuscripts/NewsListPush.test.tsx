// The news list's 报送 (row action of the 精选 list) and 批量报送 (selected rows) open the submission dialog.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultListState } from '../news/listState';
import { NewsList } from '../news/NewsList';
import { newsRow } from '../news/testRows';
import { lookups, renderWith, stubApi } from './testSupport';

afterEach(() => vi.unstubAllGlobals());

const ROWS = [newsRow(1, { isProcessed: 'done', isChoice: true }), newsRow(2, { isProcessed: 'done', isChoice: true }), newsRow(3, { isProcessed: 'examine', isChoice: true })];

function answer(_method: string, path: string) {
  if (path === 'api/news/list') return { body: { content: ROWS, totalElements: 3, totalExact: true } };
  if (path === 'api/news/info') return { body: { ...ROWS[0], abstracts: '摘要', examineId: 4, contentTrans: null } };
  return lookups(path);
}

const select = (title: string) => fireEvent.click(screen.getByRole('checkbox', { name: `选择这条新闻：${title}` }));

describe('NewsList submission', { timeout: 30_000 }, () => {
  it('opens the dialog from a reviewed row’s 报送', async () => {
    stubApi(answer);
    renderWith(<NewsList state={defaultListState('choice')} onChange={() => undefined} />, { roles: ['news:list', 'news:push'] });
    const tr = (await screen.findByText('中文标题 1')).closest('tr') as HTMLElement;
    // an item in review cannot be submitted
    const examine = screen.getByText('中文标题 3').closest('tr') as HTMLElement;
    expect(within(examine).getByRole('button', { name: '报送' })).toHaveProperty('disabled', true);
    fireEvent.click(within(tr).getByRole('button', { name: '报送' }));
    const dialog = await screen.findByRole('dialog', { name: '报送到产品' });
    within(dialog).getByText('中文标题 1');
  });

  it('enables 批量报送 only when every selected item is reviewed', async () => {
    stubApi(answer);
    renderWith(<NewsList state={defaultListState('choice')} onChange={() => undefined} />, { roles: ['news:list', 'news:push'] });
    await screen.findByText('中文标题 1');
    const bulk = screen.getByRole('button', { name: '批量报送' });
    expect(bulk).toHaveProperty('disabled', true);
    select('中文标题 1');
    select('中文标题 3');
    expect(bulk).toHaveProperty('disabled', true);
    select('中文标题 3');
    select('中文标题 2');
    expect(bulk).toHaveProperty('disabled', false);
    fireEvent.click(bulk);
    const dialog = await screen.findByRole('dialog', { name: '批量报送（2 条）' });
    within(dialog).getByText('中文标题 2');
  });

  it('has no 批量报送 without news:push', async () => {
    stubApi(answer);
    renderWith(<NewsList state={defaultListState('choice')} onChange={() => undefined} />, { roles: ['news:list'] });
    await screen.findByText('中文标题 1');
    expect(screen.queryByRole('button', { name: '批量报送' })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderProductPage, stubProductApi } from '../../../pages/production/pageTestUtils';
import type { Product } from '../../products/types';

const PRODUCTS = [{ id: 2, name: '国际动态周刊' }] as Product[];
const JOURNAL = {
  id: 7,
  productId: 2,
  product: { id: 2, name: '国际动态周刊' },
  year: 2026,
  journalNo: 12,
  totalNo: 40,
  editorIds: '3',
  status: 'edit',
  memo: null,
  createTime: '2026-03-20 09:00:00',
  planPublishTime: '2026-03-25',
  publishTime: null,
  createBy: { id: 1, username: 'admin' },
  canEdit: true,
};

const stub = () => stubProductApi(PRODUCTS, (_method, path) => (path === '/api/productJournal/list' ? { body: { content: [JOURNAL], totalElements: 1 } } : undefined));
const table = () => screen.findByRole('table', { name: '期刊列表' });

afterEach(() => vi.unstubAllGlobals());

describe('期刊编辑 of a journal row', { timeout: 30_000 }, () => {
  it('leads to the journal editing page of the admin layout', async () => {
    stub();
    renderProductPage({ path: '/product/productJournal', roles: ['productJournal:list', 'productJournal:manu'] });
    const link = await within(await table()).findByRole('link', { name: '期刊编辑' });
    expect(link.getAttribute('href')).toBe('/product/manuscript?productId=2&journalId=7');
  });

  it('stays in the process shell: its /pro/setManu', async () => {
    stub();
    renderProductPage({ mode: 'process', path: '/productProcess-product?tab=journal', roles: ['admin'] });
    const link = await within(await table()).findByRole('link', { name: '期刊编辑' });
    expect(link.getAttribute('href')).toBe('/pro/setManu?productId=2&journalId=7');
  });

  it('is not offered without productJournal:manu', async () => {
    stub();
    renderProductPage({ path: '/product/productJournal', roles: ['productJournal:list', 'productJournal:edit'] });
    const root = await table();
    await within(root).findByRole('link', { name: '稿件管理' });
    expect(within(root).queryByRole('link', { name: '期刊编辑' })).toBeNull();
  });
});

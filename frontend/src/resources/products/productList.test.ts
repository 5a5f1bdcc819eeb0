import { describe, expect, it } from 'vitest';
import { productAbilities } from '../shared/production/access';
import { managementHref, managementStateOf } from '../shared/production/managementRoutes';
import { columnNames, createTimeDirection, nextCreateTimeSort, pageAfterRemoval, toolbarState } from './productList';
import { periodLabel } from './queries';

describe('product list rules', () => {
  it('修改 needs exactly one selected row, 删除 at least one', () => {
    expect(toolbarState(0)).toEqual({ edit: false, delete: false });
    expect(toolbarState(1)).toEqual({ edit: true, delete: true });
    expect(toolbarState(3)).toEqual({ edit: false, delete: true });
  });

  it('sorts by 创建时间 on the server: asc, desc, then back to the default', () => {
    expect(nextCreateTimeSort('id,desc')).toBe('createTime,asc');
    expect(nextCreateTimeSort('createTime,asc')).toBe('createTime,desc');
    expect(nextCreateTimeSort('createTime,desc')).toBe('id,desc');
    expect(createTimeDirection('createTime,desc')).toBe('desc');
    expect(createTimeDirection('id,desc')).toBe(false);
  });

  it('goes back a page when the whole page was deleted', () => {
    expect(pageAfterRemoval(2, 3, 3)).toBe(1);
    expect(pageAfterRemoval(2, 3, 1)).toBe(2);
    expect(pageAfterRemoval(0, 3, 3)).toBe(0);
  });

  it('lists the columns by sort and marks disabled ones', () => {
    expect(
      columnNames(
        [
          { id: 2, sort: 2, name: '要闻', status: true },
          { id: 1, sort: 1, name: '综述', status: false },
        ],
        (name) => `${name}（已停用）`,
      ),
    ).toBe('综述（已停用）、要闻');
    expect(columnNames(null, (name) => name)).toBe('');
  });

  it('shows a period by its dictionary label', () => {
    const periods = [
      { label: '日刊', value: 'day' },
      { label: '周刊', value: 'week' },
    ];
    expect(periodLabel('week', periods)).toBe('周刊');
    expect(periodLabel('month', periods)).toBe('month');
    expect(periodLabel(null, periods)).toBe('');
  });
});

describe('product page permissions (spec §6)', () => {
  it('admin may do everything', () => {
    expect(Object.values(productAbilities(['admin'])).every(Boolean)).toBe(true);
  });

  it('each button needs its own code', () => {
    expect(productAbilities(['productSetting:list', 'productSetting:edit', 'productJournal:list', 'productJournal:del'])).toEqual({
      listProducts: true,
      addProduct: false,
      editProduct: true,
      deleteProduct: false,
      listJournals: true,
      addJournal: false,
      editJournal: false,
      deleteJournal: true,
    });
    expect(Object.values(productAbilities([])).some(Boolean)).toBe(false);
  });
});

describe('product page addresses', () => {
  it('in the product-processing shell, the tab and product travel in the query', () => {
    expect(managementHref('process', 'product')).toBe('/productProcess-product');
    expect(managementHref('process', 'journal')).toBe('/productProcess-product?tab=journal');
    expect(managementHref('process', 'journal', 9)).toBe('/productProcess-product?tab=journal&productId=9');
    expect(managementStateOf('process', '/productProcess-product', '?tab=journal&productId=9')).toEqual({ tab: 'journal', productId: 9 });
    expect(managementStateOf('process', '/productProcess-product', '')).toEqual({ tab: 'product', productId: null });
  });

  it('in the admin layout, each tab has its path', () => {
    expect(managementHref('admin', 'product', 9)).toBe('/product/productSetting');
    expect(managementHref('admin', 'journal', 9)).toBe('/product/productJournal?productId=9');
    expect(managementStateOf('admin', '/product/productJournal', '?productId=9')).toEqual({ tab: 'journal', productId: 9 });
    expect(managementStateOf('admin', '/product/productJournal/', '?productId=x')).toEqual({ tab: 'journal', productId: null });
    expect(managementStateOf('admin', '/product/productSetting', '?productId=9')).toEqual({ tab: 'product', productId: null });
  });
});

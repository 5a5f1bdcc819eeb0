import { describe, expect, it } from 'vitest';
import {
  ALL_PRODUCT_COLUMNS,
  MIN_VISIBLE_COLUMNS,
  normaliseVisibleColumns,
  selectAllColumns,
  selectAllState,
  toggleColumn,
} from './columnVisibility';

describe('column visibility (min five visible)', () => {
  it('offers the eight product columns in table order, five at least', () => {
    expect(ALL_PRODUCT_COLUMNS).toEqual(['name', 'type', 'contentType', 'editors', 'columns', 'period', 'template', 'createTime']);
    expect(MIN_VISIBLE_COLUMNS).toBe(5);
  });

  it('hides columns while more than five stay visible', () => {
    let visible = toggleColumn(ALL_PRODUCT_COLUMNS, 'editors', false);
    expect(visible).toEqual({ visible: ['name', 'type', 'contentType', 'columns', 'period', 'template', 'createTime'], refused: false });
    visible = toggleColumn(visible.visible, 'template', false);
    visible = toggleColumn(visible.visible, 'period', false);
    expect(visible.visible).toHaveLength(5);
    expect(visible.refused).toBe(false);
  });

  it('refuses to hide the fifth visible column and changes nothing', () => {
    const five = ['name', 'type', 'contentType', 'columns', 'createTime'] as const;
    const result = toggleColumn(five, 'type', false);
    expect(result.refused).toBe(true);
    expect(result.visible).toBe(five);
  });

  it('shows columns again in table order', () => {
    expect(toggleColumn(['createTime', 'name', 'type', 'columns', 'contentType'], 'editors', true).visible).toEqual([
      'name',
      'type',
      'contentType',
      'editors',
      'columns',
      'createTime',
    ]);
  });

  it('ignores hiding a column that is already hidden', () => {
    const five = ['name', 'type', 'contentType', 'columns', 'createTime'] as const;
    expect(toggleColumn(five, 'period', false)).toEqual({ visible: [...five], refused: false });
  });

  it('全选 shows everything; unchecking it is refused', () => {
    const six = ['name', 'type', 'contentType', 'columns', 'period', 'createTime'] as const;
    expect(selectAllColumns(six, true)).toEqual({ visible: ALL_PRODUCT_COLUMNS, refused: false });
    expect(selectAllColumns(ALL_PRODUCT_COLUMNS, false)).toEqual({ visible: ALL_PRODUCT_COLUMNS, refused: true });
  });

  it('tells the state of the 全选 box', () => {
    expect(selectAllState(ALL_PRODUCT_COLUMNS)).toBe('all');
    expect(selectAllState(['name', 'type', 'contentType', 'columns', 'createTime'])).toBe('some');
    expect(selectAllState([])).toBe('none');
  });

  it('reads a stored choice back, falling back to every column when it is unusable', () => {
    expect(normaliseVisibleColumns(undefined)).toEqual(ALL_PRODUCT_COLUMNS);
    expect(normaliseVisibleColumns('name')).toEqual(ALL_PRODUCT_COLUMNS);
    expect(normaliseVisibleColumns(['name', 'type'])).toEqual(ALL_PRODUCT_COLUMNS);
    expect(normaliseVisibleColumns(['createTime', 'bogus', 'name', 'type', 'columns', 'period', 7])).toEqual(['name', 'type', 'columns', 'period', 'createTime']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  formValuesToProduct,
  newColumnRow,
  prepareColumnRows,
  productToFormValues,
  templateOf,
  validateProductForm,
} from './productForm';
import type { Product } from './types';

const product = (over: Partial<Product> = {}): Product => ({
  id: 4,
  name: '国际动态周刊',
  deptId: 7,
  dept: { id: 7, name: '期刊编辑部' },
  editorIds: '3,7',
  editors: [
    { id: 3, nickName: '张编辑' },
    { id: 7, nickName: '李主编' },
  ],
  period: 'week',
  type: '2',
  contentType: '1',
  fileIds: '12',
  files: [{ id: 12, realName: '周刊模板.docx' }],
  columnList: [
    { id: 21, sort: 3, name: '要闻', status: true },
    { id: 20, sort: 1, name: '综述', status: false },
    { id: 22, sort: 1, name: '专题', status: true },
  ],
  isWeekly: true,
  createTime: '2026-11-20 09:00:00',
  ...over,
}) as Product;

const strip = <T extends { key: string }>(rows: T[]) => rows.map(({ key: _key, ...row }) => row);

describe('column rows before opening the dialog', () => {
  it('sorts the columns by sort ascending (ties by id)', () => {
    expect(strip(prepareColumnRows(product().columnList))).toEqual([
      { id: 20, sort: 1, name: '综述', status: false },
      { id: 22, sort: 1, name: '专题', status: true },
      { id: 21, sort: 3, name: '要闻', status: true },
    ]);
  });

  it('adds one blank enabled row when there are none', () => {
    for (const columns of [[], null, undefined]) {
      expect(strip(prepareColumnRows(columns))).toEqual([{ sort: 1, name: '', status: true }]);
    }
  });

  it('gives every row its own key, and new rows the next sort', () => {
    const rows = prepareColumnRows(product().columnList);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
    const added = newColumnRow(rows);
    expect(added).toMatchObject({ sort: 4, name: '', status: true });
    expect(rows.some((row) => row.key === added.key)).toBe(false);
    expect(newColumnRow([]).sort).toBe(1);
  });
});

describe('product form values', () => {
  it('starts a new product with 全文, 常规期 and one blank column', () => {
    const values = emptyProductForm();
    expect(values).toMatchObject({ deptId: null, name: '', editorIds: [], period: '', type: '1', contentType: '2', template: null, isWeekly: false });
    expect(values.columnList).toHaveLength(1);
  });

  it('reads a product into the form and writes it back', () => {
    const values = productToFormValues(product());
    expect(values).toMatchObject({ id: 4, deptId: 7, name: '国际动态周刊', editorIds: [3, 7], period: 'week', type: '2', contentType: '1', isWeekly: true });
    expect(values.template).toEqual({ id: 12, realName: '周刊模板.docx' });
    expect(formValuesToProduct(values)).toEqual({
      id: 4,
      name: '国际动态周刊',
      deptId: 7,
      editorIds: '3,7',
      period: 'week',
      type: '2',
      contentType: '1',
      fileIds: '12',
      columnList: [
        { id: 20, sort: 1, name: '综述', status: false },
        { id: 22, sort: 1, name: '专题', status: true },
        { id: 21, sort: 3, name: '要闻', status: true },
      ],
      isWeekly: true,
    });
  });

  it('sends nulls for no editors, no period and no template; drops new blank columns; trims', () => {
    const values = { ...emptyProductForm(), deptId: 2, name: ' 日报 ' };
    values.columnList = [...values.columnList, { ...newColumnRow(values.columnList), name: ' 快讯 ', sort: '' }];
    expect(formValuesToProduct(values)).toEqual({
      name: '日报',
      deptId: 2,
      editorIds: null,
      period: null,
      type: '1',
      contentType: '2',
      fileIds: null,
      columnList: [{ sort: 1, name: '快讯', status: true }],
      isWeekly: false,
    });
  });

  it('knows the template from fileIds when the file name is missing', () => {
    expect(templateOf({ files: [], fileIds: '15' })).toEqual({ id: 15, realName: '15' });
    expect(templateOf({ files: [], fileIds: null })).toBeNull();
    expect(productToFormValues(product({ files: [], fileIds: null })).template).toBeNull();
  });
});

describe('product form validation', () => {
  it('requires the unit and the name with the spec messages', () => {
    expect(validateProductForm(emptyProductForm())).toEqual({ deptId: '所属单位不能为空', name: '产品名称不能为空' });
    expect(validateProductForm({ ...emptyProductForm(), deptId: 3, name: '  ' })).toEqual({ name: '产品名称不能为空' });
  });

  it('limits the name to 100 characters', () => {
    expect(validateProductForm({ ...emptyProductForm(), deptId: 3, name: '长'.repeat(101) })).toEqual({ name: '产品名称不能超过100个字符' });
    expect(validateProductForm({ ...emptyProductForm(), deptId: 3, name: '长'.repeat(100) })).toEqual({});
  });

  it('refuses an existing column emptied of its name, but not a blank new row', () => {
    const values = productToFormValues(product());
    expect(validateProductForm(values)).toEqual({});
    values.columnList[0] = { ...values.columnList[0], name: ' ' };
    expect(validateProductForm(values)).toEqual({ columnList: '栏目名称不能为空' });
  });

  it('takes the messages of the current language', () => {
    const messages = { deptRequired: 'unit', nameRequired: 'name', nameTooLong: 'long', columnNameRequired: 'column' };
    expect(validateProductForm(emptyProductForm(), messages)).toEqual({ deptId: 'unit', name: 'name' });
  });
});

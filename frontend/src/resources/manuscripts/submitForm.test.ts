import { describe, expect, it } from 'vitest';
import {
  addRow,
  availableFor,
  canAddRow,
  canRemoveRow,
  chosenColumns,
  columnsDisabled,
  initialSubmitForm,
  isValid,
  removeRow,
  setProduct,
  setRowColumn,
  type SubmitFormState,
  toManyToMany,
  toOneToMany,
  validateSubmit,
} from './submitForm';
import { zhText } from './useManuscriptText';

const filled = (over: Partial<SubmitFormState> = {}): SubmitFormState => {
  let state = setProduct(initialSubmitForm({ firstAuthor: '王审校', authorIds: [4], abstracts: '摘要' }), 3);
  state = setRowColumn(state, state.rows[0].key, 11);
  return { ...state, ...over };
};

describe('submission form: column rows', () => {
  it('starts with one empty row and disables the column selects until a product is chosen', () => {
    const state = initialSubmitForm();
    expect(state.rows).toHaveLength(1);
    expect(state.rows[0].columnId).toBeNull();
    expect(columnsDisabled(state)).toBe(true);
    expect(columnsDisabled(setProduct(state, 3))).toBe(false);
  });

  it('adds rows and removes them, but never the first row', () => {
    let state = setProduct(initialSubmitForm(), 3);
    state = addRow(addRow(state));
    expect(state.rows).toHaveLength(3);
    const [first, second, third] = state.rows;
    expect(new Set([first.key, second.key, third.key]).size).toBe(3);
    expect(canRemoveRow(0)).toBe(false);
    expect(canRemoveRow(1)).toBe(true);
    expect(removeRow(state, first.key)).toBe(state);
    state = removeRow(state, second.key);
    expect(state.rows.map((r) => r.key)).toEqual([first.key, third.key]);
  });

  it('starts the rows again when the product changes (its columns differ)', () => {
    let state = filled();
    state = addRow(state);
    state = setRowColumn(state, state.rows[1].key, 12);
    expect(setProduct(state, 3)).toBe(state);
    const other = setProduct(state, 5);
    expect(other.productId).toBe(5);
    expect(other.rows).toHaveLength(1);
    expect(other.rows[0].columnId).toBeNull();
  });

  it('offers each column to one row only and lists the chosen ones once', () => {
    let state = filled();
    state = addRow(state);
    const columns = [
      { id: 11, name: '要闻' },
      { id: 12, name: '综述' },
      { id: 13, name: '评论' },
    ];
    expect(availableFor(columns, state.rows, state.rows[1].key).map((c) => c.id)).toEqual([12, 13]);
    expect(availableFor(columns, state.rows, state.rows[0].key).map((c) => c.id)).toEqual([11, 12, 13]);
    state = setRowColumn(state, state.rows[1].key, 13);
    expect(chosenColumns(state.rows)).toEqual([11, 13]);
    expect(chosenColumns([...state.rows, { key: 99, columnId: 11 }, { key: 100, columnId: null }])).toEqual([11, 13]);
    expect(canAddRow(3, state.rows)).toBe(true);
    expect(canAddRow(2, state.rows)).toBe(false);
  });
});

describe('submission form: validation', () => {
  it('names every missing field with the spec messages', () => {
    const problems = validateSubmit(initialSubmitForm(), 'single');
    expect(Object.fromEntries(Object.entries(problems.errors).map(([k, v]) => [k, zhText(v!)]))).toEqual({
      productId: '请选择产品',
      firstAuthor: '供稿为必填项',
      authorIds: '审稿为必填项',
      abstracts: '稿件摘要为必填项',
    });
    // no product: the column warning waits for the product
    expect(problems.warning).toBeNull();
  });

  it('warns 请选择投稿栏目 when a product has no column chosen', () => {
    const state = setProduct(initialSubmitForm({ firstAuthor: 'a', authorIds: [1], abstracts: 'x' }), 3);
    const problems = validateSubmit(state, 'single');
    expect(problems.errors).toEqual({});
    expect(zhText(problems.warning!)).toBe('请选择投稿栏目');
    expect(isValid(problems)).toBe(false);
  });

  it('does not ask a batch for an abstract (each item has its own)', () => {
    expect(validateSubmit(filled({ abstracts: '' }), 'batch')).toEqual({ errors: {}, warning: null });
    expect(validateSubmit(filled({ abstracts: '  ' }), 'single').errors.abstracts).toBe('form.abstracts_required');
  });

  it('treats blanks as missing and refuses an over-long supplier or memo', () => {
    expect(validateSubmit(filled({ firstAuthor: '   ' }), 'single').errors.firstAuthor).toBe('form.first_author_required');
    expect(validateSubmit(filled({ firstAuthor: 'x'.repeat(101) }), 'single').errors.firstAuthor).toBe('form.too_long');
    expect(validateSubmit(filled({ memo: 'x'.repeat(1001) }), 'single').errors.memo).toBe('form.too_long');
    expect(isValid(validateSubmit(filled(), 'single'))).toBe(true);
  });
});

describe('submission form: payloads', () => {
  it('single: oneToMany with the news id, columns, reviewers as a comma string and the abstract', () => {
    let state = filled({ authorIds: [4, 7], memo: '  请优先  ', abstracts: ' 摘要 ', firstAuthor: ' 王审校 ' });
    state = addRow(state);
    state = setRowColumn(state, state.rows[1].key, 12);
    expect(toOneToMany(state, 42)).toEqual({
      newsId: 42,
      productId: 3,
      productList: [11, 12],
      memo: '请优先',
      firstAuthor: '王审校',
      authorIds: '4,7',
      abstracts: '摘要',
    });
  });

  it('batch: manyToMany with every news id, the same columns and memo, and no abstract', () => {
    const payload = toManyToMany(filled({ memo: '批量', abstracts: 'ignored' }), [1, 2, 3]);
    expect(payload).toEqual({ newsIds: [1, 2, 3], productId: 3, productList: [11], memo: '批量', firstAuthor: '王审校', authorIds: '4' });
    expect(payload).not.toHaveProperty('abstracts');
    // an empty memo is left out
    expect(toManyToMany(filled(), [1])).not.toHaveProperty('memo');
  });
});

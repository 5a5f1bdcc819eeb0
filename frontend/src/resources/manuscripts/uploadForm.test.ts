import { describe, expect, it } from 'vitest';
import { addRow, setProduct, setRowColumn } from './submitForm';
import { initialUploadForm, toUploadFields, uploadAreaShown, type UploadFormState, validateUpload } from './uploadForm';
import { zhText } from './useManuscriptText';

const complete = (): UploadFormState => {
  let state = setProduct({ ...initialUploadForm({ firstAuthor: '张编辑', dept: { id: 7, name: '期刊编辑部' } }), title: '标题', abstracts: '摘要', authorIds: [3] }, 2);
  state = setRowColumn(state, state.rows[0].key, 21);
  state = addRow(state);
  return setRowColumn(state, state.rows[1].key, 22);
};

describe('upload form', () => {
  it('shows the upload area only when title, supplier and unit are filled', () => {
    const empty = initialUploadForm();
    expect(uploadAreaShown(empty)).toBe(false);
    expect(uploadAreaShown({ ...empty, title: 't', firstAuthor: 'a' })).toBe(false);
    expect(uploadAreaShown({ ...empty, title: 't', firstAuthor: ' ', dept: { id: 1 } })).toBe(false);
    expect(uploadAreaShown({ ...empty, title: 't', firstAuthor: 'a', dept: { id: 1 } })).toBe(true);
  });

  it('requires the title, abstract, supplier, reviewer, product and a column', () => {
    const problems = validateUpload(initialUploadForm());
    expect(Object.values(problems.errors).map((key) => zhText(key!))).toEqual(
      expect.arrayContaining(['稿件标题为必填项', '稿件摘要为必填项', '供稿为必填项', '审稿为必填项', '请选择产品', '请选择单位']),
    );
    expect(validateUpload(setProduct(complete(), 9)).warning).toBe('form.column_required');
    expect(validateUpload(complete())).toEqual({ errors: {}, warning: null });
  });

  it('sends the fields of the multipart request, columns as a comma string', () => {
    expect(toUploadFields({ ...complete(), memo: ' 备注 ' })).toEqual({
      title: '标题',
      firstAuthor: '张编辑',
      authorIds: '3',
      abstracts: '摘要',
      productId: 2,
      productList: '21,22',
      memo: '备注',
      deptId: 7,
    });
  });
});

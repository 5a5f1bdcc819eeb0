// 上传稿件 (spec production-admin §2 "import/upload manuscript", §5): title, supplier, reviewers, unit,
// abstract, product and columns, memo; the upload area shows only once title, supplier and unit are
// filled, and the file is sent with the fields (`POST api/manuscript/uploadManu`, multipart).
import { chosenColumns, FIRST_AUTHOR_MAX, initialSubmitForm, MEMO_MAX, type SubmitFormState, validateSubmit, type SubmitProblems } from './submitForm';

export const TITLE_MAX = 500;
export const UPLOAD_MANU_PATH = 'api/manuscript/uploadManu';

export interface UploadFormState extends SubmitFormState {
  title: string;
  dept: { id: number; name?: string } | null;
}

export function initialUploadForm(defaults: { firstAuthor?: string; dept?: { id: number; name?: string } | null } = {}): UploadFormState {
  return { ...initialSubmitForm({ firstAuthor: defaults.firstAuthor ?? '' }), title: '', dept: defaults.dept ?? null };
}

/** The upload area is offered once the title, the supplier and the unit are filled (spec §2, §5). */
export const uploadAreaShown = (state: Pick<UploadFormState, 'title' | 'firstAuthor' | 'dept'>): boolean =>
  !!state.title.trim() && !!state.firstAuthor.trim() && state.dept !== null;

export type UploadField = keyof SubmitProblems['errors'] | 'title' | 'dept';

export interface UploadProblems {
  errors: Partial<Record<UploadField, SubmitProblems['errors'][keyof SubmitProblems['errors']] | 'form.title_required' | 'form.dept_required'>>;
  warning: SubmitProblems['warning'];
}

/** Everything the server requires: title (稿件标题为必填项), abstract, supplier, reviewer, product, a column. */
export function validateUpload(state: UploadFormState): UploadProblems {
  const base = validateSubmit(state, 'single');
  const errors: UploadProblems['errors'] = { ...base.errors };
  if (!state.title.trim()) errors.title = 'form.title_required';
  else if (state.title.trim().length > TITLE_MAX) errors.title = 'form.too_long';
  if (state.dept === null) errors.dept = 'form.dept_required';
  return { errors, warning: base.warning };
}

/** The text fields of the multipart request (column ids as a comma string). */
export function toUploadFields(state: UploadFormState): Record<string, string | number | undefined> {
  return {
    title: state.title.trim(),
    firstAuthor: state.firstAuthor.trim(),
    authorIds: state.authorIds.join(','),
    abstracts: state.abstracts.trim(),
    productId: state.productId ?? undefined,
    productList: chosenColumns(state.rows).join(','),
    memo: state.memo.trim() || undefined,
    deptId: state.dept?.id,
  };
}

export const FIELD_MAX = { title: TITLE_MAX, firstAuthor: FIRST_AUTHOR_MAX, memo: MEMO_MAX } as const;

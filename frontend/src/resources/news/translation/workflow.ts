// The rules of the translation workbench, pure so that every combination is tested
// (workflow.test.ts). The server stays authoritative: these only decide what is offered.
import type { TransStatus } from './api';

export { type DeptRef, workDeptId } from '../access';

/** CASL subject of a department's translation of an item (the server's translation policy names it the same). */
export const TRANSLATION = 'Translation';

/** The fields of a translation state the rules read. */
export interface WorkflowState {
  transStatus: TransStatus | null;
  editorId: number | null;
  editorName?: string | null;
}

export interface WorkflowUser {
  userId: number | undefined;
  /** news:translate (admin included). */
  translate: boolean;
  /** May review this text: news:judge (admin included) and the translation record rule (not one's own text unless allowed). */
  judge: boolean;
  admin: boolean;
}

export interface WorkbenchActions {
  /** 我要翻译: news:translate; untranslated, examine, done, or edit without an editor. */
  claim: boolean;
  /** 保存 (and Ctrl+S / ⌘S): the editor of record in edit. */
  save: boolean;
  /** 提交审核: the editor of record in edit. */
  submit: boolean;
  /** 释放: the editor of record, or an administrator, in edit. */
  release: boolean;
  /** 审核 (examine) / 重新审核 (done) with news:judge; null = not offered. */
  review: 'review' | 'rereview' | null;
  /** The review button is shown but must warn instead of calling: the 人工翻译 tab was not shown yet. */
  reviewBlocked: boolean;
  /** The manual editor accepts input. */
  editable: boolean;
  /** Someone else holds the item in edit (claim refused: show who). */
  lockedByOther: boolean;
  /** 版本历史 and 下载 Word are always offered. */
  history: true;
  download: true;
}

export const isEditorOf = (state: WorkflowState, user: Pick<WorkflowUser, 'userId'>): boolean =>
  state.transStatus === 'edit' && state.editorId !== null && user.userId !== undefined && state.editorId === user.userId;

/** What the workbench offers for a state, a user and whether the 人工翻译 tab has been shown on this page. */
export function workbenchActions(state: WorkflowState, user: WorkflowUser, { manualShown }: { manualShown: boolean }): WorkbenchActions {
  const status = state.transStatus;
  const editor = isEditorOf(state, user);
  const freeEdit = status === 'edit' && state.editorId === null;
  const claim = user.translate && (status === null || status === 'examine' || status === 'done' || freeEdit);
  const ownEdit = editor && user.translate;
  const review = user.judge ? (status === 'examine' ? 'review' : status === 'done' ? 'rereview' : null) : null;
  return {
    claim,
    save: ownEdit,
    submit: ownEdit,
    release: status === 'edit' && (editor || user.admin),
    review,
    reviewBlocked: review !== null && !manualShown,
    editable: ownEdit,
    lockedByOther: status === 'edit' && state.editorId !== null && !editor,
    history: true,
    download: true,
  };
}

/** Message key of a status chip: 未翻译 / 翻译中 / 待审核 / 已审核. */
export function statusKey(status: TransStatus | null | undefined): 'status.none' | 'status.edit' | 'status.examine' | 'status.done' {
  return status === 'edit' ? 'status.edit' : status === 'examine' ? 'status.examine' : status === 'done' ? 'status.done' : 'status.none';
}

export const statusColor = (status: TransStatus | null | undefined): 'default' | 'primary' | 'warning' | 'success' =>
  status === 'edit' ? 'primary' : status === 'examine' ? 'warning' : status === 'done' ? 'success' : 'default';

/** Whether the machine translation is still being produced (poll `info` meanwhile). */
export const mtInProgress = (status: string | null | undefined): boolean => status === 'pending' || status === 'running';

/**
 * A time of the API for display: ISO strings (`2026-11-20T08:00:00.000Z`) in local time as
 * `yyyy-MM-dd HH:mm`; `yyyy-MM-dd HH:mm:ss` strings cut to minutes; empty → ''.
 */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return value;
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  }
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.slice(0, 16) : value;
}

/** Whether a keyboard event is Ctrl+S / ⌘S. */
export const isSaveShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

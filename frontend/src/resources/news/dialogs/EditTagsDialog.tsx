// STUB (owned by the dialogs helper): edit the department's classification and keywords of one item.
import type { NewsRow } from '../types';

export interface EditTagsDialogProps {
  open: boolean;
  news: Pick<NewsRow, 'id' | 'title' | 'titleCn' | 'classify' | 'keywords'> | null;
  onClose: () => void;
  /** Called after a successful save with the saved values (the list updates the row in place). */
  onSaved?: (value: { classify: number[]; classifyNames: string[]; keywords: string[] }) => void;
}

export function EditTagsDialog(_props: EditTagsDialogProps) {
  return null;
}

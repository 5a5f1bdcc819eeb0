// STUB (owned by the dialogs helper): edit the department's classification alone, as a tree dialog.
import type { NewsRow } from '../types';

export interface ClassifyDialogProps {
  open: boolean;
  news: Pick<NewsRow, 'id' | 'title' | 'titleCn' | 'classify'> | null;
  onClose: () => void;
  onSaved?: (value: { classify: number[]; classifyNames: string[] }) => void;
}

export function ClassifyDialog(_props: ClassifyDialogProps) {
  return null;
}

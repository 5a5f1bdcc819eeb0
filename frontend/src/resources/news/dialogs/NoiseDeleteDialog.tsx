// STUB (owned by the dialogs helper): set as noise / delete with confirmation (news:noise).
import type { NewsRef } from '../types';

export interface NoiseDeleteDialogProps {
  open: boolean;
  news: NewsRef | null;
  /** 'noise' moves it to the noise class (leaves every list), 'delete' deletes it. */
  action: 'noise' | 'delete';
  onClose: () => void;
  onDone?: () => void;
}

export function NoiseDeleteDialog(_props: NoiseDeleteDialogProps) {
  return null;
}

// STUB (owned by the dialogs helper): share one or more news items with users.
import type { NewsRef } from '../types';

export interface ShareDialogProps {
  open: boolean;
  /** Items to share (one record per item and recipient). */
  news: NewsRef[];
  onClose: () => void;
  /** Called after `分享成功`. */
  onShared?: () => void;
}

export function ShareDialog(_props: ShareDialogProps) {
  return null;
}

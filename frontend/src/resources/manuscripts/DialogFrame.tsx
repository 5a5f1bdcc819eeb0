import { DialogFrame as SharedDialogFrame, type DialogFrameProps as SharedDialogFrameProps } from '../shared/DialogFrame';
import { useManuscriptText } from './useManuscriptText';

export interface DialogFrameProps extends Omit<SharedDialogFrameProps, 'confirmLabel' | 'cancelLabel'> {
  confirmLabel?: string;
}

/** The frame of the manuscript dialogs: title, content, 取消 / 确认 (only 关闭 without `onConfirm`). */
export function DialogFrame({ confirmLabel, ...props }: DialogFrameProps) {
  const t = useManuscriptText();
  return <SharedDialogFrame {...props} confirmLabel={confirmLabel ?? t('common.confirm')} cancelLabel={props.onConfirm ? t('common.cancel') : t('common.close')} />;
}

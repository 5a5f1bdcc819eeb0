// The frame of the workbench dialogs: the shared DialogFrame with this area's 取消 / 确认 / 关闭.
import { DialogFrame, type DialogFrameProps } from '../../shared/DialogFrame';
import { useWorkbenchText } from '../useWorkbenchText';

export type FrameProps = Omit<DialogFrameProps, 'confirmLabel' | 'cancelLabel'> & { confirmLabel?: string };

export function Frame({ confirmLabel, ...props }: FrameProps) {
  const t = useWorkbenchText();
  return <DialogFrame {...props} confirmLabel={confirmLabel ?? t('common.confirm')} cancelLabel={props.onConfirm ? t('common.cancel') : t('common.close')} />;
}

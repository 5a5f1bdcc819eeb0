import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type Theme, useMediaQuery } from '@mui/material';
import { Form, type ValidateForm } from 'react-admin';

export interface FormDialogProps<V extends object> {
  open: boolean;
  title: string;
  /** Initial form values (the row being edited, or the defaults of a new record). */
  values: V;
  onSubmit: (values: V) => void;
  onClose: () => void;
  validate?: ValidateForm;
  saving?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** Create/edit dialog around a react-admin <Form>; stays open (and editable) until the caller closes it. */
export function FormDialog<V extends object>({
  open,
  title,
  values,
  onSubmit,
  onClose,
  validate,
  saving = false,
  maxWidth = 'sm',
  children,
}: FormDialogProps<V>) {
  // phones: the form takes the whole screen instead of a cramped box
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen}>
      {open && (
        <Form
          record={values}
          onSubmit={(data: Record<string, unknown>) => onSubmit(data as V)}
          validate={validate}
          noValidate
          // errors show under the fields of the (small) dialog
          disableInvalidFormNotification
        >
          <DialogTitle>{title}</DialogTitle>
          <DialogContent dividers>{children}</DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              取消
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              确认
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

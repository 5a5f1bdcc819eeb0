import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useLogout, useRefresh, useTranslate } from 'react-admin';
import { PasswordForm } from '../pages/userCenter/PasswordForm';
import { resetAuthInfo } from '../providers/authProvider';
import { getToken } from '../providers/http';
import { setPasswordChangeRequired, usePasswordChangeRequired } from '../providers/passwordChange';

/**
 * The forced change of an initial password (issue 12): while the account is flagged (login answer,
 * auth/info, or any call answering 403 PASSWORD_CHANGE_REQUIRED), a modal that only a successful
 * change or 退出登录 closes. Rendered once for the whole app, above every shell and page.
 */
export function PasswordChangeGate() {
  const required = usePasswordChangeRequired();
  const translate = useTranslate();
  const logout = useLogout();
  const refresh = useRefresh();
  const open = required && Boolean(getToken());

  const changed = () => {
    setPasswordChangeRequired(false);
    resetAuthInfo();
    // What failed while the change was pending loads again.
    refresh();
  };

  return (
    // No onClose: neither Escape nor a click beside the dialog dismisses it.
    <Dialog open={open} fullWidth maxWidth="xs" aria-labelledby="forced-password-title" data-testid="forced-password-dialog">
      <DialogTitle id="forced-password-title">{translate('app.center.forced_title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.center.forced_hint')}
        </Alert>
        <PasswordForm onChanged={changed} />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={() => void logout()}>
          {translate('app.center.forced_logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

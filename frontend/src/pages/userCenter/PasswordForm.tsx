import { Form, maxLength, minLength, PasswordInput, required, SaveButton, useDataProvider, useLogout, useNotify } from 'react-admin';
import { Stack } from '@mui/material';
import { encryptWithServerKey } from '../../providers/authProvider';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { errorMessage } from './errorMessage';

interface PasswordValues {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

const sameAsNew = (value: string, values: Partial<PasswordValues>) =>
  value && value !== values.newPass ? 'app.center.pass_mismatch' : undefined;

export interface PasswordFormProps {
  /**
   * Called after a successful change instead of the personal centre's "sign in again" (the forced
   * change of an initial password continues in the same session).
   */
  onChanged?: () => void;
}

/**
 * `POST api/users/updatePass {oldPass, newPass}`, both RSA-encrypted like the login; then sign in
 * again (or `onChanged`). The old password is always typed by the user, never filled in.
 */
export function PasswordForm({ onChanged }: PasswordFormProps = {}) {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const notify = useNotify();
  const logout = useLogout();

  const save = async ({ oldPass = '', newPass = '' }: Partial<PasswordValues>) => {
    try {
      const [oldCipher, newCipher] = await Promise.all([encryptWithServerKey(oldPass), encryptWithServerKey(newPass)]);
      await dataProvider.call('api/users/updatePass', { method: 'POST', body: { oldPass: oldCipher, newPass: newCipher } });
      if (onChanged) {
        notify('app.center.forced_saved', { type: 'success' });
        onChanged();
        return;
      }
      notify('app.center.pass_saved', { type: 'success' });
      setTimeout(() => void logout(), 1500);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const length = [minLength(6, 'app.center.pass_length'), maxLength(20, 'app.center.pass_length')];
  return (
    <Form onSubmit={(values: Partial<PasswordValues>) => save(values)}>
      <Stack sx={{ maxWidth: 420 }}>
        <PasswordInput source="oldPass" label="app.center.old_pass" autoComplete="current-password" validate={required()} />
        <PasswordInput source="newPass" label="app.center.new_pass" autoComplete="new-password" validate={[required(), ...length]} />
        <PasswordInput source="confirmPass" label="app.center.confirm_pass" autoComplete="new-password" validate={[required(), sameAsNew]} />
        <SaveButton label={onChanged ? 'app.center.forced_save' : 'app.center.save'} sx={{ alignSelf: 'flex-start', mt: 1 }} />
      </Stack>
    </Form>
  );
}

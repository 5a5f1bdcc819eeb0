import { Form, maxLength, minLength, RadioButtonGroupInput, regex, required, SaveButton, TextInput, useDataProvider, useNotify } from 'react-admin';
import { Stack } from '@mui/material';
import type { AuthUser } from '../../providers/authProvider';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { errorMessage } from './errorMessage';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

interface ProfileValues {
  nickName: string;
  phone: string;
  gender: string;
}

const GENDERS = [
  { id: '男', name: 'app.center.male' },
  { id: '女', name: 'app.center.female' },
];

/** `PUT api/users/center {id, nickName, phone, gender}`. */
export function ProfileForm({ user, onSaved }: { user: AuthUser; onSaved: () => void }) {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const notify = useNotify();
  const record = { id: user.id, nickName: user.nickName ?? '', phone: user.phone ?? '', gender: user.gender ?? '男' };

  const save = async (values: Partial<ProfileValues>) => {
    try {
      await dataProvider.call('api/users/center', {
        method: 'PUT',
        body: { id: user.id, nickName: values.nickName?.trim(), phone: values.phone?.trim(), gender: values.gender },
      });
      notify('app.center.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  return (
    <Form record={record} onSubmit={(values: Partial<ProfileValues>) => save(values)}>
      <Stack sx={{ maxWidth: 420 }}>
        <TextInput
          source="nickName"
          label="app.center.nickName"
          validate={[required(), minLength(2, 'app.center.nick_length'), maxLength(20, 'app.center.nick_length')]}
        />
        <TextInput source="phone" label="app.center.phone" validate={[required(), regex(PHONE_PATTERN, 'app.center.phone_invalid')]} />
        <RadioButtonGroupInput source="gender" label="app.center.gender" choices={GENDERS} />
        <SaveButton label="app.center.save" sx={{ alignSelf: 'flex-start', mt: 1 }} />
      </Stack>
    </Form>
  );
}

import { useState } from 'react';
import { Box, Card, CircularProgress, Divider, Tab, Tabs } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { type HorizonIdentity, resetAuthInfo } from '../../providers/authProvider';
import { AccessKeys } from './AccessKeys';
import { OwnLogs } from './OwnLogs';
import { PasswordForm } from './PasswordForm';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';

type TabKey = 'profile' | 'password' | 'logs' | 'keys';

/** /user/center: profile card, profile form, password form, avatar, own operation log and access keys. */
export function UserCenterPage() {
  const translate = useTranslate();
  const { identity, isPending, refetch } = useGetIdentity();
  const [tab, setTab] = useState<TabKey>('profile');
  const user = (identity as HorizonIdentity | undefined)?.user;

  const reload = () => {
    resetAuthInfo();
    void refetch();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start', pb: 2 }}>
      <Title title={translate('app.center.title')} />
      {isPending || !user ? (
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center', py: 10 }}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <ProfileCard user={user} onChanged={reload} />
          <Card>
            <Tabs value={tab} onChange={(_, value: TabKey) => setTab(value)} sx={{ px: 2 }}>
              <Tab value="profile" label={translate('app.center.profile_tab')} />
              <Tab value="password" label={translate('app.center.password_tab')} />
              <Tab value="logs" label={translate('app.center.logs_tab')} />
              <Tab value="keys" label={translate('app.user_center.keys_tab')} />
            </Tabs>
            <Divider />
            <Box sx={{ p: 2 }}>
              {tab === 'profile' && <ProfileForm key={user.id} user={user} onSaved={reload} />}
              {tab === 'password' && <PasswordForm />}
              {tab === 'logs' && <OwnLogs />}
              {tab === 'keys' && <AccessKeys />}
            </Box>
          </Card>
        </>
      )}
    </Box>
  );
}

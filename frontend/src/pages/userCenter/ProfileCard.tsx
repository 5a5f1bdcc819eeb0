import type { ReactNode } from 'react';
import { Box, Card, CardContent, CardHeader, Divider, Stack, Typography } from '@mui/material';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { useTranslate } from 'react-admin';
import type { AuthUser } from '../../providers/authProvider';
import { AvatarUpload } from './AvatarUpload';

function Row({ icon, label, value }: { icon: ReactNode; label: string; value?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', py: 1.25, gap: 1, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" sx={{ flex: 1 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.primary" sx={{ textAlign: 'right', wordBreak: 'break-all' }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

/** Left card of the personal centre: avatar and the user's facts. */
export function ProfileCard({ user, onChanged }: { user: AuthUser; onChanged: () => void }) {
  const translate = useTranslate();
  const rows = [
    { key: 'username', icon: <PersonOutlined fontSize="small" />, value: user.username },
    { key: 'nickName', icon: <BadgeOutlined fontSize="small" />, value: user.nickName },
    { key: 'phone', icon: <PhoneOutlined fontSize="small" />, value: user.phone },
    { key: 'email', icon: <EmailOutlined fontSize="small" />, value: user.email },
    { key: 'dept', icon: <ApartmentOutlined fontSize="small" />, value: user.dept?.name },
    { key: 'roles', icon: <SupervisorAccountOutlined fontSize="small" />, value: user.roles?.map((role) => role.name).join('、') },
    { key: 'createTime', icon: <CalendarMonthOutlined fontSize="small" />, value: user.createTime },
  ];
  return (
    <Card>
      <CardHeader title={translate('app.center.info')} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <Divider />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
          <AvatarUpload user={user} onUploaded={onChanged} />
        </Box>
        {rows.map((row, index) => (
          <Box key={row.key}>
            {index > 0 && <Divider />}
            <Row icon={row.icon} label={translate(`app.center.${row.key}`)} value={row.value} />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import { useTranslate } from 'react-admin';
import { StatusPage } from '../components/StatusPage';

/** /401: the page a 403 answer leads to (the session is kept). */
export function NoPermissionPage() {
  const translate = useTranslate();
  return (
    <StatusPage
      code="401"
      title={translate('app.pages.no_permission')}
      hint={translate('app.pages.no_permission_hint')}
      icon={<LockPersonOutlined sx={{ fontSize: 56, color: 'warning.main' }} />}
    />
  );
}

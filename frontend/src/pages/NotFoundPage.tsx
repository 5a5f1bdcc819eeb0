import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { StatusPage } from '../components/StatusPage';

/** /404 */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <StatusPage
      code="404"
      title={translate('app.pages.not_found')}
      hint={translate('app.pages.not_found_hint')}
      icon={<TravelExploreOutlined sx={{ fontSize: 56, color: 'info.main' }} />}
    />
  );
}

/** react-admin catch-all: unknown routes go to /404. */
export function CatchAll() {
  return <Navigate to="/404" replace />;
}

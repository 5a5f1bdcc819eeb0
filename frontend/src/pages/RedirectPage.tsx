import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/<path>: re-enters <path>, so its page mounts afresh (the tag bar's "refresh"). */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

import type { ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { Navigate } from 'react-router-dom';

/**
 * Renders a screen only once the user may list `resource`; otherwise the no-permission page.
 * react-admin's own check runs beside the list query, so without this guard a user without the
 * permission would first fire the (403) requests of the screen.
 */
export function AccessGuard({ resource, children }: { resource: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action: 'list' });
  if (isPending) return <LinearProgress sx={{ mt: 1 }} />;
  if (!canAccess) return <Navigate to="/401" replace />;
  return <>{children}</>;
}

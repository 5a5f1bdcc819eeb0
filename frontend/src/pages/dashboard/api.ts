// The dashboard's one call (docs/dashboard.md): today's figures, null where the caller may not see them.
import type { Schema } from '../../api';
import { requestJson } from '../../providers/http';

export type Dashboard = Schema<'DashboardDto'>;

export const dashboardApi = {
  figures: (signal?: AbortSignal) => requestJson<Dashboard>('api/dashboard', { signal }),
};

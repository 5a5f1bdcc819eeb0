import { useQuery } from '@tanstack/react-query';
import { api, asArray } from '../api';
import type { Job, Page, Role } from '../types';

/** Enabled jobs for the user form (`GET api/job?enabled=true&page=0&size=1000`). */
export function useEnabledJobs(enabled = true) {
  return useQuery({
    queryKey: ['horizon', 'job', 'enabled'],
    queryFn: async () => asArray(await api.get<Page<Job>>('api/job', { enabled: true, page: 0, size: 1000 })),
    enabled,
  });
}

/** Every role, by level (`GET api/roles/all`). */
export function useAllRoles(enabled = true) {
  return useQuery({
    queryKey: ['horizon', 'roles', 'all'],
    queryFn: async () => asArray(await api.get<Role[] | Page<Role>>('api/roles/all')),
    enabled,
  });
}

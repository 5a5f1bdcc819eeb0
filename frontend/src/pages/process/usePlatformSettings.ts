import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { HorizonDataProvider } from '../../providers/dataProvider';

/** `GET api/platform/settings` (backend/src/modules/platform). */
export interface PlatformSettings {
  /** The user menus offer logout only when true (PLATFORM_LOGOUT_ENABLED). */
  logoutEnabled: boolean;
  /** Platform name of the deployment; null = the UI's own localised title. */
  title: string | null;
  /** External systems with a configured address (knowledge, clue, collect). */
  externalTargets: string[];
}

export const platformSettingsKey = ['horizon', 'platform', 'settings'] as const;

/** The deployment's platform settings, read once per session (they only change with a restart). */
export function usePlatformSettings() {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  return useQuery({
    queryKey: platformSettingsKey,
    queryFn: async () => (await dataProvider.call<PlatformSettings>('api/platform/settings')).data,
    staleTime: Infinity,
    retry: 1,
  });
}

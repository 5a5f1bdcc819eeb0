// The large screens' calls (docs/screens.md): one per refresh.
import type { Schema } from '../../api';
import { requestJson } from '../../providers/http';

export type ScreenOverview = Schema<'ScreenOverviewDto'>;
export type ScreenShow = Schema<'ScreenShowDto'>;
export type ScreenLevel = ScreenOverview['level'];

export const screenApi = {
  overview: (level: ScreenLevel, signal?: AbortSignal) => requestJson<ScreenOverview>(`api/screen/overview?level=${level}`, { signal }),
  show: (signal?: AbortSignal) => requestJson<ScreenShow>('api/screen/show', { signal }),
  access: (signal?: AbortSignal) => requestJson<{ enabled: boolean }>('api/screen/access', { signal }),
};

/** The screen's address for a new window (`/horizon/screen`: a new window needs the base path). */
export function screenHref(path: 'screen' | 'screenLevel' | 'screenShow'): string {
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
  return `${base}${path}`;
}

/** Opens a large screen in a new window. */
export function openScreen(path: 'screen' | 'screenLevel' | 'screenShow'): void {
  window.open(screenHref(path), '_blank', 'noopener');
}

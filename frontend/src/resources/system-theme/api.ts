// Calls of the 新闻主题 screen (backend/src/modules/themes). The list and the single writes go through
// the dataProvider as the resource `system/theme` (list `api/newsTheme/themeList`, writes
// `api/newsTheme`, see resources/index.ts); the batch create is a direct call.
import { api } from '../api';
import type { Schema } from '../../api';

export const THEME_RESOURCE = 'system/theme';
export const THEME_API_PATH = 'api/newsTheme';

/** A row of `GET api/newsTheme/themeList`. */
export type NewsTheme = Schema<'ThemeDto'>;

/** One theme of `POST api/newsTheme/createList`. */
export interface ThemeItem {
  title: string;
  keywords: string[];
}

export const themeApi = {
  /** Creates the themes whose title is new; answers the created ones. */
  createList: (items: ThemeItem[]) => api.post<NewsTheme[]>(`${THEME_API_PATH}/createList`, items),
};

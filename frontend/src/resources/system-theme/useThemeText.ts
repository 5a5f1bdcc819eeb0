// `useThemeText()`: the screen's messages (`newsTheme.*`) from the app catalogues, falling back to i18n.ts.
import { createScopedText, type MessageKey, type ScopedT } from '../shared/scopedText';
import { themeEn, type ThemeMessages, themeZh } from './i18n';

export type ThemeKey = MessageKey<ThemeMessages>;
export type ThemeT = ScopedT<ThemeMessages>;

export const useThemeText = createScopedText('newsTheme', themeZh, themeEn);

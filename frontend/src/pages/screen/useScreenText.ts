// `useScreenText()`: the large screens' messages (`screen.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../resources/shared/scopedText';
import { SCREEN_I18N_PREFIX, type ScreenMessages, screenEn, screenZh } from './i18n';

export type ScreenT = ScopedT<ScreenMessages>;

export const useScreenText: () => ScreenT = createScopedText(SCREEN_I18N_PREFIX, screenZh, screenEn);

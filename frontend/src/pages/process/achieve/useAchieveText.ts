// `useAchieveText()`: 成果管理's messages (`achieve.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../../resources/shared/scopedText';
import { ACHIEVE_I18N_PREFIX, type AchieveMessages, achieveEn, achieveZh } from './i18n';

export type AchieveT = ScopedT<AchieveMessages>;

export const useAchieveText: () => AchieveT = createScopedText(ACHIEVE_I18N_PREFIX, achieveZh, achieveEn);

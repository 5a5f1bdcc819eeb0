// `useOfficeText()`: `t('page.save')`, the text of the current locale from `office.*`, else the table
// of i18n.ts (English when the UI is English).
import { createScopedText, type MessageKey, type ScopedT } from '../shared/scopedText';
import { OFFICE_I18N_PREFIX, officeEn, type OfficeMessages, officeZh } from './i18n';

export type OfficeKey = MessageKey<OfficeMessages>;
export type OfficeT = ScopedT<OfficeMessages>;

export const useOfficeText: () => OfficeT = createScopedText(OFFICE_I18N_PREFIX, officeZh, officeEn);

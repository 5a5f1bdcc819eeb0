// `useStorageText()`: the storage screens' messages (`storage.*`), falling back to i18n.ts.
import { createScopedText, type ScopedT } from '../../resources/shared/scopedText';
import { STORAGE_I18N_PREFIX, storageEn, type StorageMessages, storageZh } from './i18n';

export type StorageT = ScopedT<StorageMessages>;

export const useStorageText: () => StorageT = createScopedText(STORAGE_I18N_PREFIX, storageZh, storageEn);

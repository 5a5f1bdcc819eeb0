// zh-CN by default, English on demand; the choice is kept in the react-admin store (localStorage).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { store } from '../store';
import { enMessages } from './en';
import { zhMessages } from './zh';

export const LOCALES = [
  { locale: 'zh', name: '简体中文' },
  { locale: 'en', name: 'English' },
];

const messages: Record<string, typeof zhMessages> = { zh: zhMessages, en: enMessages };

export function storedLocale(): string {
  const locale = store.getItem<string>('locale');
  return locale && locale in messages ? locale : 'zh';
}

export function createI18nProvider(initialLocale: string = storedLocale()): I18nProvider {
  return polyglotI18nProvider((locale) => messages[locale] ?? zhMessages, initialLocale, LOCALES, {
    allowMissing: true,
  });
}

export const i18nProvider = createI18nProvider();

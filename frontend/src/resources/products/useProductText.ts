// `useProductText()`: the product screens' messages (`products.*`) from the app catalogues, falling
// back to the text of i18n.ts in the UI language when the catalogue does not hold the key (and in
// tests without one).
import { createScopedText, fillMessage, type MessageArgs, messageAt, type MessageKey, type ScopedT } from '../shared/scopedText';
import { PRODUCTS_I18N_PREFIX, type ProductMessages, productsEn, productsZh } from './i18n';

/** A key of the product messages, e.g. `list.search`. */
export type ProductKey = MessageKey<ProductMessages>;

export type ProductArgs = MessageArgs;

export type ProductT = ScopedT<ProductMessages>;

/** The text of `key` in a message table (the key itself when missing). */
export const messageOf = (messages: ProductMessages, key: ProductKey): string => messageAt(messages, key);

/** `%{name}` placeholders filled, as polyglot does. */
export const fill = fillMessage;

export const useProductText: () => ProductT = createScopedText(PRODUCTS_I18N_PREFIX, productsZh, productsEn);

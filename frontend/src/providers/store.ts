// react-admin's localStorage store, except that logging out (which resets the store) keeps the
// user's language and sidebar state: they belong to the browser, not to the session.
import { localStorageStore, type Store } from 'react-admin';

export const KEPT_ON_RESET = ['locale', 'sidebar.open'];

export function createStore(base: Store = localStorageStore(undefined, 'Horizon')): Store {
  return {
    ...base,
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) {
        if (value !== undefined) base.setItem(key, value);
      }
    },
  };
}

export const store = createStore();

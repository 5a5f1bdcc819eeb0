// Test scaffolding of the product-processing pages: the page in a router at `entry`, react-admin's
// context (auth with `codes`, zh messages, a fresh query client) and the CASL ability of `codes`.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { abilityFromCodes, AppAbilityProvider } from '../../providers/ability';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';

/** A reviewer of 国际新闻部 holding `codes`. */
export function reviewerAuth(codes: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 5, user: { id: 5, username: 'reviewer', dept: { id: 3, name: '国际新闻部' } } }),
    getPermissions: async () => codes,
  };
}

export function renderProcessPage(ui: ReactElement, { entry, codes }: { entry: string; codes: string[] }) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext authProvider={reviewerAuth(codes)} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <AppAbilityProvider value={abilityFromCodes(codes)}>{ui}</AppAbilityProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

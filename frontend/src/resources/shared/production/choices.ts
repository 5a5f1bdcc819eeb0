// Reference lists the production screens (products, journals, manuscripts) pick from, with their
// wire types: the products offered in choice lists and the users offered as editors or reviewers.
// One query key per list, so every screen reads the same cache.
import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../../../api';
import { requestJson } from '../../../providers/http';

/** An entry of `GET api/productSetting/all` (choice lists). */
export type ProductChoice = Schema<'ProductOptionDto'>;

/** A user of `GET api/users/selectUser`; a placeholder for an id the list lacks has a null nickName. */
export type SelectableUser = Omit<Schema<'UserOptionDto'>, 'nickName' | 'dept'> & {
  nickName: string | null;
  dept?: Schema<'UserOptionDto'>['dept'];
};

const get = <T>(path: string, signal?: AbortSignal) => requestJson<T>(path, { signal });

export const choicesApi = {
  /** Every product, by name. */
  products: (signal?: AbortSignal) => get<ProductChoice[]>('api/productSetting/all', signal),
  /** The products whose journals the caller may write, by name (`all?editable=true`: the journal form). */
  editableProducts: (signal?: AbortSignal) => get<ProductChoice[]>('api/productSetting/all?editable=true', signal),
  /** Enabled users of every department (chief editors, responsible editors, reviewers). */
  users: (signal?: AbortSignal) => get<SelectableUser[]>('api/users/selectUser', signal),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const choiceKeys = {
  products: ['horizon', 'products', 'all'] as const,
  /** The caller's own: react-admin clears the cache at logout. */
  editableProducts: ['horizon', 'products', 'all', 'editable'] as const,
  /** Same key as the share dialog's and the manuscript screens' user list: one cache for all. */
  users: ['horizon', 'users', 'selectUser'] as const,
};

/** Every product (id, name, ...) for the choice lists. */
export function useProductChoices(enabled = true) {
  return useQuery({
    queryKey: choiceKeys.products,
    queryFn: ({ signal }) => choicesApi.products(signal),
    staleTime: 30_000,
    enabled,
  });
}

/** The products whose journals the caller may write (the journal form's product picker, 新增). */
export function useEditableProductChoices(enabled = true) {
  return useQuery({
    queryKey: choiceKeys.editableProducts,
    queryFn: ({ signal }) => choicesApi.editableProducts(signal),
    staleTime: 30_000,
    enabled,
  });
}

/** The users offered as editors (chief editors of a product, responsible editors of a journal). */
export function useSelectableUsers() {
  return useQuery({
    queryKey: choiceKeys.users,
    queryFn: ({ signal }) => choicesApi.users(signal),
    staleTime: 5 * 60_000,
  });
}

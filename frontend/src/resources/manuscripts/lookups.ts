// The lookups of the manuscript forms: products (`all`), enabled columns per product, users.
import { useQuery } from '@tanstack/react-query';
import { manuscriptKeys, manuscriptsApi } from './api';

const FIVE_MINUTES = 5 * 60_000;

export function useProducts(enabled = true) {
  return useQuery({ queryKey: manuscriptKeys.products, queryFn: ({ signal }) => manuscriptsApi.products(signal), enabled, staleTime: 60_000 });
}

export function useColumnMap(enabled = true) {
  return useQuery({ queryKey: manuscriptKeys.columnMap, queryFn: ({ signal }) => manuscriptsApi.columnMap(signal), enabled, staleTime: 60_000 });
}

export function useUsers(enabled = true) {
  return useQuery({ queryKey: manuscriptKeys.users, queryFn: ({ signal }) => manuscriptsApi.users(signal), enabled, staleTime: FIVE_MINUTES });
}

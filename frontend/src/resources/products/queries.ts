// Reference data of the product screens (the product choice lists live in shared/production/choices.ts).
import { useQuery } from '@tanstack/react-query';
import { productKeys, productsApi } from './api';
import type { DictOption } from './types';

/** The `product_period` dictionary (label/value). */
export function usePeriods(enabled = true) {
  return useQuery({
    queryKey: productKeys.periods,
    queryFn: ({ signal }) => productsApi.periods(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The label of a dictionary value (the value itself when the dictionary does not know it). */
export function periodLabel(value: string | null | undefined, periods: readonly DictOption[] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return periods?.find((option) => String(option.value) === String(value))?.label ?? String(value);
}

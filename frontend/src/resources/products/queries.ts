// Reference data of the product and journal screens, cached across them.
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

/** Every product (id, name, ...) for the choice lists. */
export function useProductChoices(enabled = true) {
  return useQuery({
    queryKey: productKeys.choices,
    queryFn: ({ signal }) => productsApi.all(signal),
    staleTime: 30_000,
    enabled,
  });
}

/** The products whose journals the caller may write (the journal form's product picker, 新增). */
export function useEditableProductChoices(enabled = true) {
  return useQuery({
    queryKey: productKeys.editableChoices,
    queryFn: ({ signal }) => productsApi.editable(signal),
    staleTime: 30_000,
    enabled,
  });
}

/** The label of a dictionary value (the value itself when the dictionary does not know it). */
export function periodLabel(value: string | null | undefined, periods: readonly DictOption[] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return periods?.find((option) => String(option.value) === String(value))?.label ?? String(value);
}

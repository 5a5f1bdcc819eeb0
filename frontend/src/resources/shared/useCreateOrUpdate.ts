// The save of the create/edit dialogs over `api.ts`: POST without an id, PUT with one, then the
// 新增成功 / 编辑成功 notice, the resource's queries refetched and `onSaved` (e.g. closing the dialog).
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from './hooks';

export interface CreateOrUpdateApi<B> {
  create: (body: B) => Promise<unknown>;
  update: (body: B) => Promise<unknown>;
}

export interface CreateOrUpdateOptions {
  /** The queries to refetch after a save (e.g. `productKeys.all`). */
  invalidate: QueryKey;
  createdMessage: string;
  updatedMessage: string;
  onSaved: () => void;
}

export function useCreateOrUpdate<B extends { id?: number | null }>(api: CreateOrUpdateApi<B>, { invalidate, createdMessage, updatedMessage, onSaved }: CreateOrUpdateOptions) {
  const queryClient = useQueryClient();
  return useApiMutation(async (body: B) => void (body.id ? await api.update(body) : await api.create(body)), {
    successMessage: (body) => (body.id ? updatedMessage : createdMessage),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invalidate });
      onSaved();
    },
  });
}

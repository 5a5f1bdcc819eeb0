import { useCallback, useEffect, useState } from 'react';
import {
  type RaRecord,
  useCreate,
  useLogoutIfAccessDenied,
  useNotify,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { MESSAGES } from './text';

type NoticeType = 'success' | 'info' | 'warning' | 'error';

/** Notifies a literal (Chinese) text; `_` keeps it verbatim whatever the i18n catalogue holds. */
export function useNotifyText() {
  const notify = useNotify();
  return useCallback(
    (message: string, type: NoticeType = 'success') => notify(message, { type, messageArgs: { _: message } }),
    [notify],
  );
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' ? error : '操作失败';

/** Errors of react-admin mutations (the dataProvider already ran the auth check). */
export function useNotifyError() {
  const notifyText = useNotifyText();
  return useCallback((error: unknown) => notifyText(errorMessage(error), 'error'), [notifyText]);
}

/** Errors of direct `api.ts` calls: 401/403 go through authProvider.checkError, the rest are shown. */
export function useApiErrorHandler() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notifyError = useNotifyError();
  return useCallback(
    (error: unknown) => {
      void logoutIfAccessDenied(error).then((loggedOut) => {
        if (!loggedOut) notifyError(error);
      });
    },
    [logoutIfAccessDenied, notifyError],
  );
}

/** Reports the error of a direct `useQuery` once (auth check, then a notice). */
export function useQueryErrorHandler(error: unknown) {
  const onError = useApiErrorHandler();
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
}

/** `value`, once it has stopped changing for `delay` ms (search boxes outside react-admin filters). */
export function useDebouncedValue<T>(value: T, delay = 400): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A mutation over `api.ts` with the admin conventions: success notice, refresh of every list and
 * tree query, errors shown with the server's message.
 */
export function useApiMutation<TVariables, TResult = unknown>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  {
    successMessage,
    onSuccess,
  }: {
    successMessage?: string | ((variables: TVariables) => string);
    onSuccess?: (result: TResult, variables: TVariables) => void;
  } = {},
  options: Omit<UseMutationOptions<TResult, unknown, TVariables>, 'mutationFn' | 'onSuccess' | 'onError'> = {},
) {
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const refresh = useRefresh();
  return useMutation<TResult, unknown, TVariables>({
    ...options,
    mutationFn,
    onSuccess: (result, variables) => {
      const message = typeof successMessage === 'function' ? successMessage(variables) : successMessage;
      if (message) notifyText(message);
      refresh();
      onSuccess?.(result, variables);
    },
    onError,
  });
}

interface SaveOptions<T> {
  /** Called after a successful create or update, e.g. to close the dialog; `answer` is what the server answered. */
  onSaved?: (record: T, created: boolean, answer?: RaRecord) => void;
  createdMessage?: string;
}

/** Create (no id) or update (id, sent in the body) through the dataProvider, pessimistically. */
export function useSaveRecord<T extends { id?: number | null }>(resource: string, { onSaved, createdMessage }: SaveOptions<T> = {}) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const refresh = useRefresh();

  const save = useCallback(
    (data: T, previousData?: RaRecord) => {
      const done = (created: boolean) => (answer?: RaRecord) => {
        notifyText(created ? (createdMessage ?? MESSAGES.created) : MESSAGES.updated);
        refresh();
        onSaved?.(data, created, answer);
      };
      if (data.id !== undefined && data.id !== null) {
        update(
          resource,
          { id: data.id, data, previousData: previousData ?? (data as RaRecord) },
          { mutationMode: 'pessimistic', onSuccess: done(false), onError: notifyError },
        );
      } else {
        create(resource, { data }, { onSuccess: done(true), onError: notifyError });
      }
    },
    [create, update, resource, notifyText, notifyError, refresh, onSaved, createdMessage],
  );

  return { save, isPending: creating || updating };
}

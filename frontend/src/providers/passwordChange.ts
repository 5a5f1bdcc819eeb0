// "Change your initial password first" (issue 12): the API flags a new or reset account
// (`passwordChangeRequired` in the login answer and auth/info) and answers every other call
// 403 PASSWORD_CHANGE_REQUIRED until `api/users/updatePass` succeeds. One flag for the whole app;
// the shell shows the change dialog while it is set.
import { useSyncExternalStore } from 'react';
import { HttpError } from 'react-admin';

export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

let required = false;
const listeners = new Set<() => void>();

export function isPasswordChangeRequired(): boolean {
  return required;
}

export function setPasswordChangeRequired(value: boolean): void {
  if (required === value) return;
  required = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The flag as React state. */
export function usePasswordChangeRequired(): boolean {
  return useSyncExternalStore(subscribe, isPasswordChangeRequired, isPasswordChangeRequired);
}

/** Is this the API's 403 PASSWORD_CHANGE_REQUIRED? */
export function isPasswordChangeError(error: unknown): boolean {
  const body = error instanceof HttpError ? (error.body as { code?: unknown } | null) : null;
  return Boolean(body && typeof body === 'object' && body.code === PASSWORD_CHANGE_REQUIRED);
}

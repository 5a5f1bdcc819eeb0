import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  userId?: number;
  username?: string;
}

/** Per-request context (who is acting), set by the auth guard, read by the audit subscriber and log. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentUsername(): string | undefined {
  return requestContext.getStore()?.username;
}

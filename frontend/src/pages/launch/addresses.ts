// What the launch page's tiles need beyond navigation: the external systems' address calls and the
// roles of the storage tile.

/** The server's message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/**
 * The two tiles that open an external system ask the server for its address (`GET
 * api/platform/externalUrl?target=…` → `{url}`, or 404 with a message when it is not configured;
 * the spec's own paths `api/collectionWebsite/postGraph|postSearch` answer the same).
 */
export const ADDRESS_CALLS = {
  knowledge: 'api/platform/externalUrl?target=knowledge',
  clue: 'api/platform/externalUrl?target=clue',
};

/** Roles that open the data storage module (spec §6). */
export const STORAGE_ROLES = ['timing:edit'];

/** An address from whatever shape the server answers: a string, or `{url|address|link|data}`. */
export function extractAddress(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const value = body.trim();
    return /^(https?:\/\/|\/)/i.test(value) ? value : undefined;
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['url', 'address', 'link', 'data']) {
      const found = extractAddress(record[key]);
      if (found) return found;
    }
  }
  return undefined;
}

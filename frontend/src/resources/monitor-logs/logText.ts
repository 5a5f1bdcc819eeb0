/** Shortens a long cell (params) to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max = 40): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** Pretty-prints JSON params when they parse, otherwise returns them unchanged. */
export function prettyParams(params: string | null | undefined): string {
  const value = params ?? '';
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** What a log line is about: its description, else the request (`DELETE /auth/logout`). */
export function logTitle(log: { description?: string | null; method?: string | null }): string {
  return log.description?.trim() || log.method?.trim() || '-';
}

/** The user-facing text of a failed call (HttpError carries the server's message). */
export function errorMessage(error: unknown, fallback = 'ra.notification.http_error'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

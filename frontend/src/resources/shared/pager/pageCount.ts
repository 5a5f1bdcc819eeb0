/** Number of pages of a total; at least 1. */
export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
}

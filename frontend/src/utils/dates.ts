const pad = (n: number): string => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in local time, the wire format of the API. */
export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

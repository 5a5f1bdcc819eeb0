// Short, readable names for the user-agent strings the server records (online users, logs).
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /(?:Headless)?Chrome\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* .*Safari\//],
];

const SYSTEMS: Array<[string, RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/** `Chrome 156 · Linux` out of a user-agent string (the full string stays in a tooltip). */
export function browserSummary(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return '';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua));
  if (!browser && !system) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  const name = browser ? `${browser[0]} ${browser[1].exec(ua)?.[1] ?? ''}`.trim() : '';
  return [name, system?.[0]].filter(Boolean).join(' · ');
}

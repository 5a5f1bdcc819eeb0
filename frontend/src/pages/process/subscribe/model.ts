// Pure helpers of 新闻订阅: the wire's comma strings, the search filter of each tab, the tabs by mode.

/** `"1,2,3"` → [1, 2, 3] (blank → []). */
export function idsOf(csv: string | null | undefined): number[] {
  return (csv ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Case-insensitive "contains" over any of the texts; a blank needle matches everything. */
export function matches(needle: string, ...texts: Array<string | null | undefined>): boolean {
  const n = needle.trim().toLowerCase();
  if (!n) return true;
  return texts.some((t) => (t ?? '').toLowerCase().includes(n));
}

export interface NamedNode {
  id: number;
  name: string;
  children?: NamedNode[] | null;
}

/** The nodes whose name matches, with their ancestors (so the tree keeps its shape); blank → all. */
export function filterTree<T extends NamedNode>(nodes: readonly T[], needle: string): T[] {
  if (!needle.trim()) return [...nodes];
  const out: T[] = [];
  for (const node of nodes) {
    const kids = filterTree((node.children ?? []) as T[], needle);
    if (matches(needle, node.name) || kids.length) out.push({ ...node, children: kids.length ? kids : matches(needle, node.name) ? node.children : [] });
  }
  return out;
}

/** `set` with `ids` added (`on`) or removed, order kept, no duplicates. */
export function toggleIds(set: readonly number[], ids: readonly number[], on: boolean): number[] {
  if (on) return [...set, ...ids.filter((id) => !set.includes(id))];
  return set.filter((id) => !ids.includes(id));
}

export const SUBSCRIBE_MODES = ['website', 'category', 'theme'] as const;
export type SubscribeMode = (typeof SUBSCRIBE_MODES)[number];

export const modeOf = (value: string | null): SubscribeMode => ((SUBSCRIBE_MODES as readonly string[]).includes(value ?? '') ? (value as SubscribeMode) : 'website');

/** The tab keys shown in a mode: 我的订阅 first, then the mode's selector (one tab per theme in theme mode). */
export function tabsOf(mode: SubscribeMode, themeIds: readonly number[]): string[] {
  if (mode === 'theme') return ['mine', ...themeIds.map((id) => `theme:${id}`)];
  return ['mine', mode];
}

/** The tab to show: the asked one when the mode has it, else 我的订阅. */
export function currentTab(asked: string | null, tabs: readonly string[]): string {
  return asked && tabs.includes(asked) ? asked : 'mine';
}

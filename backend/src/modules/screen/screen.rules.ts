import { formatDay } from '../../common/time/day.js';
import { parseDateTime } from '../../common/time/time.js';

/** `level` of `GET api/screen/overview`: the work department (数据大屏) or its parent's subtree (分级大屏). */
export const SCREEN_LEVELS = ['dept', 'parent'] as const;
export type ScreenLevel = (typeof SCREEN_LEVELS)[number];

/** Items of each latest list on a screen. */
export const SCREEN_LATEST = 10;
/** Countries and keywords on a screen. */
export const SCREEN_TOP = 20;

/** The periods of one refresh at `now`: today (the configured zone's day), the 7 days ending today, the last 24 hours. */
export function screenPeriods(now: Date): { day: string; today: Date; week: Date; day24: Date; to: Date } {
  const day = formatDay(now);
  const [y, m, d] = day.split('-').map(Number);
  const at = (offset: number) => parseDateTime(new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10))!;
  return { day, today: at(0), week: at(-6), day24: new Date(now.getTime() - 24 * 3600_000), to: at(1) };
}

/** What the scope of a screen is computed from. */
export interface ScreenCaller {
  isAdmin: boolean;
  workDeptId: number | null;
  /** The user's department followed by its ancestors. */
  deptChain: readonly number[];
}

/**
 * The departments whose warnings and translations a screen shows (docs/screens.md):
 * - `dept`: the work department (as the news list), `{ depts: [workDeptId] }`;
 * - `parent`: the subtree of the work department's parent (the work department's own when it is
 *   top-level), `{ root }` — the caller expands it to the subtree.
 * Without a work department: administrators see every department (`{ depts: null }`), others none (`{ depts: [] }`).
 */
export function screenScope(caller: ScreenCaller, level: ScreenLevel): { depts: number[] | null } | { root: number } {
  const work = caller.workDeptId;
  if (work == null) return { depts: caller.isAdmin ? null : [] };
  if (level === 'dept') return { depts: [work] };
  const i = caller.deptChain.indexOf(work);
  const parent = i >= 0 ? caller.deptChain[i + 1] : undefined;
  return { root: parent != null && parent > 0 ? parent : work };
}

/** Whether the large-screen entries show (docs/screens.md): administrators, and holders of an enabled configured job. */
export function screenEntriesEnabled(isAdmin: boolean, jobs: ReadonlyArray<{ id: number; enabled: boolean }>, configured: readonly number[]): boolean {
  return isAdmin || jobs.some((j) => j.enabled && configured.includes(j.id));
}

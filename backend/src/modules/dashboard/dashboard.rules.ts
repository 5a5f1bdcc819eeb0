import { type AppAbility, holds } from '../../common/access/ability.js';
import { formatDay } from '../../common/time/day.js';
import { parseDateTime } from '../../common/time/time.js';

/** Today (the configured zone's day) of `now`: the day and its [from, to) instants. */
export function todayRange(now: Date): { day: string; from: Date; to: Date } {
  const day = formatDay(now);
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { day, from: parseDateTime(day)!, to: parseDateTime(next)! };
}

/** Which figures the caller sees (docs/dashboard.md). */
export interface DashboardAccess {
  /** `news:list`: today's collected items and the own claims. */
  news: boolean;
  /** The department of the department figures (news:list and a work department), else null. */
  deptId: number | null;
  /** `news:judge` with a work department: the department's items waiting for review in the own queue. */
  judge: boolean;
  /** `productJournal:list`. */
  journals: boolean;
  /** `website:list`. */
  sources: boolean;
}

export function dashboardAccess(ability: AppAbility, workDeptId: number | null): DashboardAccess {
  const news = holds(ability, 'news:list');
  const deptId = news && workDeptId != null ? workDeptId : null;
  return {
    news,
    deptId,
    judge: deptId != null && holds(ability, 'news:judge'),
    journals: holds(ability, 'productJournal:list'),
    sources: holds(ability, 'website:list'),
  };
}

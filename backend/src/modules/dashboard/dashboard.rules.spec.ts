import { defineAbility } from '../../common/access/ability.js';
import { formatDateTime } from '../../common/time/time.js';
import { dashboardAccess, todayRange } from './dashboard.rules.js';

const ability = (permissions: string[], isAdmin = false) =>
  defineAbility({ userId: 7, isAdmin, permissions, deptId: 3, workDeptId: 2, dataScope: [3], deptChain: [3, 2] }, []);

describe('todayRange', () => {
  it('is the configured zone day of the instant, midnight to next midnight', () => {
    const r = todayRange(new Date('2026-03-01T17:30:00Z')); // 2026-03-02 01:30 in Asia/Shanghai
    expect(r.day).toBe(formatDateTime(new Date('2026-03-01T17:30:00Z')).slice(0, 10));
    expect(formatDateTime(r.from)).toBe(`${r.day} 00:00:00`);
    expect(r.to.getTime() - r.from.getTime()).toBe(24 * 3600_000);
  });

  it('crosses month and year ends', () => {
    const r = todayRange(new Date('2026-12-31T12:00:00Z'));
    expect(formatDateTime(r.to).slice(0, 10)).toBe(r.day === '2026-12-31' ? '2027-01-01' : '2027-01-02');
  });
});

describe('dashboardAccess', () => {
  it('shows everything to administrators', () => {
    expect(dashboardAccess(ability([], true), 2)).toEqual({ news: true, deptId: 2, judge: true, journals: true, sources: true });
  });

  it('hides what the codes do not allow', () => {
    expect(dashboardAccess(ability([]), 2)).toEqual({ news: false, deptId: null, judge: false, journals: false, sources: false });
    expect(dashboardAccess(ability(['news:list']), 2)).toEqual({ news: true, deptId: 2, judge: false, journals: false, sources: false });
    expect(dashboardAccess(ability(['news:list', 'news:judge', 'website:list', 'productJournal:list']), 2)).toEqual({
      news: true,
      deptId: 2,
      judge: true,
      journals: true,
      sources: true,
    });
  });

  it('has no department figures without a work department', () => {
    expect(dashboardAccess(ability(['news:list', 'news:judge']), null)).toEqual({ news: true, deptId: null, judge: false, journals: false, sources: false });
  });
});

import { formatDateTime } from '../../common/time/time.js';
import { screenEntriesEnabled, screenPeriods, screenScope } from './screen.rules.js';

describe('screenPeriods', () => {
  it('is today, the 7 days ending today and the last 24 hours of the configured zone', () => {
    const now = new Date('2026-03-01T17:30:00Z');
    const p = screenPeriods(now);
    expect(formatDateTime(p.today)).toBe(`${p.day} 00:00:00`);
    expect(p.to.getTime() - p.today.getTime()).toBe(24 * 3600_000);
    expect(p.today.getTime() - p.week.getTime()).toBe(6 * 24 * 3600_000);
    expect(now.getTime() - p.day24.getTime()).toBe(24 * 3600_000);
  });
});

describe('screenScope', () => {
  const chain = [5, 2, 1]; // 编译部 → 新闻中心 (work) → 总部

  it('is the work department at the dept level', () => {
    expect(screenScope({ isAdmin: false, workDeptId: 2, deptChain: chain }, 'dept')).toEqual({ depts: [2] });
  });

  it("is the work department's parent subtree at the parent level", () => {
    expect(screenScope({ isAdmin: false, workDeptId: 2, deptChain: chain }, 'parent')).toEqual({ root: 1 });
  });

  it('stays at a top-level work department', () => {
    expect(screenScope({ isAdmin: false, workDeptId: 1, deptChain: [1] }, 'parent')).toEqual({ root: 1 });
    expect(screenScope({ isAdmin: false, workDeptId: 1, deptChain: [1, 0] }, 'parent')).toEqual({ root: 1 });
  });

  it('is every department for an administrator without a department, none for others', () => {
    expect(screenScope({ isAdmin: true, workDeptId: null, deptChain: [] }, 'parent')).toEqual({ depts: null });
    expect(screenScope({ isAdmin: false, workDeptId: null, deptChain: [] }, 'dept')).toEqual({ depts: [] });
  });
});

describe('screenEntriesEnabled', () => {
  it('holds for administrators and for an enabled configured job only', () => {
    expect(screenEntriesEnabled(true, [], [])).toBe(true);
    expect(screenEntriesEnabled(false, [{ id: 3, enabled: true }], [])).toBe(false);
    expect(screenEntriesEnabled(false, [{ id: 3, enabled: true }], [4, 3])).toBe(true);
    expect(screenEntriesEnabled(false, [{ id: 3, enabled: false }], [3])).toBe(false);
  });
});

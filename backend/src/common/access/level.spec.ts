import type { Principal } from '../auth/principal.js';
import { testPrincipal } from '../auth/principal.testing.js';
import { ErrorCode } from '../errors/domain.exception.js';
import { assertLevel } from './level.js';

const principal = (level: number, isAdmin = false): Principal => testPrincipal({
  userId: 9,
  username: 'u',
  sessionId: 's',
  isAdmin,
  permissions: [],
  deptId: null,
  workDeptId: null,
  dataScope: [],
  level,
  passwordChangeRequired: false,
});

describe('assertLevel', () => {
  it('lets an administrator act on any level', () => {
    expect(() => assertLevel(principal(99, true), 1)).not.toThrow();
  });

  it('allows the same or a lower rank (a larger number)', () => {
    expect(() => assertLevel(principal(2), 2)).not.toThrow();
    expect(() => assertLevel(principal(2), 3, 4)).not.toThrow();
  });

  it('refuses a higher rank with a 403, checking the highest of all given levels', () => {
    expect(() => assertLevel(principal(2), 1)).toThrow(expect.objectContaining({ status: 403, code: ErrorCode.LevelTooLow, message: '权限不足，你的角色级别：2，低于操作的角色级别：1' }));
    expect(() => assertLevel(principal(2), 3, 1, 5)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('ignores missing levels and passes when there is nothing to compare', () => {
    expect(() => assertLevel(principal(2), undefined, null, 3)).not.toThrow();
    expect(() => assertLevel(principal(Number.MAX_SAFE_INTEGER))).not.toThrow();
  });

  it('treats a user without roles as the lowest rank', () => {
    expect(() => assertLevel(principal(Number.MAX_SAFE_INTEGER), 3)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

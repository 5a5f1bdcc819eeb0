import type { Principal } from '../auth/principal.js';
import { isAdministrator } from './ability.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';

/**
 * Role level rule: a user may only act on roles (and users holding roles) whose level is not higher
 * than their own (smaller number = higher rank). Checked against current and new levels alike.
 */
export function assertLevel(principal: Principal, ...levels: Array<number | undefined | null>): void {
  if (isAdministrator(principal.ability)) return;
  const target = Math.min(...levels.filter((l): l is number => typeof l === 'number'));
  if (Number.isFinite(target) && principal.level > target) {
    throw DomainException.forbidden(`权限不足，你的角色级别：${principal.level}，低于操作的角色级别：${target}`, ErrorCode.LevelTooLow);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { UsersRepository } from './users.repository.js';

const PURGE_EVERY_MS = 60_000;

/**
 * The per-username login lockout: `LOGIN_MAX_FAILURES` failed logins within `LOGIN_LOCK_MINUTES` lock
 * the name until that window (opened by its first failure) ends; a successful login clears it.
 *
 * Every password check first reserves an attempt in ONE statement (an upsert on the username's row,
 * which PostgreSQL serialises per row), and only an attempt numbered within the limit is checked:
 * however many guesses arrive at once, at most `LOGIN_MAX_FAILURES` passwords are ever verified in a
 * window. A reservation that turns out right is cleared with the whole row; a wrong one stays counted.
 */
@Injectable()
export class LoginLockout {
  private lastPurge = 0;

  constructor(
    private readonly attempts: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts one attempt for `username` (any case), or answers 429 when its window is already full.
   * `what` names the attempts in the message (`登录失败` for logins, `密码错误` for checks of the
   * current password in the personal centre: the same window, so a stolen session cannot guess on).
   */
  async reserve(username: string, what = '登录失败'): Promise<void> {
    const max = this.config.loginMaxFailures;
    const { failures, window_start: windowStart } = await this.attempts.reserveAttempt(username.slice(0, 64), this.config.loginLockMs, max);
    await this.purgeExpired();
    if (failures <= max) return;
    const retryAt = windowStart.getTime() + this.config.loginLockMs;
    const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
    throw new DomainException(429, `${what}次数过多，请 ${minutes} 分钟后再试`, ErrorCode.TooManyAttempts);
  }

  /** A successful login: the username starts afresh. */
  async clear(username: string): Promise<void> {
    await this.attempts.clearAttempts(username.slice(0, 64));
  }

  /** Windows that ended (at most once a minute per process; indexed on window_start). */
  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.attempts.purgeAttempts(this.config.loginLockMs);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { type SessionInfo, SessionRepository } from './session.repository.js';

export type { SessionInfo } from './session.repository.js';

/** Refresh the sliding expiry at most this often per session, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Session store (database table; every replica sees the same sessions).
 * Expiry slides: 4 h after the last request, 1 day with rememberMe (configurable).
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private ttl(rememberMe: boolean): number {
    return rememberMe ? this.config.rememberTtlMs : this.config.sessionTtlMs;
  }

  create(userId: number, rememberMe: boolean, ip: string | null, browser: string | null): Promise<string> {
    const now = new Date();
    return this.repo.insert(userId, rememberMe, ip, browser, now, new Date(now.getTime() + this.ttl(rememberMe)));
  }

  /** The live session, with its expiry slid forward; undefined when unknown or expired. */
  async touch(id: string): Promise<SessionInfo | undefined> {
    const session = await this.repo.findLive(id);
    if (!session) return undefined;
    const now = Date.now();
    if (now - session.lastAccessTime.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now + this.ttl(session.rememberMe));
      await this.repo.slide(id, new Date(now), expiresAt);
      session.lastAccessTime = new Date(now);
      session.expiresAt = expiresAt;
    }
    return session;
  }

  async revoke(ids: string[]): Promise<void> {
    if (ids.length) await this.repo.delete(ids);
  }

  /** Ends a user's sessions, optionally keeping one (the caller's own). */
  async revokeUser(userIds: number[], keep?: string): Promise<void> {
    if (!userIds.length) return;
    await this.repo.deleteOfUsers(userIds, keep ?? null);
  }

  purgeExpired(): Promise<void> {
    return this.repo.deleteExpired();
  }
}

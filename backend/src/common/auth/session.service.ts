import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ChangeFeed } from '../database/change-feed.js';
import { type SessionInfo, SessionRepository } from './session.repository.js';

export type { SessionInfo } from './session.repository.js';

/** Refresh the sliding expiry at most this often per session, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions held in memory per process (the oldest go first). */
const CACHE_MAX = 20_000;
/** The change-feed topic of sessions (keys: session ids; null: all). */
export const SESSION_TOPIC = 'session';

/**
 * Session store (database table; every replica sees the same sessions).
 * Expiry slides: 4 h after the last request, 1 day with rememberMe (configurable).
 *
 * Live sessions are also held in memory (issue 18: the lookup was a database round trip on every
 * request). A held session is used only while the change feed listens; logout, kick-out, password
 * change and disabling revoke through `revoke`/`revokeUser`, which publish the change so every replica
 * drops it before the revoking request answers. The database is asked again at least once a minute
 * per session anyway (the sliding expiry), so even a lost notification is bounded.
 */
@Injectable()
export class SessionService {
  private readonly cache = new Map<string, SessionInfo>();

  constructor(
    private readonly repo: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly changes?: ChangeFeed,
  ) {
    changes?.on(SESSION_TOPIC, (keys) => {
      if (keys === null) this.cache.clear();
      else for (const key of keys) this.cache.delete(String(key));
    });
  }

  private ttl(rememberMe: boolean): number {
    return rememberMe ? this.config.rememberTtlMs : this.config.sessionTtlMs;
  }

  create(userId: number, rememberMe: boolean, ip: string | null, browser: string | null): Promise<string> {
    const now = new Date();
    return this.repo.insert(userId, rememberMe, ip, browser, now, new Date(now.getTime() + this.ttl(rememberMe)));
  }

  /** The live session, with its expiry slid forward; undefined when unknown or expired. */
  async touch(id: string): Promise<SessionInfo | undefined> {
    const now = Date.now();
    const live = this.changes?.live === true;
    let session = live ? this.cache.get(id) : undefined;
    if (session && session.expiresAt.getTime() <= now) {
      this.cache.delete(id);
      session = undefined;
    }
    if (!session) {
      const version = this.changes?.version;
      session = await this.repo.findLive(id);
      if (!session) return undefined;
      // not stored when a change was heard meanwhile: the row read may be one just revoked
      if (live && this.changes?.version === version) this.remember(session);
    }
    if (now - session.lastAccessTime.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now + this.ttl(session.rememberMe));
      if (!(await this.repo.slide(id, new Date(now), expiresAt))) {
        this.cache.delete(id);
        return undefined;
      }
      session.lastAccessTime = new Date(now);
      session.expiresAt = expiresAt;
    }
    return { ...session };
  }

  private remember(session: SessionInfo): void {
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(session.id, session);
  }

  async revoke(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.repo.delete(ids);
    await this.changes?.publish(SESSION_TOPIC, ids);
  }

  /** Ends a user's sessions, optionally keeping one (the caller's own). */
  async revokeUser(userIds: number[], keep?: string): Promise<void> {
    if (!userIds.length) return;
    const ids = await this.repo.deleteOfUsers(userIds, keep ?? null);
    if (ids.length) await this.changes?.publish(SESSION_TOPIC, ids);
  }

  purgeExpired(): Promise<void> {
    return this.repo.deleteExpired();
  }
}

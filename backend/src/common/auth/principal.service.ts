import { Inject, Injectable, Optional } from '@nestjs/common';
import { AbilityFactory } from '../access/ability.factory.js';
import { computeDataScope, type ScopeRole } from '../access/data-scope.js';
import { ADMIN_PERMISSION } from '../access/permission.js';
import { ChangeFeed } from '../database/change-feed.js';
import { workDeptOf, type Principal } from './principal.js';

type UserPart = Omit<Principal, 'sessionId'> & { enabled: boolean };

/** What authorisation reads of a user, as stored (the users module answers it: PRINCIPAL_SOURCE). */
export interface PrincipalFacts {
  id: number;
  username: string;
  /** The administrator flag of the account. */
  isAdmin: boolean;
  enabled: boolean;
  deptId: number | null;
  /** Parent of the department (for the work department). */
  deptPid: number | null;
  /** The department followed by its ancestors. */
  deptChain: number[];
  passwordChangeRequired: boolean;
  /** The user's roles: level and data scope (自定义: the chosen departments). */
  roles: Array<ScopeRole & { level: number }>;
  /** The `permission` fields of the menus of the user's roles (comma-separated codes each). */
  permissionFields: string[];
}

/** Where the kernel reads users from (provided by the users module through the composition root). */
export interface PrincipalSource {
  facts(userId: number): Promise<PrincipalFacts | undefined>;
  /** The departments and their enabled descendants. */
  withDescendants(deptIds: number[]): Promise<number[]>;
}

export const PRINCIPAL_SOURCE = Symbol('horizon:principal-source');

/** How long a resolved user is kept: while the change feed listens, and without one (unit tests). */
const CACHE_TTL_MS = 60_000;
const CACHE_TTL_WITHOUT_FEED_MS = 10_000;
/** The change-feed topic of users' authorisation (keys: user ids; null: all). */
export const PRINCIPAL_TOPIC = 'principal';

/**
 * Resolves who a user is for authorisation: permission codes, data scope, rank and the CASL ability
 * built from them (AbilityFactory), cached per user with the ability built once per cache entry.
 * Writes to users, roles, menus and depts call `invalidate()`, which every replica hears through the
 * change feed before the write answers; while the feed is down nothing is cached.
 */
@Injectable()
export class PrincipalService {
  private readonly cache = new Map<number, { at: number; value: UserPart | undefined }>();

  constructor(
    @Inject(PRINCIPAL_SOURCE) private readonly source: PrincipalSource,
    private readonly abilities: AbilityFactory,
    @Optional() private readonly changes?: ChangeFeed,
  ) {
    changes?.on(PRINCIPAL_TOPIC, (keys) => {
      if (keys === null) this.cache.clear();
      else for (const key of keys) this.cache.delete(Number(key));
    });
  }

  /** Forgets every resolved user, in every replica (roles, menus and departments touch many users). */
  async invalidate(): Promise<void> {
    this.cache.clear();
    await this.changes?.publish(PRINCIPAL_TOPIC, null);
  }

  async load(userId: number): Promise<UserPart | undefined> {
    const feed = this.changes;
    const ttl = feed ? CACHE_TTL_MS : CACHE_TTL_WITHOUT_FEED_MS;
    const hit = !feed || feed.live ? this.cache.get(userId) : undefined;
    if (hit && Date.now() - hit.at < ttl) return hit.value;
    const version = feed?.version;
    const value = await this.fetch(userId);
    if (!feed || (feed.live && feed.version === version)) this.cache.set(userId, { at: Date.now(), value });
    return value;
  }

  private async fetch(userId: number): Promise<UserPart | undefined> {
    const user = await this.source.facts(userId);
    if (!user) return undefined;
    const roles = user.roles;
    const codes = user.permissionFields.flatMap((p) => p.split(',').map((s) => s.trim())).filter(Boolean);
    const isAdmin = user.isAdmin || codes.includes(ADMIN_PERMISSION);
    const part: Omit<UserPart, 'ability'> = {
      userId: user.id,
      username: user.username,
      enabled: user.enabled,
      isAdmin,
      permissions: isAdmin ? [ADMIN_PERMISSION] : [...new Set(codes)].sort(),
      deptId: user.deptId,
      workDeptId: workDeptOf(user.deptId, user.deptPid),
      deptChain: user.deptChain,
      dataScope: isAdmin ? null : await computeDataScope((ids) => this.source.withDescendants(ids), roles, user.deptId),
      level: isAdmin ? 1 : roles.length ? Math.min(...roles.map((r) => r.level)) : Number.MAX_SAFE_INTEGER,
      passwordChangeRequired: user.passwordChangeRequired,
    };
    return { ...part, ability: this.abilities.createFor(part) };
  }
}

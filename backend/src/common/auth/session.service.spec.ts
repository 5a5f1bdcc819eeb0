import type { AppConfig } from '../../config/config.js';
import type { ChangeFeed, ChangeHandler } from '../database/change-feed.js';
import type { SessionInfo, SessionRepository } from './session.repository.js';
import { SESSION_TOPIC, SessionService } from './session.service.js';

/** A change feed in memory: `live` and `version` as the tests set them; publish delivers locally. */
function fakeFeed(live = true) {
  const handlers: ChangeHandler[] = [];
  const feed = {
    live,
    version: 0,
    on: (_topic: string, h: ChangeHandler) => handlers.push(h),
    publish: jest.fn(async (_topic: string, keys: ReadonlyArray<string | number> | null) => {
      feed.version += 1;
      handlers.forEach((h) => h(keys));
    }),
    /** Another replica's change arriving. */
    hear: (keys: string[] | null) => {
      feed.version += 1;
      handlers.forEach((h) => h(keys));
    },
  };
  return feed;
}

const session = (id: string, lastAccess = Date.now()): SessionInfo => ({
  id,
  userId: 7,
  rememberMe: false,
  ip: null,
  browser: null,
  loginTime: new Date(lastAccess),
  lastAccessTime: new Date(lastAccess),
  expiresAt: new Date(lastAccess + 3_600_000),
});

function setup(feed = fakeFeed()) {
  const rows = new Map<string, SessionInfo>([['s1', session('s1')], ['s2', session('s2')]]);
  const repo = {
    findLive: jest.fn(async (id: string) => (rows.has(id) ? { ...rows.get(id)! } : undefined)),
    slide: jest.fn(async (id: string) => rows.has(id)),
    delete: jest.fn(async (ids: string[]) => ids.forEach((id) => rows.delete(id))),
    deleteOfUsers: jest.fn(async () => {
      const ids = [...rows.keys()];
      rows.clear();
      return ids;
    }),
  };
  const config = { sessionTtlMs: 4 * 3_600_000, rememberTtlMs: 24 * 3_600_000 } as AppConfig;
  const service = new SessionService(repo as unknown as SessionRepository, config, feed as unknown as ChangeFeed);
  return { service, repo, rows, feed };
}

describe('SessionService cache', () => {
  it('reads a session from the database once, then from memory', async () => {
    const { service, repo } = setup();
    expect((await service.touch('s1'))?.userId).toBe(7);
    expect((await service.touch('s1'))?.userId).toBe(7);
    expect(repo.findLive).toHaveBeenCalledTimes(1);
  });

  it('drops a session another replica revoked, and all of them on a reconnection', async () => {
    const { service, repo, rows, feed } = setup();
    await service.touch('s1');
    await service.touch('s2');
    rows.delete('s1');
    feed.hear(['s1']);
    expect(await service.touch('s1')).toBeUndefined();
    expect(repo.findLive).toHaveBeenCalledTimes(3);
    rows.delete('s2');
    feed.hear(null);
    expect(await service.touch('s2')).toBeUndefined();
  });

  it('publishes its own revocations', async () => {
    const { service, feed } = setup();
    await service.touch('s1');
    await service.revoke(['s1']);
    expect(feed.publish).toHaveBeenCalledWith(SESSION_TOPIC, ['s1']);
    expect(await service.touch('s1')).toBeUndefined();
    await service.touch('s2');
    await service.revokeUser([7]);
    expect(feed.publish).toHaveBeenLastCalledWith(SESSION_TOPIC, ['s2']);
    expect(await service.touch('s2')).toBeUndefined();
  });

  it('does not hold sessions while the feed is down', async () => {
    const { service, repo } = setup(fakeFeed(false));
    await service.touch('s1');
    await service.touch('s1');
    expect(repo.findLive).toHaveBeenCalledTimes(2);
  });

  it('does not keep a row read while a change was heard', async () => {
    const { service, repo, feed } = setup();
    repo.findLive.mockImplementationOnce(async (id: string) => {
      feed.hear([id]); // revoked on another replica while this read was in flight
      return session(id);
    });
    await service.touch('s1');
    await service.touch('s1');
    expect(repo.findLive).toHaveBeenCalledTimes(2);
  });

  it('slides the expiry at most once a minute and forgets a session the slide no longer finds', async () => {
    const { service, repo, rows } = setup();
    rows.set('old', session('old', Date.now() - 120_000));
    expect(await service.touch('old')).toBeDefined();
    expect(repo.slide).toHaveBeenCalledTimes(1);
    await service.touch('old');
    expect(repo.slide).toHaveBeenCalledTimes(1);
    rows.set('gone', session('gone', Date.now() - 120_000));
    repo.slide.mockResolvedValueOnce(false);
    expect(await service.touch('gone')).toBeUndefined();
  });

  it('never serves an expired session from memory', async () => {
    const { service, rows, repo } = setup();
    await service.touch('s1');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 2 * 3_600_000); // past the held expiry
    try {
      rows.delete('s1');
      expect(await service.touch('s1')).toBeUndefined();
      expect(repo.findLive).toHaveBeenCalledTimes(2);
    } finally {
      clock.mockRestore();
    }
  });
});

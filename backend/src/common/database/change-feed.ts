import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg, { type Notification, type Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** The PostgreSQL channel every replica listens on. */
export const CHANGE_CHANNEL = 'horizon_changes';

/** What changed: the keys of one topic (session ids, user ids), or null for "everything of the topic". */
export type ChangeHandler = (keys: ReadonlyArray<string | number> | null) => void;

/** application_name of the listening connections (publishers count them). */
const LISTENER_NAME = 'horizon-changes';
/** NOTIFY payloads are limited to 8000 bytes; larger key lists are sent as "everything". */
const MAX_PAYLOAD = 7000;
/** How long a publisher waits for the other replicas to confirm a change (then it answers anyway). */
const ACK_WAIT_MS = 2000;
const RECONNECT_MS = [250, 1000, 5000];

/**
 * Cross-replica invalidation of the per-process caches (issue 18) over PostgreSQL LISTEN/NOTIFY: every
 * replica holds one listening connection; `publish(topic, keys)` drops the keys from this process's
 * caches at once, sends one NOTIFY (delivered to every listener when it commits) and waits until
 * every other listening replica has confirmed it applied the change (each answers with an `ack`
 * notification after dropping the keys; bounded by ACK_WAIT_MS for a replica that died), so the
 * revoking request answers only when no replica can still serve the revoked entry. A cache may
 * only serve while `live` is true: until the first LISTEN, and from a lost connection until the next
 * LISTEN (when notifications may have been missed), every handler is told "everything" and the caches
 * are bypassed. `version` grows with every change heard, so a cache can refuse to store a value read
 * from the database while a change raced past it.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('ChangeFeed');
  private readonly handlers = new Map<string, ChangeHandler[]>();
  /** Publications waiting for confirmations: nonce → confirmations received, needed, and the release. */
  private readonly waiting = new Map<string, { got: number; need: number; done: () => void }>();
  /** This process's name in the payloads (its own notifications are not applied twice). */
  private readonly origin = randomUUID();
  /** Confirmations are sent one after the other on the listening connection. */
  private acks: Promise<void> = Promise.resolve();
  private readonly pool: Pool;
  private client: pg.Client | undefined;
  private connected = false;
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private changes = 0;

  constructor(@InjectDataSource() db: DataSource) {
    this.pool = (db.driver as unknown as { master: Pool }).master;
  }

  /** Whether notifications are being received: caches serve only then. */
  get live(): boolean {
    return this.connected && !this.stopped;
  }

  /** Grows with every change heard (and every reconnection). */
  get version(): number {
    return this.changes;
  }

  on(topic: string, handler: ChangeHandler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  /** Tells every replica (this one first) that these keys of the topic changed; resolves once they all applied it. */
  async publish(topic: string, keys: ReadonlyArray<string | number> | null): Promise<void> {
    this.deliver(topic, keys);
    const nonce = randomUUID();
    let payload = JSON.stringify({ t: topic, k: keys, n: nonce, o: this.origin });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ t: topic, k: null, n: nonce, o: this.origin });
    let timer: NodeJS.Timeout | undefined;
    const listener = this.live ? (this.client as unknown as { processID?: number } | undefined)?.processID : undefined;
    // Registered before the NOTIFY: a confirmation may arrive before the statement's own answer.
    const wait = { got: 0, need: Number.POSITIVE_INFINITY, done: () => undefined as void };
    const confirmed = new Promise<void>((resolve) => (wait.done = resolve));
    if (listener !== undefined) this.waiting.set(nonce, wait);
    try {
      // One statement: the notification, and how many other replicas listen (they must confirm).
      const [{ others }] = (
        await this.pool.query(
          `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = $3 AND pid <> $4) AS others`,
          [CHANGE_CHANNEL, payload, LISTENER_NAME, listener ?? 0],
        )
      ).rows as Array<{ others: number }>;
      if (listener !== undefined) {
        wait.need = others;
        if (wait.got >= wait.need) wait.done();
        timer = setTimeout(wait.done, ACK_WAIT_MS);
        await confirmed;
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
  }

  onModuleInit(): void {
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private deliver(topic: string, keys: ReadonlyArray<string | number> | null): void {
    this.changes += 1;
    for (const handler of this.handlers.get(topic) ?? []) handler(keys);
  }

  /** Everything may have changed (no connection, or one that may have missed notifications). */
  private flushAll(): void {
    this.changes += 1;
    for (const list of this.handlers.values()) for (const handler of list) handler(null);
  }

  private onNotification = (msg: Notification): void => {
    if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
    let parsed: { t?: unknown; k?: unknown; n?: unknown; o?: unknown; ack?: unknown };
    try {
      parsed = JSON.parse(msg.payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.ack === 'string') {
      // another replica applied one of our publications
      const wait = this.waiting.get(parsed.ack);
      if (wait && ++wait.got >= wait.need) wait.done();
      return;
    }
    if (parsed.o === this.origin || typeof parsed.t !== 'string') return; // our own: applied when published
    const keys = Array.isArray(parsed.k) ? (parsed.k as Array<string | number>) : null;
    this.deliver(parsed.t, keys);
    // applied: tell the publisher (on the listening connection, in order after this notification)
    const client = this.client;
    if (typeof parsed.n === 'string' && client) {
      const ack = JSON.stringify({ ack: parsed.n, o: this.origin });
      this.acks = this.acks.then(() => client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, ack])).then(
        () => undefined,
        () => undefined,
      );
    }
  };

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...(this.pool.options as pg.ClientConfig), application_name: LISTENER_NAME });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.connected = false;
      this.flushAll();
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      if (error) this.log.warn(`cache invalidation channel lost (${error.message}); caches bypassed until it is back`);
      const wait = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)];
      this.failures += 1;
      this.timer = setTimeout(() => void this.connect(), wait);
      this.timer.unref();
    };
    this.client = client;
    client.on('notification', this.onNotification);
    client.on('error', (e) => lost(e));
    client.on('end', () => lost(new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.client !== client || this.stopped) return void client.end().catch(() => undefined);
      // anything published before LISTEN took effect was missed: start from empty caches
      this.flushAll();
      this.connected = true;
      this.failures = 0;
    } catch (error) {
      lost(error as Error);
    }
  }
}

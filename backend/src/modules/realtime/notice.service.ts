import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { holds } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

export type NoticeType = 'share' | 'translation.submitted' | 'translation.reviewed' | 'news.warned' | 'news.alert' | 'collect.failing' | 'collect.recovered' | 'subscription.digest';

/**
 * One message of the live channel (socket.io event `message`). `title` is plain text; `msg` is HTML
 * built by the server, every user-supplied part escaped (see `html`); the client sanitises it again.
 */
export interface Notice {
  msgType: 'INFO' | 'WARN' | 'ERROR';
  title: string;
  msg: string;
  type?: NoticeType;
  newsId?: string;
  deptId?: number;
}

/** socket.io event name of every notice. */
export const NOTICE_EVENT = 'message';

/**
 * Permission codes that have a room per department (`dept:<id>:perm:<code>`): `toDept(..., {permission})`
 * reaches the members of the department holding the code (admins hold every code). A code outside
 * this list reaches nobody — add it here first.
 */
export const NOTICE_PERMISSIONS = ['news:judge', 'news:translate', 'news:list'] as const;

/**
 * Permission codes with one room for the whole system (`perm:<code>`, not per department):
 * `toPermission(code, …)` reaches every holder of the code and every administrator (the failing
 * collection sources, docs/collect-design.md §5.2).
 */
export const GLOBAL_NOTICE_PERMISSIONS = ['website:edit'] as const;
export type GlobalNoticePermission = (typeof GLOBAL_NOTICE_PERMISSIONS)[number];

export const userRoom = (userId: number) => `user:${userId}`;
export const globalPermissionRoom = (code: string) => `perm:${code}`;
export const deptRoom = (deptId: number) => `dept:${deptId}`;
export const permissionRoom = (deptId: number, code: string) => `dept:${deptId}:perm:${code}`;

/** Every room a connected user joins: own department, and the work (parent) department when there is one. */
export function roomsOf(principal: Pick<Principal, 'userId' | 'deptId' | 'ability'>, workDeptId?: number | null): string[] {
  const rooms = [userRoom(principal.userId)];
  for (const deptId of new Set([principal.deptId, workDeptId])) {
    if (deptId == null) continue;
    rooms.push(deptRoom(deptId));
    for (const code of NOTICE_PERMISSIONS) if (holds(principal.ability, code)) rooms.push(permissionRoom(deptId, code));
  }
  return rooms;
}

/** The system-wide permission rooms a connected user joins (the gateway adds them to {@link roomsOf}). */
export function globalRoomsOf(principal: Pick<Principal, 'ability'>): string[] {
  return GLOBAL_NOTICE_PERMISSIONS.filter((code) => holds(principal.ability, code)).map(globalPermissionRoom);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text → HTML-safe text. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Template tag for `msg`: the literal parts are markup, every interpolated value is escaped. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? escapeHtml(values[i]) : ''), '');
}

/** At most `max` characters (whitespace collapsed), with `…` when cut. */
export function clip(text: string | null | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Pushes notices to connected users (the live channel, docs/news-design.md "Live channel").
 * Fire-and-forget: without a socket server (unit tests, worker processes) it does nothing, and it
 * never throws into the business operation that sent the notice. With `REDIS_URL` the socket.io
 * Redis adapter carries every emit to the users connected to other replicas; a process without a
 * socket server (the worker) emits through `@socket.io/redis-emitter` on the same Redis, so its
 * notices reach the users connected to the API replicas.
 */
@Injectable()
export class NoticeService implements OnApplicationShutdown {
  private readonly logger = new Logger(NoticeService.name);
  private server?: Server;
  private emitter?: Emitter;
  private redis?: Redis;

  constructor(@Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig) {}

  /** Called by the gateway once the socket.io server exists (and with undefined when it closes). */
  attach(server: Server | undefined): void {
    this.server = server;
  }

  toUser(userId: number, notice: Notice): void {
    this.emit(userRoom(userId), notice);
  }

  /** Every member of a department; `permission`: only those holding it; `exceptUserId`: not that user (the actor). */
  toDept(deptId: number, notice: Notice, opts: { permission?: string; exceptUserId?: number } = {}): void {
    const { permission, exceptUserId } = opts;
    if (permission && !(NOTICE_PERMISSIONS as readonly string[]).includes(permission)) {
      this.logger.warn(`toDept with permission ${permission}, which has no room (NOTICE_PERMISSIONS): nobody receives "${notice.title}"`);
    }
    this.emit(permission ? permissionRoom(deptId, permission) : deptRoom(deptId), notice, exceptUserId);
  }

  /** Every holder of a system-wide permission code (and every administrator). */
  toPermission(code: GlobalNoticePermission, notice: Notice): void {
    this.emit(globalPermissionRoom(code), notice);
  }

  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    this.redis = undefined;
    this.emitter = undefined;
    await redis?.quit().catch(() => redis.disconnect());
  }

  /** The Redis emitter of a process without a socket server, when REDIS_URL is set (created on first use). */
  private redisEmitter(): Emitter | undefined {
    if (this.emitter || !this.config?.redisUrl) return this.emitter;
    const redis = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    let failing = false;
    redis.on('error', (error: Error) => {
      if (!failing) this.logger.error(`Redis for the notice emitter: ${error.message}`);
      failing = true;
    });
    redis.on('ready', () => (failing = false));
    this.redis = redis;
    this.emitter = new Emitter(redis);
    return this.emitter;
  }

  private emit(room: string, notice: Notice, exceptUserId?: number): void {
    const server = this.server;
    try {
      if (!server) {
        const emitter = this.redisEmitter();
        if (!emitter) return;
        const target = exceptUserId === undefined ? emitter.to(room) : emitter.to(room).except(userRoom(exceptUserId));
        target.emit(NOTICE_EVENT, toWire(notice));
        return;
      }
      const target = exceptUserId === undefined ? server.to(room) : server.to(room).except(userRoom(exceptUserId));
      target.emit(NOTICE_EVENT, toWire(notice));
    } catch (error) {
      this.logger.error(`Notice to ${room} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The payload as sent: known fields only, absent ones left out. */
function toWire(notice: Notice): Notice {
  const wire: Notice = { msgType: notice.msgType, title: notice.title, msg: notice.msg };
  if (notice.type !== undefined) wire.type = notice.type;
  if (notice.newsId !== undefined) wire.newsId = String(notice.newsId);
  if (notice.deptId !== undefined) wire.deptId = notice.deptId;
  return wire;
}

import { Inject, Logger, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import cors from 'cors';
import { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '../../common/access/access.guard.js';
import { Authenticator } from '../../common/auth/authenticator.js';
import type { Principal } from '../../common/auth/principal.js';
import { corsOptions } from '../../common/http/transport.js';
import { Metrics } from '../../common/ops/metrics.js';
import { ShutdownState } from '../../common/ops/shutdown-state.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { globalRoomsOf, NoticeService, roomsOf } from './notice.service.js';
import { RealtimeRepository } from './realtime.repository.js';

/** The path of the live channel (docs/architecture.md "Runtime"). */
export const LIVE_PATH = '/webSocket';
/** How often each replica re-checks the sessions of its sockets (logout, kick-out, disabling, expiry). */
export const SESSION_SWEEP_MS = 30_000;

/** `connect_error` messages a client can read. */
export const UNAUTHORIZED = 'UNAUTHORIZED';
export const UNAVAILABLE = 'UNAVAILABLE';
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

interface LiveData {
  principal: Principal;
  /** The parent department whose news work the user shares (null when none). */
  workDeptId: number | null;
}
type LiveSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, LiveData>;

function refusal(message: string, status: number, text: string): Error {
  return Object.assign(new Error(message), { data: { status, message: text } });
}

/** A string header value (socket.io gives `string | string[] | undefined`). */
function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The live channel: socket.io at `/webSocket` on the HTTP server (same origin as the API; CORS only
 * for the `CORS_ORIGINS`, as for the HTTP app). The handshake carries the session token (`auth: {token}` or an
 * `Authorization: Bearer` header) and is verified exactly like an HTTP request; a socket then sits in
 * `user:<id>`, `dept:<id>`, `dept:<id>:perm:<code>` and `perm:<code>` (system-wide codes) and only
 * receives (clients send nothing).
 */
@WebSocketGateway({ path: LIVE_PATH, serveClient: false, maxHttpBufferSize: 16 * 1024 })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private server?: Server;
  private redis: Redis[] = [];
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly notices: NoticeService,
    private readonly repo: RealtimeRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly shutdown: ShutdownState,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    if (this.config.redisUrl) server.adapter(this.redisAdapter(this.config.redisUrl));
    // Browsers on the CORS_ORIGINS pages may poll too (the HTTP app answers them the same way); no other origin.
    if (this.config.corsOrigins.length) server.engine.use(cors(corsOptions(this.config.corsOrigins)));
    server.use((socket, next) => {
      this.authenticate(socket as LiveSocket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    this.notices.attach(server);
    this.sweepTimer = setInterval(() => void this.sweep(), SESSION_SWEEP_MS);
    this.sweepTimer.unref();
    this.metrics.setLiveConnections(() => server.of('/').sockets.size);
    // SIGTERM: this replica's clients (only its own: `local`, not the other replicas' through the Redis
    // adapter) are disconnected once the listener is closed, so they reconnect to another replica.
    this.shutdown.onDrain('live channel', () => {
      server.local.disconnectSockets(true);
      return Promise.resolve();
    });
  }

  handleConnection(socket: LiveSocket): void {
    const principal = socket.data.principal;
    if (!principal) {
      socket.disconnect(true);
      return;
    }
    void socket.join([...roomsOf(principal, socket.data.workDeptId), ...globalRoomsOf(principal)]);
  }

  private async authenticate(socket: LiveSocket): Promise<void> {
    const { auth, headers } = socket.handshake;
    const token = typeof auth?.token === 'string' ? auth.token : undefined;
    let principal: Principal | undefined;
    try {
      principal = await this.authenticator.authenticate(header(headers.authorization), token);
    } catch (error) {
      this.logger.error(`Live channel handshake failed: ${error instanceof Error ? error.message : String(error)}`);
      throw refusal(UNAVAILABLE, 503, '服务暂不可用，请稍后重试');
    }
    if (!principal) throw refusal(UNAUTHORIZED, 401, '登录状态已过期，请重新登录');
    // Like every HTTP call but the change itself: no notices before the initial password is changed.
    if (principal.passwordChangeRequired) throw refusal(PASSWORD_CHANGE_REQUIRED, 403, PASSWORD_CHANGE_REQUIRED_MESSAGE);
    socket.data.principal = principal;
    socket.data.workDeptId = await this.workDept(principal.deptId).catch(() => null);
  }

  /**
   * The department whose news work the user shares (spec: the parent department unless the department
   * or its parent id is 0): translation notices go to its rooms, so members of its child departments
   * hear them too.
   */
  private async workDept(deptId: number | null): Promise<number | null> {
    if (deptId == null || deptId === 0) return null;
    const pid = await this.repo.parentOf(deptId);
    return pid != null && pid !== 0 ? pid : null;
  }

  /**
   * Disconnects this replica's sockets whose session is gone (logout, kick-out, user disabled or
   * deleted) or expired: one query over the sessions of the local sockets. Public for the tests.
   */
  async sweep(): Promise<number> {
    const server = this.server;
    if (!server) return 0;
    const sockets = [...server.of('/').sockets.values()] as LiveSocket[];
    const sessionIds = [...new Set(sockets.map((s) => s.data.principal?.sessionId).filter((id): id is string => !!id))];
    if (!sessionIds.length) return 0;
    let live: Set<string>;
    try {
      live = await this.repo.liveSessions(sessionIds);
    } catch (error) {
      this.logger.warn(`Live channel session sweep skipped: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
    let closed = 0;
    for (const socket of sockets) {
      const sid = socket.data.principal?.sessionId;
      if (sid && !live.has(sid)) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    return closed;
  }

  /** Two ioredis connections (publish, subscribe); closed at shutdown after socket.io itself. */
  private redisAdapter(url: string): ReturnType<typeof createAdapter> {
    const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    this.redis = [pub, sub];
    for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
      let failing = false;
      client.on('error', (error: Error) => {
        if (!failing) this.logger.error(`Redis (${name}) for the live channel: ${error.message}`);
        failing = true;
      });
      client.on('ready', () => {
        if (failing) this.logger.log(`Redis (${name}) for the live channel is back`);
        failing = false;
      });
    }
    return createAdapter(pub, sub);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
    this.notices.attach(undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    const clients = this.redis;
    this.redis = [];
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

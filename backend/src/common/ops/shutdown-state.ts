import { Injectable, Logger } from '@nestjs/common';

/** Work a module finishes while the process drains: stop taking new work, end what runs, by `deadline` (epoch ms). */
export type DrainHook = (deadline: number) => Promise<void>;

/**
 * The replica's shutdown state (docs/operations.md "Graceful shutdown"). `begin()` marks it draining:
 * readiness answers 503 `SHUTTING_DOWN` from then on, so a load balancer stops sending it requests.
 * Modules that run background work (the job queues, the live channel) register a drain hook; the
 * shutdown runs them all at once, bounded by one deadline, while the HTTP server finishes the
 * requests in flight; Nest's own shutdown hooks (`app.close()`) come after.
 */
@Injectable()
export class ShutdownState {
  private readonly logger = new Logger('Shutdown');
  private since?: number;
  private readonly hooks = new Map<string, DrainHook>();

  get draining(): boolean {
    return this.since !== undefined;
  }

  begin(): void {
    this.since ??= Date.now();
  }

  /** Registers (or replaces) the drain hook named `name`. */
  onDrain(name: string, hook: DrainHook): void {
    this.hooks.set(name, hook);
  }

  /**
   * Marks the state draining and runs every hook; resolves by `deadline` at the latest with the names
   * of the hooks that had not finished (a hook that throws counts as finished and is logged).
   */
  async drain(deadline: number): Promise<string[]> {
    this.begin();
    const pending = new Set(this.hooks.keys());
    const all = Promise.all(
      [...this.hooks].map(([name, hook]) =>
        Promise.resolve()
          .then(() => hook(deadline))
          .catch((e: unknown) => this.logger.warn(`${name}: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => pending.delete(name)),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([all, late]);
    clearTimeout(timer);
    return [...pending];
  }
}

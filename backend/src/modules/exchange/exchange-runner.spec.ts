import type { ExchangeJob } from './exchange.entity.js';
import { ExchangeRunner } from './exchange-runner.js';
import type { ExchangeRepository } from './exchange.repository.js';

/** Shutdown: a long job stops at its next checkpoint and hands its lease back, instead of holding the process. */
describe('exchange runner: shutdown', () => {
  it('stops a running job at its next step and releases the job for another replica', async () => {
    const job = { id: 7, kind: 'import', status: 'running', checkpoint: null, report: null } as unknown as ExchangeJob;
    let claimed = false;
    const jobs = {
      claimJob: jest.fn(async () => (claimed ? undefined : ((claimed = true), job))),
      progress: jest.fn(async () => true),
      release: jest.fn(async () => undefined),
      finish: jest.fn(async () => undefined),
    } as unknown as ExchangeRepository;
    const runner = new ExchangeRunner(jobs, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never);
    let steps = 0;
    // an import of endless batches: each batch moves the checkpoint (step), as runImport does
    (runner as unknown as { runImport: (j: ExchangeJob) => Promise<void> }).runImport = async (j) => {
      for (;;) {
        await (runner as unknown as { step: (id: number, set: object) => Promise<void> }).step(j.id, { processed: ++steps });
        await new Promise((r) => setImmediate(r));
      }
    };
    const running = runner.tick();
    while (steps < 3) await new Promise((r) => setImmediate(r));
    await runner.onModuleDestroy();
    await running;
    expect(jobs.release).toHaveBeenCalledWith(7, expect.any(String));
    expect(jobs.finish).not.toHaveBeenCalled();
  });
});

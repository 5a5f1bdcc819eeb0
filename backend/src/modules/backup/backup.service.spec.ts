import { DomainException } from '../../common/errors/domain.exception.js';
import type { AppConfig } from '../../config/config.js';
import type { BackupRun } from './backup-run.entity.js';
import type { BackupRepository } from './backup.repository.js';
import { BackupService } from './backup.service.js';

/** The background side of backups: a run's failure never escapes as an unhandled rejection; one manual run at a time. */
describe('backup: runs in the background', () => {
  const run = (id: number) => ({ id, kind: 'manual', status: 'running', startedAt: new Date(), createTime: new Date() }) as unknown as BackupRun;
  const make = (finish: () => Promise<void>) => {
    let next = 1;
    const repo = {
      start: jest.fn(async () => run(next++)),
      finish: jest.fn(finish),
      databaseUrl: () => 'postgres://postgres@127.0.0.1:5432/none',
      expire: jest.fn(async () => []),
      failStale: jest.fn(async () => undefined),
      beat: jest.fn(async () => undefined),
    } as unknown as BackupRepository;
    const storage = { put: jest.fn(async () => 0), delete: jest.fn(async () => undefined), driver: 'local' };
    const config = { backup: { schedule: undefined, retention: 2, includeFiles: false, pgBinDir: undefined } } as unknown as AppConfig;
    const service = new BackupService(repo, storage as never, config, {} as never);
    // a pg_dump that cannot start: the run fails at once
    (service as unknown as { tools: Promise<unknown> }).tools = Promise.resolve({ ok: true, tools: { pgDump: '/nonexistent/pg_dump', pgRestore: '/nonexistent/pg_restore', version: '15' } });
    const active = (service as unknown as { active: Map<number, Promise<void>> }).active;
    return { service, repo, active };
  };

  it('a failed run whose failure cannot be recorded (database gone) settles quietly', async () => {
    const { service, repo, active } = make(() => Promise.reject(new Error('connection terminated')));
    const dto = await service.start(null);
    const p = active.get(dto.id);
    expect(p).toBeDefined();
    await expect(p).resolves.toBeUndefined();
    expect(repo.finish).toHaveBeenCalledWith(dto.id, expect.objectContaining({ status: 'failed' }));
  });

  it('refuses a second manual run while one is going (409 BACKUP_BUSY), and allows one after', async () => {
    const { service, active } = make(() => Promise.resolve());
    const [a, b] = await Promise.allSettled([service.start(null), service.start(null)]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    const e = (b as PromiseRejectedResult).reason as DomainException;
    expect(e).toBeInstanceOf(DomainException);
    expect([e.status, e.code]).toEqual([409, 'BACKUP_BUSY']);
    await expect(service.start(null)).rejects.toThrow('已有备份正在进行');
    await Promise.all([...active.values()]);
    await expect(service.start(null)).resolves.toMatchObject({ status: 'running' });
    await Promise.all([...active.values()]);
  });
});

import { DataSource } from 'typeorm';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * A finished export package or backup whose bytes are gone from the store (deleted in the same
 * moment, an S3 lifecycle rule, a disk cleaned by hand): the download answers 404 with a readable
 * message, never a 500.
 */
describe('downloads whose bytes are gone', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const get = (url: string, range?: string) => {
    const req = t.http().get(url).set('Authorization', bearer(admin));
    return range ? req.set('Range', range) : req;
  };

  it('an export package: 404, whole or by Range', async () => {
    const [{ id }]: Array<{ id: number }> = await db.query(
      `INSERT INTO exchange_job (kind, status, phase, file_name, storage_key, size) VALUES ('export', 'done', 'done', 'gone.zip', 'exchange/out/999999.zip', 100) RETURNING id`,
    );
    expectError(await get(`/api/dataExchange/exports/${id}/download`), 404, '数据包文件不存在（可能已被删除）');
    expectError(await get(`/api/dataExchange/exports/${id}/download`, 'bytes=0-9'), 404, '数据包文件不存在（可能已被删除）');
  });

  it('a backup: 404', async () => {
    const [{ id }]: Array<{ id: number }> = await db.query(
      `INSERT INTO backup_run (kind, status, started_at, storage_key, size) VALUES ('manual', 'done', now(), 'backups/horizon-backup-gone.zip', 100) RETURNING id`,
    );
    expectError(await get(`/api/backup/runs/${id}/download`), 404, '备份文件不存在（可能已被删除）');
  });
});

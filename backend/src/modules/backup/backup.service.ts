import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import archiver, { type Archiver } from 'archiver';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import { rangedDownload, type RangedDownload } from '../../common/storage/ranged-download.js';
import { STORAGE, StorageObjectNotFound, type StoragePort } from '../../common/storage/storage.port.js';
import { formatDateTime, parseDateTime } from '../../common/time/time.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Permission } from '../../common/access/permission.js';
import { type DownloadTokenDto, DownloadTokenService } from '../storage/index.js';
import type { BackupRun } from './backup-run.entity.js';
import { type BackupRunDto, type BackupStatusDto, type RunsQuery, toRunDto } from './backup.dto.js';
import { BackupRepository } from './backup.repository.js';
import { type PgTools, type PgToolsResult, resolvePgTools, splitPassword } from './pg-tools.js';

export const BACKUP_FORMAT = 'horizon-backup';
export const BACKUP_UNAVAILABLE = 'BACKUP_UNAVAILABLE';
/** A manual run asked for while this process is still making one (each run is a pg_dump). */
export const BACKUP_BUSY = 'BACKUP_BUSY';
export const MSG_RUN_NOT_FOUND = '备份记录不存在';
/** Who may download a backup: `@RequirePermissions` of the download routes, asked again when a signed link is used. */
export const BACKUP_DOWNLOAD_PERMISSIONS: readonly Permission[] = ['timing:edit'];
/** The schedule is looked at this often; a slot is taken up to this long after its time. */
const SCHEDULE_TICK_MS = 60_000;
const SLOT_WINDOW_MS = 60 * 60_000;
/** The process making a run renews its heartbeat this often… */
const HEARTBEAT_MS = 30_000;
/** …and a `running` run without one for this long was interrupted (its process died). */
export const STALE_RUN_SECONDS = 180;

/** What `manifest.json` of a backup says (docs/collect-design.md §8.2). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  appVersion: string;
  lastMigration: string | null;
  serverVersion: string;
  db: { size: number; sha256: string };
  files: { count: number; size: number; missing: number };
}

function appVersion(): string {
  try {
    return String((JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string }).version ?? '');
  } catch {
    return '';
  }
}

/** Counts and hashes the bytes that pass. */
class Tap extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _e: BufferEncoding, done: (e?: Error | null, c?: Buffer) => void): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
}

function appendEntry(archive: Archiver, source: Readable | Buffer, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      archive.off('entry', onEntry).off('error', onError);
      if (err === undefined) return resolve();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const onEntry = () => done();
    const onError = (err: unknown) => done(err);
    archive.on('entry', onEntry).on('error', onError);
    archive.append(source, { name, store: true });
  });
}

/**
 * Backups (docs/collect-design.md §8.2, docs/data-storage.md): `pg_dump --format=custom` and the file
 * store streamed into one zip in the storage port (`backups/…`), on demand and daily at
 * `BACKUP_SCHEDULE` (one replica per slot: the unique `scheduled_for`), the newest
 * `BACKUP_RETENTION` kept. Restoring is offline: `npm run restore -- FILE` (src/cli/restore.ts).
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Backup');
  private tools?: Promise<PgToolsResult>;
  private timer?: NodeJS.Timeout;
  private readonly active = new Map<number, Promise<void>>();
  /** A manual start between its check and its launch (two requests in the same moment). */
  private starting = false;

  constructor(
    private readonly repo: BackupRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: DownloadTokenService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.backup.schedule) return;
    this.timer = setInterval(() => void this.scheduleTick().catch((e: unknown) => this.log.warn(`scheduled backup: ${String(e)}`)), SCHEDULE_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.active.values()].map((p) => p.catch(() => undefined)));
  }

  /** pg_dump and pg_restore as found (looked up once per process). */
  pgTools(): Promise<PgToolsResult> {
    this.tools ??= this.repo.serverVersion().then((v) => resolvePgTools(this.config.backup.pgBinDir, v.major));
    return this.tools;
  }

  async status(): Promise<BackupStatusDto> {
    await this.repo.failStale(STALE_RUN_SECONDS);
    const found = await this.pgTools();
    const last = await this.repo.last();
    return {
      available: found.ok,
      reason: found.ok ? null : found.reason,
      pgDump: found.ok ? { path: found.tools.pgDump, version: found.tools.version } : null,
      schedule: this.config.backup.schedule ?? null,
      retention: this.config.backup.retention,
      includeFiles: this.config.backup.includeFiles,
      storage: this.storage.driver,
      lastRun: last ? toRunDto(last) : null,
    };
  }

  async runs(q: RunsQuery): Promise<Page<BackupRunDto>> {
    await this.repo.failStale(STALE_RUN_SECONDS);
    const [rows, total] = await this.repo.page(q.page ?? 0, q.size ?? 20);
    return page(rows.map(toRunDto), total);
  }

  /** `POST runs`: starts a backup now (201, status `running`); 503 BACKUP_UNAVAILABLE without pg_dump. */
  async start(user: Principal | null): Promise<BackupRunDto> {
    const found = await this.pgTools();
    if (!found.ok) throw new DomainException(HttpStatus.SERVICE_UNAVAILABLE, found.reason, BACKUP_UNAVAILABLE);
    if (this.starting || this.active.size) throw DomainException.conflict('已有备份正在进行，请等待其完成后再试', BACKUP_BUSY);
    this.starting = true;
    try {
      await this.repo.failStale(STALE_RUN_SECONDS);
      // another replica's run is alive: the same answer as a run of this process
      const run = await this.repo.start('manual', null, user?.username ?? null);
      if (!run) throw DomainException.conflict('已有备份正在进行，请等待其完成后再试', BACKUP_BUSY);
      this.launch(run, found.tools);
      return toRunDto(run);
    } finally {
      this.starting = false;
    }
  }

  /** Waits for a run this process is making (tests, the schedule). */
  async settled(id: number): Promise<BackupRunDto> {
    await this.active.get(id)?.catch(() => undefined);
    const run = await this.repo.find(id);
    if (!run) throw DomainException.notFound(MSG_RUN_NOT_FOUND);
    return toRunDto(run);
  }

  /** Claims today's slot once it is due (within an hour after it) and runs it; the run's id, or undefined. */
  async scheduleTick(now = new Date()): Promise<number | undefined> {
    const at = this.config.backup.schedule;
    if (!at) return undefined;
    const slot = parseDateTime(`${formatDateTime(now).slice(0, 10)} ${at}`);
    if (!slot || now < slot || now.getTime() - slot.getTime() > SLOT_WINDOW_MS) return undefined;
    const found = await this.pgTools();
    if (!found.ok) return undefined;
    await this.repo.failStale(STALE_RUN_SECONDS);
    const run = await this.repo.start('scheduled', slot, null);
    if (!run) return undefined;
    this.launch(run, found.tools);
    return run.id;
  }

  private launch(run: BackupRun, tools: PgTools): void {
    const heartbeat = setInterval(() => void this.repo.beat(run.id).catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    const p = this.execute(run, tools)
      .catch(async (e: unknown) => {
        this.log.warn(`backup ${run.id} failed: ${(e as Error).message}`);
        await this.repo.finish(run.id, { status: 'failed', error: (e as Error).message.slice(0, 2000) });
      })
      // recording the failure can fail too (database gone): log it, never an unhandled rejection
      .catch((e: unknown) => this.log.error(`backup ${run.id}: the failure was not recorded: ${String(e)}`))
      .finally(() => {
        clearInterval(heartbeat);
        this.active.delete(run.id);
      });
    this.active.set(run.id, p);
  }

  private async execute(run: BackupRun, tools: PgTools): Promise<void> {
    const started = new Date();
    const stamp = formatDateTime(started).replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
    const key = `backups/horizon-backup-${stamp}-${run.id}.zip`;
    const archive = archiver('zip', { store: true });
    const whole = new Tap();
    archive.on('error', (e) => whole.destroy(e));
    const stored = this.storage.put(key, archive.pipe(whole));
    stored.catch(() => undefined);
    try {
      const db = await this.dump(archive, tools);
      const files = this.config.backup.includeFiles ? await this.addFiles(archive) : { count: 0, size: 0, missing: 0 };
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: started.toISOString(),
        appVersion: appVersion(),
        lastMigration: await this.repo.lastMigration(),
        serverVersion: (await this.repo.serverVersion()).text,
        db,
        files,
      };
      await appendEntry(archive, Buffer.from(JSON.stringify(manifest, null, 1)), 'manifest.json');
      await archive.finalize();
      const size = await stored;
      await this.repo.finish(run.id, {
        status: 'done',
        storageKey: key,
        size: String(size),
        dbSize: String(db.size),
        filesCount: files.count,
        filesSize: String(files.size),
        sha256: whole.hash.digest('hex'),
        error: files.missing ? `${files.missing} 个文件在存储中不存在，未备份` : null,
      });
    } catch (e) {
      archive.abort();
      await stored.catch(() => undefined);
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    // the run is done: a failing clean-up must not turn it into a failed one
    const expired = await this.repo.expire(this.config.backup.retention).catch((e: unknown) => {
      this.log.warn(`backup retention: ${String(e)}`);
      return [] as string[];
    });
    for (const old of expired) await this.storage.delete(old).catch(() => undefined);
  }

  /** `pg_dump -Fc` of the app's database as the entry `db.dump`; the password in PGPASSWORD only. */
  private async dump(archive: Archiver, tools: PgTools): Promise<{ size: number; sha256: string }> {
    const { url, password } = splitPassword(this.repo.databaseUrl());
    const child = spawn(tools.pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${url}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    const exited = new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code ?? 1));
    });
    const tap = new Tap();
    const entry = appendEntry(archive, child.stdout.pipe(tap), 'db.dump');
    const [code] = await Promise.all([exited, entry]);
    if (code !== 0) throw new Error(`pg_dump 失败（退出码 ${code}）：${stderr.trim()}`);
    return { size: tap.bytes, sha256: tap.hash.digest('hex') };
  }

  private async addFiles(archive: Archiver): Promise<{ count: number; size: number; missing: number }> {
    let count = 0;
    let size = 0;
    let missing = 0;
    let after = 0;
    for (;;) {
      const rows = await this.repo.filesAfter(after, 500);
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      for (const f of rows) {
        let body: Readable;
        try {
          body = await this.storage.get(f.storageKey);
        } catch (e) {
          if (!(e instanceof StorageObjectNotFound)) throw e;
          missing += 1;
          continue;
        }
        const tap = new Tap();
        body.on('error', (e) => tap.destroy(e));
        await appendEntry(archive, body.pipe(tap), `files/${f.storageKey}`);
        count += 1;
        size += tap.bytes;
      }
    }
    return { count, size, missing };
  }

  /**
   * `POST runs/{id}/downloadToken`: a short-lived signed link to a finished backup for this user (a
   * browser download cannot send the Authorization header; the bytes never pass through a Blob).
   */
  async downloadToken(id: number, user: Principal): Promise<DownloadTokenDto> {
    await this.downloadable(id);
    return this.tokens.link('backup', id, user.userId, `api/backup/runs/${id}/downloadFile`);
  }

  /** `GET runs/{id}/downloadFile?access_token=`: the download, for a valid backup token of a user still allowed to download. */
  async downloadWithToken(id: number, token: unknown, range?: string): Promise<RangedDownload> {
    await this.tokens.holder('backup', id, token, BACKUP_DOWNLOAD_PERMISSIONS);
    return this.download(id, range);
  }

  private async downloadable(id: number): Promise<BackupRun & { storageKey: string }> {
    const run = await this.repo.find(id);
    if (!run) throw DomainException.notFound(MSG_RUN_NOT_FOUND);
    if (run.status !== 'done' || !run.storageKey) throw DomainException.conflict('该备份不可下载（未完成或已过期）', ErrorCode.Conflict);
    return { ...run, storageKey: run.storageKey };
  }

  /** A finished backup; `Range: bytes=…` answers 206 with that part (a multi-GB download can resume). */
  async download(id: number, range?: string): Promise<RangedDownload> {
    const run = await this.downloadable(id);
    const name = run.storageKey.split('/').pop()!;
    return rangedDownload(this.storage, { key: run.storageKey, size: Number(run.size), name, contentType: 'application/zip' }, range, '备份文件不存在（可能已被删除）');
  }

  async delete(ids: number[]): Promise<{ deleted: number }> {
    const removed = await this.repo.delete(ids);
    for (const r of removed) if (r.storageKey) await this.storage.delete(r.storageKey).catch(() => undefined);
    return { deleted: removed.length };
  }
}

import { Transform } from 'node:stream';
import { Inject, Injectable, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import { rangedDownload, type RangedDownload } from '../../common/storage/ranged-download.js';
import { STORAGE, type StoragePort } from '../../common/storage/storage.port.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Permission } from '../../common/access/permission.js';
import { type DownloadTokenDto, DownloadTokenService } from '../storage/index.js';
import { ExchangeKeys } from './exchange-keys.js';
import { chunkKey, exportKey, ExchangeRunner } from './exchange-runner.js';
import { ExchangeRepository, type UploadChunk } from './exchange.repository.js';
import {
  CHUNK_MAX_BYTES,
  type ExportCreateDto,
  type ImportCreateDto,
  type ExchangeJobDto,
  type ExchangeJobQuery,
  type KeyDto,
  toJobDto,
  toTrustedKeyDto,
  type TrustedKeyCreateDto,
  type TrustedKeyDto,
} from './exchange.dto.js';
import { fingerprintOf, normalizePublicKey } from './package-format.js';

export const MSG_JOB_NOT_FOUND = '交换任务不存在';
/** Who may download a package: `@RequirePermissions` of the download routes, asked again when a signed link is used. */
export const EXCHANGE_DOWNLOAD_PERMISSIONS: readonly Permission[] = ['timing:edit'];
export const EXCHANGE_ERRORS = { offset: 'EXCHANGE_OFFSET', keyExists: 'EXCHANGE_KEY_EXISTS', state: 'EXCHANGE_JOB_STATE', tooLarge: 'EXCHANGE_TOO_LARGE' } as const;

/** A chunk that does not start where the upload stands: 409 with `received`, where the client resumes. */
export class UploadOffsetConflict extends DomainException {
  constructor(readonly received: number) {
    super(HttpStatus.CONFLICT, `上传位置不一致：服务器已收到 ${received} 字节，请从该位置继续`, EXCHANGE_ERRORS.offset);
  }
}

/**
 * Cross-network data exchange (docs/collect-design.md §7 "Exchange", §8.1): this installation's key,
 * the trusted keys, export and import jobs, chunked uploads and package downloads. The jobs run in
 * ExchangeRunner.
 */
@Injectable()
export class ExchangeService {
  constructor(
    private readonly repo: ExchangeRepository,
    private readonly keys: ExchangeKeys,
    private readonly runner: ExchangeRunner,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: DownloadTokenService,
  ) {}

  async key(): Promise<KeyDto> {
    const own = await this.keys.own();
    return { publicKey: own.publicKey, fingerprint: own.fingerprint };
  }

  async trustedKeys(): Promise<TrustedKeyDto[]> {
    return (await this.repo.listKeys()).map(toTrustedKeyDto);
  }

  async trust(dto: TrustedKeyCreateDto): Promise<TrustedKeyDto> {
    let publicKey: string;
    try {
      publicKey = normalizePublicKey(dto.publicKey);
    } catch {
      throw DomainException.badRequest('公钥格式不正确（需要 PEM 格式的 Ed25519 公钥）', ErrorCode.Validation);
    }
    const fingerprint = fingerprintOf(publicKey);
    if (await this.repo.findKeyByFingerprint(fingerprint)) throw DomainException.conflict('该公钥已在受信任列表中', EXCHANGE_ERRORS.keyExists);
    return toTrustedKeyDto(await this.repo.addKey({ name: dto.name, publicKey, fingerprint }));
  }

  async untrust(ids: number[]): Promise<{ deleted: number }> {
    return { deleted: await this.repo.deleteKeys(ids) };
  }

  async createExport(dto: ExportCreateDto, user: Principal): Promise<ExchangeJobDto> {
    if (dto.endTime < dto.startTime) throw DomainException.badRequest('结束时间不能早于开始时间', ErrorCode.Validation);
    const job = await this.repo.createJob({
      kind: 'export',
      status: 'queued',
      phase: 'queued',
      filter: {
        startTime: dto.startTime.toISOString(),
        endTime: dto.endTime.toISOString(),
        classify: dto.classify ?? [],
        webIds: dto.webIds ?? [],
        blurry: dto.blurry || undefined,
        withFiles: dto.withFiles ?? true,
      },
      createBy: user.username,
      updateBy: user.username,
    });
    void this.runner.tick();
    return toJobDto(job);
  }

  async jobs(q: ExchangeJobQuery): Promise<Page<ExchangeJobDto>> {
    const [rows, total] = await this.repo.pageJobs(q.kind, q.page ?? 0, q.size ?? 20);
    return page(rows.map(toJobDto), total);
  }

  async job(id: number): Promise<ExchangeJobDto> {
    const job = await this.repo.findJob(id);
    if (!job) throw DomainException.notFound(MSG_JOB_NOT_FOUND);
    return toJobDto(job);
  }

  /**
   * `POST exports/{id}/downloadToken`: a short-lived signed link to the finished package for this
   * user (a browser download cannot send the Authorization header; the bytes never pass through a Blob).
   */
  async downloadToken(id: number, user: Principal): Promise<DownloadTokenDto> {
    await this.finishedExport(id);
    return this.tokens.link('exchange', id, user.userId, `api/dataExchange/exports/${id}/downloadFile`);
  }

  /** `GET exports/{id}/downloadFile?access_token=`: the download, for a valid exchange token of a user still allowed to download. */
  async downloadWithToken(id: number, token: unknown, range: string | undefined): Promise<RangedDownload> {
    await this.tokens.holder('exchange', id, token, EXCHANGE_DOWNLOAD_PERMISSIONS);
    return this.download(id, range);
  }

  private async finishedExport(id: number) {
    const job = await this.repo.findJob(id);
    if (!job || job.kind !== 'export') throw DomainException.notFound(MSG_JOB_NOT_FOUND);
    if (job.status !== 'done' || !job.storageKey || job.size === null) throw DomainException.conflict('数据包尚未生成完成', EXCHANGE_ERRORS.state);
    return { ...job, storageKey: job.storageKey, size: job.size };
  }

  async download(id: number, range: string | undefined): Promise<RangedDownload> {
    const job = await this.finishedExport(id);
    const name = job.fileName ?? `horizon-exchange-${id}.zip`;
    return rangedDownload(this.storage, { key: job.storageKey, size: Number(job.size), name, contentType: 'application/zip' }, range, '数据包文件不存在（可能已被删除）');
  }

  async createImport(dto: ImportCreateDto, user: Principal): Promise<ExchangeJobDto> {
    if (dto.size > this.config.exchange.maxBytes) {
      throw new DomainException(HttpStatus.PAYLOAD_TOO_LARGE, `数据包不能超过 ${Math.floor(this.config.exchange.maxBytes / 1024 / 1024)} MB`, EXCHANGE_ERRORS.tooLarge);
    }
    const job = await this.repo.createJob({
      kind: 'import',
      status: 'uploading',
      phase: 'uploading',
      fileName: dto.fileName,
      size: String(dto.size),
      received: '0',
      sha256: dto.sha256 ?? null,
      checkpoint: { chunks: [] },
      createBy: user.username,
      updateBy: user.username,
    });
    return toJobDto(job);
  }

  /**
   * Stores one chunk (`exchange/in/<id>/…`, any replica may take any chunk) when it starts at the
   * received count; else 409 with `received`. The last chunk queues the import.
   */
  async putChunk(id: number, offset: number, req: Request): Promise<{ received: number }> {
    const job = await this.repo.findJob(id);
    if (!job || job.kind !== 'import') throw DomainException.notFound(MSG_JOB_NOT_FOUND);
    if (job.status !== 'uploading') throw DomainException.conflict('该导入任务已上传完成', EXCHANGE_ERRORS.state);
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/octet-stream') throw DomainException.badRequest('上传内容类型必须是 application/octet-stream', ErrorCode.Validation);
    if (offset !== Number(job.received)) throw new UploadOffsetConflict(Number(job.received));
    const room = Math.min(CHUNK_MAX_BYTES, Number(job.size) - offset);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > room) throw this.chunkTooLarge(room);
    let size = 0;
    let over = false;
    const limit = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        size += chunk.length;
        if (size > room) {
          over = true;
          return done(new Error('chunk too large'));
        }
        done(null, chunk);
      },
    });
    req.on('error', (e) => limit.destroy(e));
    const key = chunkKey(id, offset);
    try {
      await this.storage.put(key, req.pipe(limit));
    } catch (e) {
      if (over) throw this.chunkTooLarge(room);
      throw e;
    }
    if (size === 0) {
      await this.storage.delete(key);
      throw DomainException.badRequest('上传的数据块为空', ErrorCode.Validation);
    }
    const chunk: UploadChunk = { offset, size, key };
    const done = await this.repo.addChunk(id, chunk);
    if (!done) {
      await this.storage.delete(key).catch(() => undefined);
      const now = await this.repo.findJob(id);
      if (!now) throw DomainException.notFound(MSG_JOB_NOT_FOUND);
      throw new UploadOffsetConflict(Number(now.received));
    }
    if (done.complete) void this.runner.tick();
    return { received: done.received };
  }

  private chunkTooLarge(room: number): DomainException {
    return new DomainException(HttpStatus.PAYLOAD_TOO_LARGE, `数据块过大：这一块最多 ${room} 字节（每块不超过 8 MB，且不超过声明的文件大小）`, ErrorCode.TooLarge);
  }

  /**
   * `POST imports/{id}/resume`: an upload in progress answers where it stands; a failed job (or one
   * whose runner died) is queued again and continues from its checkpoint.
   */
  async resume(id: number): Promise<ExchangeJobDto> {
    const job = await this.repo.findJob(id);
    if (!job) throw DomainException.notFound(MSG_JOB_NOT_FOUND);
    if (job.status === 'uploading' || job.status === 'queued') {
      if (job.status === 'queued') void this.runner.tick();
      return toJobDto(job);
    }
    if (job.status === 'done') throw DomainException.conflict('该任务已完成', EXCHANGE_ERRORS.state);
    if (!(await this.repo.requeue(id))) throw DomainException.conflict('该任务正在执行', EXCHANGE_ERRORS.state);
    void this.runner.tick();
    return this.job(id);
  }

  async deleteJobs(ids: number[]): Promise<{ deleted: number }> {
    const jobs = await this.repo.deleteJobs(ids);
    for (const job of jobs) {
      if (job.kind === 'export') await this.storage.delete(exportKey(job.id)).catch(() => undefined);
      for (const c of ((job.checkpoint?.chunks ?? []) as UploadChunk[])) await this.storage.delete(c.key).catch(() => undefined);
      this.runner.forget(job.id);
    }
    return { deleted: jobs.length };
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import archiver from 'archiver';
import { DataSource } from 'typeorm';
import { STORAGE, type StoragePort } from '../../common/storage/storage.port.js';
import { formatDateTime } from '../../common/time/time.js';
import { ClassifyService } from '../classify/index.js';
import { type IngestItem, NewsIngest, NewsWebsites } from '../news/index.js';
import { FilesService } from '../storage/index.js';
import type { ExchangeJob } from './exchange.entity.js';
import { ExchangeKeys } from './exchange-keys.js';
import { type ExportFilter, type ExportNewsRow, ExchangeRepository, type UploadChunk } from './exchange.repository.js';
import { HashTap, NEWS, type NewsLine, PackageError, PackageReader, PackageWriter, WEBSITES, type WebsiteLine } from './package-format.js';

/** Lines of `news.jsonl` per committed batch (the checkpoint moves after each). */
export const IMPORT_BATCH = 200;
/** News rows read per query while exporting. */
const EXPORT_BATCH = 500;
/** Problems kept in a report. */
const MAX_PROBLEMS = 100;
/** A replica looks for jobs whose lease ran out this often. */
const TICK_MS = 30_000;
const HEARTBEAT_MS = 20_000;

const OWNER = `exchange-${randomUUID().slice(0, 8)}`;

export const exportKey = (id: number) => `exchange/out/${id}.zip`;
export const chunkKey = (id: number, offset: number) => `exchange/in/${id}/${String(offset).padStart(15, '0')}-${randomUUID().slice(0, 8)}`;

/** The job was deleted or taken by another runner: stop quietly. */
class LostLease extends Error {}

interface Problem {
  line: number;
  url: string | null;
  message: string;
}

interface ImportReport extends Record<string, unknown> {
  websites: number;
  files: number;
  problems: Problem[];
  unknownClasses: string[];
  source?: { fingerprint: string; title: string; createdAt: string };
}

/** First 8 bytes of SHA-256 of title + text (the same rule as the collector, docs/collect-design.md §3.6). */
function contentHash(title: string, text: string): string {
  return createHash('sha256').update(title).update('\n').update(text).digest().readBigInt64BE(0).toString();
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Runs exchange jobs in this process (docs/collect-design.md §8.1): claims a queued job, or a running
 * one whose lease expired (any replica continues another's), under a lease renewed as it goes.
 * Exports stream news, websites and files into a signed zip in the store; imports assemble the
 * uploaded chunks, check the package (names, signature, sizes, hashes) and import `news.jsonl` in
 * batches of 200 lines through NewsIngest, moving the checkpoint after each batch.
 */
@Injectable()
export class ExchangeRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ExchangeRunner');
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Lines per batch (IMPORT_BATCH; tests lower it to interrupt a job between batches). */
  batchSize = IMPORT_BATCH;

  constructor(
    private readonly jobs: ExchangeRepository,
    private readonly keys: ExchangeKeys,
    private readonly files: FilesService,
    private readonly ingest: NewsIngest,
    private readonly websites: NewsWebsites,
    private readonly classify: ClassifyService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs every claimable job; a call while running makes the loop look once more, and waits for it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (let job = await this.jobs.claimJob(OWNER); job && !this.stopped; job = await this.jobs.claimJob(OWNER)) await this.run(job);
      } while (this.again && !this.stopped);
    })()
      .catch((e: unknown) => this.log.error(`exchange runner: ${String(e)}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(job: ExchangeJob): Promise<void> {
    const heartbeat = setInterval(() => void this.jobs.progress(job.id, OWNER, {}).catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (job.kind === 'export') await this.runExport(job);
      else await this.runImport(job);
    } catch (e) {
      if (e instanceof LostLease) return;
      const message = e instanceof PackageError ? e.message : `任务失败：${(e as Error).message}`;
      if (!(e instanceof PackageError)) this.log.warn(`exchange job ${job.id}: ${(e as Error).stack ?? String(e)}`);
      await this.jobs.finish(job.id, OWNER, 'failed', message, e instanceof PackageError ? { ...(job.report ?? {}), code: e.code } : undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async step(id: number, set: Parameters<ExchangeRepository['progress']>[2]): Promise<void> {
    if (!(await this.jobs.progress(id, OWNER, set))) throw new LostLease();
    if (this.stopped && set.phase !== 'done') {
      // shutting down: stop at this checkpoint and hand the job over (another replica, or this one restarted)
      await this.jobs.release(id, OWNER);
      throw new LostLease();
    }
  }

  // ---------------------------------------------------------------- export

  private async classPaths(): Promise<Map<number, string>> {
    const all = await this.classify.findAll();
    const byId = new Map(all.map((c) => [c.id, c]));
    const paths = new Map<number, string>();
    const pathOf = (id: number, depth = 0): string => {
      const known = paths.get(id);
      if (known !== undefined) return known;
      const c = byId.get(id);
      if (!c) return '';
      const parent = c.pid != null && depth < 50 ? pathOf(c.pid, depth + 1) : '';
      const path = parent ? `${parent}/${c.name}` : c.name;
      paths.set(id, path);
      return path;
    };
    for (const c of all) pathOf(c.id);
    return paths;
  }

  private async runExport(job: ExchangeJob): Promise<void> {
    const filter = job.filter as unknown as ExportFilter;
    const classes = filter.classify?.length ? await this.classify.descendantIds(filter.classify) : undefined;
    const total = await this.jobs.countNews(filter, classes);
    await this.step(job.id, { phase: 'news', total, processed: 0 });
    const own = await this.keys.own();
    const paths = await this.classPaths();
    const key = exportKey(job.id);
    const archive = archiver('zip', { zlib: { level: 6 } });
    const whole = new HashTap();
    archive.on('error', (e) => whole.destroy(e));
    const stored = this.storage.put(key, archive.pipe(whole));
    stored.catch(() => undefined);
    const writer = new PackageWriter(archive);
    const webIds = new Set<number>();
    const fileKeys = new Map<string, string>();
    let processed = 0;
    try {
      const jobs = this.jobs;
      const fileInfo = (rows: ExportNewsRow[]) => this.fileInfo(rows);
      const step = (processed: number) => this.step(job.id, { processed });
      const newsCount = await writer.addLines<NewsLine>(
        NEWS,
        (async function* () {
          let after = '0';
          for (;;) {
            const rows = await jobs.newsAfter(filter, classes, after, EXPORT_BATCH);
            if (!rows.length) break;
            after = rows[rows.length - 1].id;
            const files = filter.withFiles ? await fileInfo(rows) : new Map<number, { sha256: string; storageKey: string }>();
            const sites = new Map((await jobs.websites([...new Set(rows.flatMap((r) => [r.webId, ...r.sources]).filter((id): id is number => id != null))])).map((w) => [w.id, w.url]));
            for (const id of sites.keys()) webIds.add(id);
            for (const r of rows) {
              const lineFiles: NewsLine['files'] = [];
              for (const f of r.files ?? []) {
                const info = f.storageId != null ? files.get(f.storageId) : undefined;
                if (!info) continue;
                fileKeys.set(info.sha256, info.storageKey);
                lineFiles.push({ sha256: info.sha256, name: String(f.name ?? 'file'), size: Number(f.size ?? 0) });
              }
              yield {
                url: r.url,
                guid: r.guid,
                webKey: r.webId != null ? (sites.get(r.webId) ?? null) : null,
                webName: r.webName,
                sources: r.sources.map((id) => sites.get(id)).filter((u): u is string => !!u),
                title: r.title,
                titleCn: r.titleCn,
                content: r.content,
                contentHtml: r.contentHtml,
                contentCn: r.contentCn,
                publishTime: new Date(r.publishTime).toISOString(),
                language: r.language,
                country: r.country,
                keywords: r.keywords ?? [],
                classify: (r.classify ?? []).map((id) => paths.get(id)).filter((p): p is string => !!p),
                files: lineFiles,
              };
            }
            processed += rows.length;
            await step(processed);
          }
        })(),
      );
      await this.step(job.id, { phase: 'websites' });
      const websites = await this.jobs.websites([...webIds]);
      await writer.addLines<WebsiteLine>(
        WEBSITES,
        (async function* () {
          for (const w of websites) yield { key: w.url, name: w.name, url: w.url, language: w.language, country: w.country };
        })(),
      );
      await this.step(job.id, { phase: 'files' });
      for (const [sha256, storageKey] of fileKeys) await writer.addFile(sha256, () => this.storage.get(storageKey));
      const createdAt = new Date();
      await writer.finish(
        {
          createdAt: createdAt.toISOString(),
          source: { fingerprint: own.fingerprint, title: job.fileName ?? '' },
          filter: { ...filter },
          counts: { websites: websites.length, news: newsCount, files: writer.fileCount },
        },
        own.privateKey,
      );
      const size = await stored;
      const stamp = formatDateTime(createdAt).replace(/\D/g, '');
      await this.step(job.id, {
        phase: 'done',
        storageKey: key,
        size: String(size),
        sha256: whole.digest(),
        fileName: `horizon-exchange-${own.fingerprint.slice(0, 8)}-${stamp}.zip`,
        report: { websites: websites.length, news: newsCount, files: writer.fileCount },
      });
      await this.jobs.finish(job.id, OWNER, 'done', null);
    } catch (e) {
      archive.abort();
      await stored.catch(() => undefined);
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
  }

  private async fileInfo(rows: ExportNewsRow[]): Promise<Map<number, { sha256: string; storageKey: string }>> {
    const ids = [...new Set(rows.flatMap((r) => (r.files ?? []).map((f) => f.storageId)).filter((id): id is number => Number.isInteger(id)))];
    const found = await this.jobs.storedFiles(ids);
    return new Map(found.filter((f) => f.sha256).map((f) => [f.id, { sha256: f.sha256!, storageKey: f.storageKey }]));
  }

  // ---------------------------------------------------------------- import

  private tempPath(id: number): string {
    return join(tmpdir(), `horizon-exchange-in-${id}.zip`);
  }

  /** The uploaded chunks, in order, as one local file (built again when missing: another replica continues). */
  private async assemble(job: ExchangeJob): Promise<string> {
    const path = this.tempPath(job.id);
    const size = Number(job.size);
    if (existsSync(path) && statSync(path).size === size && job.checkpoint?.assembled === true) return path;
    const chunks = ((job.checkpoint?.chunks ?? []) as UploadChunk[]).slice().sort((a, b) => a.offset - b.offset);
    const out = createWriteStream(path);
    const hash = createHash('sha256');
    let at = 0;
    try {
      for (const c of chunks) {
        if (c.offset !== at) throw new PackageError('上传的数据不完整，请重新上传');
        const body = await this.storage.get(c.key);
        for await (const part of body as AsyncIterable<Buffer>) {
          hash.update(part);
          if (!out.write(part)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        at += c.size;
      }
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    } catch (e) {
      out.destroy();
      rmSync(path, { force: true });
      throw e;
    }
    if (at !== size) throw new PackageError('上传的数据不完整，请重新上传');
    if (job.sha256 && hash.digest('hex') !== job.sha256) {
      rmSync(path, { force: true });
      throw new PackageError('数据包校验失败：SHA-256 与上传前声明的不一致');
    }
    await this.step(job.id, { checkpoint: { ...(job.checkpoint ?? {}), assembled: true } });
    job.checkpoint = { ...(job.checkpoint ?? {}), assembled: true };
    return path;
  }

  private async runImport(job: ExchangeJob): Promise<void> {
    await this.step(job.id, { phase: 'assemble' });
    const path = await this.assemble(job);
    await this.step(job.id, { phase: 'verify' });
    const trusted = await this.jobs.listKeys();
    const reader = await PackageReader.open(path, trusted);
    try {
      await reader.verifyAll();
      const m = reader.manifest;
      const report: ImportReport = {
        websites: 0,
        files: 0,
        problems: [],
        unknownClasses: [],
        ...((job.report ?? {}) as Partial<ImportReport>),
        source: { fingerprint: reader.signer, title: String(m.source?.title ?? ''), createdAt: String(m.createdAt ?? '') },
      };
      await this.step(job.id, { phase: 'websites', signer: reader.signer, total: Number(m.counts?.news) || 0, report });
      const sites = await this.importWebsites(reader);
      report.websites = sites.size;
      const classes = new Map([...(await this.classPaths())].map(([id, path]) => [path, id]));
      await this.step(job.id, { phase: 'news', report });
      const counts = { processed: job.processed, created: job.created, updated: job.updated, skipped: job.skipped, failed: job.failed };
      const from = Number(job.checkpoint?.line ?? 0);
      let lineNo = 0;
      let batch: Array<{ line: number; text: string }> = [];
      const flush = async () => {
        if (!batch.length) return;
        const r = await this.importBatch(batch, reader, sites, classes, report);
        counts.processed += batch.length;
        counts.created += r.created;
        counts.updated += r.updated;
        counts.skipped += r.skipped;
        counts.failed += r.failed;
        const line = batch[batch.length - 1].line;
        batch = [];
        await this.step(job.id, { ...counts, report, checkpoint: { ...(job.checkpoint ?? {}), line } });
      };
      if (reader.has(NEWS)) {
        const lines = createInterface({ input: await reader.open(NEWS), crlfDelay: Infinity });
        for await (const text of lines) {
          lineNo += 1;
          if (lineNo <= from || !text.trim()) continue;
          batch.push({ line: lineNo, text });
          if (batch.length >= this.batchSize) await flush();
        }
        await flush();
      }
      await this.step(job.id, { phase: 'done', report });
      await this.jobs.finish(job.id, OWNER, 'done', null);
    } finally {
      reader.close();
    }
    rmSync(path, { force: true });
    for (const c of (job.checkpoint?.chunks ?? []) as UploadChunk[]) await this.storage.delete(c.key).catch(() => undefined);
  }

  private async importWebsites(reader: PackageReader): Promise<Map<string, number>> {
    const sites = new Map<string, number>();
    if (!reader.has(WEBSITES)) return sites;
    const lines = createInterface({ input: await reader.open(WEBSITES), crlfDelay: Infinity });
    for await (const text of lines) {
      if (!text.trim()) continue;
      let w: Partial<WebsiteLine>;
      try {
        w = JSON.parse(text) as Partial<WebsiteLine>;
      } catch {
        throw new PackageError('websites.jsonl 中有无法解析的行');
      }
      const url = str(w.url)?.slice(0, 500);
      if (!url || typeof w.key !== 'string') continue;
      const id = await this.websites.ensure(this.db.manager, { name: (str(w.name) || url).slice(0, 200), url, language: str(w.language)?.slice(0, 8) ?? null, country: str(w.country)?.slice(0, 16) ?? null });
      sites.set(w.key, id);
    }
    return sites;
  }

  /** A file of an item: found by its bytes, else stored from the package (checked while streaming). */
  private async importFile(reader: PackageReader, f: { sha256: string; name: string; size: number }, report: ImportReport): Promise<{ name: string; size: number; storageId: number } | undefined> {
    const existing = await this.files.findBySha256(f.sha256);
    if (existing) return { name: f.name, size: Number(existing.size), storageId: existing.id };
    if (!reader.has(`files/${f.sha256}`)) return undefined;
    const saved = await this.files.saveStream(await reader.open(`files/${f.sha256}`), f.name, null, { expectedSha256: f.sha256 });
    report.files += 1;
    return { name: f.name, size: Number(saved.size), storageId: saved.id };
  }

  private async importBatch(
    batch: Array<{ line: number; text: string }>,
    reader: PackageReader,
    sites: Map<string, number>,
    classes: Map<string, number>,
    report: ImportReport,
  ): Promise<{ created: number; updated: number; skipped: number; failed: number }> {
    let failed = 0;
    const problem = (line: number, url: string | null, message: string) => {
      failed += 1;
      if (report.problems.length < MAX_PROBLEMS) report.problems.push({ line, url, message });
    };
    const byWeb = new Map<number, IngestItem[]>();
    const extra: Array<{ webId: number; item: IngestItem }> = [];
    for (const { line, text } of batch) {
      let n: Partial<NewsLine>;
      try {
        n = JSON.parse(text) as Partial<NewsLine>;
      } catch {
        problem(line, null, '无法解析的行');
        continue;
      }
      const url = str(n.url);
      const title = str(n.title);
      const publishTime = typeof n.publishTime === 'string' ? new Date(n.publishTime) : undefined;
      if (!url || url.length > 1000 || !title || !publishTime || Number.isNaN(publishTime.getTime())) {
        problem(line, url, '缺少地址、标题或发布时间');
        continue;
      }
      const webId = n.webKey != null ? sites.get(n.webKey) : undefined;
      if (webId === undefined) {
        problem(line, url, '缺少来源网站');
        continue;
      }
      const classify: number[] = [];
      for (const path of Array.isArray(n.classify) ? n.classify : []) {
        const id = typeof path === 'string' ? classes.get(path) : undefined;
        if (id !== undefined) classify.push(id);
        else if (typeof path === 'string' && !report.unknownClasses.includes(path) && report.unknownClasses.length < MAX_PROBLEMS) report.unknownClasses.push(path);
      }
      const files: Array<{ name: string; size: number; storageId: number }> = [];
      for (const f of Array.isArray(n.files) ? n.files : []) {
        if (typeof f?.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) continue;
        const stored = await this.importFile(reader, { sha256: f.sha256, name: String(f.name ?? 'file').slice(0, 255), size: Number(f.size) || 0 }, report);
        if (stored) files.push(stored);
      }
      const content = str(n.content) ?? '';
      const item: IngestItem = {
        url,
        guid: str(n.guid),
        title,
        content,
        contentHtml: str(n.contentHtml),
        publishTime,
        language: str(n.language),
        country: str(n.country),
        classify,
        keywords: Array.isArray(n.keywords) ? n.keywords.filter((k): k is string => typeof k === 'string').slice(0, 50) : [],
        contentHash: contentHash(title, content),
        titleCn: str(n.titleCn),
        contentCn: str(n.contentCn),
        files,
      };
      const list = byWeb.get(webId) ?? [];
      list.push(item);
      byWeb.set(webId, list);
      for (const key of Array.isArray(n.sources) ? n.sources : []) {
        const other = typeof key === 'string' ? sites.get(key) : undefined;
        if (other !== undefined && other !== webId) extra.push({ webId: other, item: { ...item, guid: null } });
      }
    }
    let created = 0;
    let updated = 0;
    let skipped = 0;
    for (const [webId, items] of byWeb) {
      const r = await this.ingest.ingest(webId, items, 'exchange');
      created += r.created;
      updated += r.updated;
      skipped += r.duplicates;
    }
    // the item's other sources: the same item under each (a duplicate that adds the source)
    for (const { webId, item } of extra) await this.ingest.ingest(webId, [item], 'exchange');
    return { created, updated, skipped, failed };
  }

  /** Removes what a deleted job left on this machine. */
  forget(id: number): void {
    rmSync(this.tempPath(id), { force: true });
  }
}

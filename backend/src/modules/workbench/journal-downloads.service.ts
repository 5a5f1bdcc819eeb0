import type { Readable } from 'node:stream';
import { Injectable, Logger, type OnModuleInit, type StreamableFile } from '@nestjs/common';
import archiver, { type Archiver, type EntryData } from 'archiver';
import { canAnyPermission } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { DictDetailsService } from '../dicts/index.js';
import { type JournalDto, JournalsService } from '../journals/index.js';
import { JournalCopies, type JournalManuscriptDto } from '../manuscripts/index.js';
import { ProductsService } from '../products/index.js';
import { FileLinkService, type FileLinkRequest, FilesService } from '../storage/index.js';
import { dynamicDocx } from './dynamic-docx.js';
import { storedImages } from './stored-assets.js';
import { EMPTY_ENTRY, EMPTY_NOTE, JOURNAL_ZIP_KIND, journalZipName, planJournalZip, ZIP_MODES, type ZipEntry, type ZipMode } from './journal-zip.js';

/** The permission of the journal downloads (spec production-admin §6: journal manuscript configuration). */
const PERMISSION = 'productJournal:manu';
export const WEEKLY_ZIP_ONLY = '只有周刊可以下载选稿';

const TYPE_LABELS: Record<JournalManuscriptDto['type'], string> = { dynamic: '动态稿件', upload: '本地上传' };

/**
 * Resolves when the archive has taken the entry whole (archiver's `entry` event); rejects when the
 * archive fails or is destroyed (the client went away) — then the source is destroyed too.
 */
function appendEntry(archive: Archiver, source: Readable | Buffer | string, data: EntryData & { store?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      archive.off('entry', onEntry).off('error', onError).off('close', onClose);
      if (err === undefined) return resolve();
      if (typeof source !== 'string' && !Buffer.isBuffer(source)) source.destroy();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const onEntry = () => done();
    const onError = (err: unknown) => done(err);
    const onClose = () => done(new Error('the archive was closed before the entry was written'));
    archive.on('entry', onEntry).on('error', onError).on('close', onClose);
    archive.append(source, data);
  });
}

/**
 * The journal's downloads (docs/workbench-api.md): the zips `downloadZip` / `downloadZipForWeekly`
 * answer as capability paths (stream kind `journal-zip`, produced when the path is fetched) and
 * the xlsx of the journal's copies. Reads: the permission `productJournal:manu` only (no ownership).
 */
@Injectable()
export class JournalDownloadsService implements OnModuleInit {
  private readonly logger = new Logger(JournalDownloadsService.name);

  constructor(
    private readonly journals: JournalsService,
    private readonly copies: JournalCopies,
    private readonly products: ProductsService,
    private readonly files: FilesService,
    private readonly links: FileLinkService,
    private readonly dicts: DictDetailsService,
  ) {}

  onModuleInit(): void {
    this.links.register(JOURNAL_ZIP_KIND, (request) => this.produceZip(request));
  }

  // ---------------------------------------------------------------- zips

  /** The journal (404 `期刊不存在`); for `weekly` 400 `只有周刊可以下载选稿` unless it is a journal of the weekly product. */
  private async zipJournal(journalId: number, mode: ZipMode, user: Principal): Promise<JournalDto> {
    const journal = await this.journals.findOne(journalId, user);
    if (mode === 'weekly' && journal.productId !== (await this.products.weeklyProductId())) throw DomainException.badRequest(WEEKLY_ZIP_ONLY, ErrorCode.Validation);
    return journal;
  }

  /** `downloadZip` (`source`: the sources' original files) and `downloadZipForWeekly`: the path `/files/<capability>/<name>.zip`. */
  async zipPath(journalId: number, mode: ZipMode, user: Principal): Promise<string> {
    const journal = await this.zipJournal(journalId, mode, user);
    return this.links.forStream(JOURNAL_ZIP_KIND, { journalId: journal.id, mode }, user, journalZipName(journal, mode));
  }

  /**
   * The producer of `journal-zip`, run when a path is fetched: the checks again, for the user as they
   * are now (the permission, the journal, the weekly rule, every file readable by them) before
   * anything is written; then the archive, returned at once and fed one entry after another (a
   * stored file's stream is opened only when the previous entry is written: never buffered whole).
   */
  private async produceZip({ params, user }: FileLinkRequest): Promise<Readable> {
    if (!canAnyPermission(user.ability, [PERMISSION])) throw DomainException.forbidden();
    const journalId = Number(params.journalId);
    const mode = ZIP_MODES.find((m) => m === params.mode);
    if (!Number.isSafeInteger(journalId) || !mode) throw DomainException.badRequest('请求参数错误', ErrorCode.Validation);
    const journal = await this.zipJournal(journalId, mode, user);
    const entries = await this.zipEntries(journal.id, mode, user);
    const archive = archiver('zip', { zlib: { level: 6 } });
    this.feed(archive, entries, mode, user).catch((err: unknown) => {
      // destroyed already: the response went away (a cancelled download), nothing to report
      if (archive.destroyed) return;
      this.logger.error(`journal ${journal.id} zip (${mode}) failed: ${String(err)}`);
      archive.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return archive;
  }

  /** The entries of the zip, every stored file checked readable by `user` first (404 `文件不存在`). */
  private async zipEntries(journalId: number, mode: ZipMode, user: Principal): Promise<ZipEntry[]> {
    const copies = await this.copies.ofJournal(journalId, true);
    const sourceFiles = new Map<number, { id: number; suffix: string }>();
    if (mode === 'source') {
      for (const [copyId, fileId] of await this.copies.sourceFiles(journalId)) {
        const file = await this.files.readableFile(user, fileId);
        sourceFiles.set(copyId, { id: file.id, suffix: file.suffix });
      }
    }
    const entries = planJournalZip(copies, mode, sourceFiles);
    if (mode !== 'source') for (const e of entries) if ('fileId' in e) await this.files.readableFile(user, e.fileId);
    return entries;
  }

  private async feed(archive: Archiver, entries: ZipEntry[], mode: ZipMode, user: Principal): Promise<void> {
    if (!entries.length) await appendEntry(archive, EMPTY_NOTE[mode], { name: EMPTY_ENTRY });
    for (const entry of entries) {
      const source = 'fileId' in entry ? (await this.files.open(user, entry.fileId)).stream : await dynamicDocx(entry.dynamic, storedImages(this.files, user));
      await appendEntry(archive, source, { name: entry.name, store: entry.store });
    }
    // resolves when the whole archive has been read; the response pipeline reports its own failures
    archive.finalize().catch(() => undefined);
  }

  // ---------------------------------------------------------------- xlsx

  /** `GET api/productJournal/downloadExcel`: the journal's copies (404 `期刊不存在`). */
  async journalExcel(journalId: number, user: Principal): Promise<StreamableFile> {
    const journal = await this.journals.findOne(journalId, user);
    return this.excel(journalZipName(journal, 'all').replace(/\.zip$/, ''), await this.copies.ofJournal(journal.id));
  }

  /** `GET api/productManuscript/downloadJournalExcel?ids=`: these copies in the order given (404 `稿件不存在` unless every id is a copy). */
  async copiesExcel(ids: number[], user: Principal): Promise<StreamableFile> {
    const journalIds = await this.copies.journalsOf(ids);
    const title = journalIds.length === 1 ? journalZipName(await this.journals.findOne(journalIds[0], user), 'all').replace(/\.zip$/, '') : '期刊稿件';
    return this.excel(title, await this.copies.dtos([...new Set(ids)]));
  }

  /** The workbench table's columns (docs/workbench-api.md): dictionary values as their labels, reviewers by name. */
  private async excel(title: string, rows: JournalManuscriptDto[]): Promise<StreamableFile> {
    const dicts = await this.dicts.map('domain_type,country');
    const label = (dict: string, value: string | null) => (value ? (dicts[dict]?.find((d) => d.value === value)?.label ?? value) : '');
    const numbered = rows.map((row, i) => ({ row, n: i + 1 }));
    return xlsxFile(title, [
      { header: '序号', value: (r: (typeof numbered)[number]) => r.n, width: 8 },
      { header: '栏目', value: (r) => r.row.productColumn?.name ?? '' },
      { header: '标题', value: (r) => r.row.title, width: 40 },
      { header: '稿件类型', value: (r) => TYPE_LABELS[r.row.type] },
      { header: '行业类型', value: (r) => label('domain_type', r.row.domainType) },
      { header: '国家', value: (r) => label('country', r.row.country) },
      { header: '来源单位', value: (r) => r.row.dept.name ?? '', width: 16 },
      { header: '投稿人', value: (r) => r.row.submitBy?.username ?? '' },
      { header: '供稿', value: (r) => r.row.firstAuthor },
      { header: '审稿', value: (r) => r.row.authors.map((a) => a.nickName || a.username).join('、'), width: 20 },
      { header: '备注', value: (r) => r.row.memo ?? '', width: 24 },
      { header: '投稿时间', value: (r) => r.row.submitTime, width: 20 },
    ], numbered);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { buildDocument, type DocumentSection, DocumentTemplateError, findSoffice, type ItemBody, sofficeConvert } from '../../common/docx/index.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { JournalFilesService, type JournalFileDto, JournalsService } from '../journals/index.js';
import { JournalCopies, type JournalManuscriptDto } from '../manuscripts/index.js';
import { ProductsService } from '../products/index.js';
import { FilesService } from '../storage/index.js';
import { UsersService } from '../users/index.js';
import { bytesOf, storedImages } from './stored-assets.js';

/** Messages of journal generation (docs/workbench-api.md). */
export const GENERATE_MESSAGES = {
  empty: '期刊没有稿件，无法生成',
  docTemplate: '产品模板为 .doc 格式且无法转换，请上传 .docx 模板',
  failed: '期刊生成失败，请重试',
} as const;

/** `yyyy-MM-dd` → `yyyy年M月d日` (docs/journal-template.md `{planPublishTime}`). */
export function chineseDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : '';
}

/** The file title of a journal: product name + year + 第N期 (spec §9 "Journal download file name"). */
export function journalTitle(productName: string, year: number, journalNo: number): string {
  return `${productName}${year}第${journalNo}期`;
}

/**
 * `GET api/productJournal/generateJournal` (issue 14): builds a new journal version from the product's
 * Word template (or the built-in default) with every column in order and its copies in order, through
 * the kernel's Word library (`common/docx`, tags in docs/journal-template.md). The journal is checked
 * editable before the build and locked again when the version is stored (a journal finalised meanwhile
 * refuses, and the stored bytes go).
 */
@Injectable()
export class JournalDocumentService {
  private readonly logger = new Logger(JournalDocumentService.name);

  constructor(
    private readonly journals: JournalsService,
    private readonly journalFiles: JournalFilesService,
    private readonly copies: JournalCopies,
    private readonly products: ProductsService,
    private readonly files: FilesService,
    private readonly users: UsersService,
  ) {}

  async generate(journalId: number, user: Principal): Promise<JournalFileDto> {
    await this.journals.assertEditable(journalId, user);
    const journal = await this.journals.findOne(journalId, user);
    const columns = await this.copies.columns({ id: journal.id, productId: journal.productId });
    if (!columns.some((c) => c.manuList.length)) throw DomainException.badRequest(GENERATE_MESSAGES.empty, ErrorCode.Validation);
    const content = new Map((await this.copies.ofJournal(journalId, true)).map((c) => [c.id, c.content ?? null]));
    const product = await this.products.findProduct(journal.productId);
    const productName = product?.name ?? journal.product?.name ?? '';
    const title = journalTitle(productName, journal.year, journal.journalNo);
    const editorIds = (journal.editorIds ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const editors = editorIds.length ? await this.users.nickNames(editorIds) : [];

    const sections: DocumentSection[] = [];
    for (const column of columns) {
      if (!column.manuList.length) continue;
      const items = [];
      for (const copy of column.manuList) items.push({ ...this.itemOf(copy), body: await this.bodyOf(copy, content.get(copy.id) ?? null, user) });
      sections.push({ name: column.name, items });
    }
    const fields = {
      productName,
      year: String(journal.year),
      journalNo: String(journal.journalNo),
      totalNo: String(journal.totalNo),
      planPublishTime: chineseDay(journal.planPublishTime),
      editors: editorIds.map((id) => editors.find((e) => e.id === id)?.nickName ?? String(id)).join('、'),
      title,
      subtitle: [`总第${journal.totalNo}期`, chineseDay(journal.planPublishTime)].filter(Boolean).join('　'),
    };

    let bytes: Buffer;
    try {
      bytes = await buildDocument(await this.templateOf(product?.templateFileId ?? null, user), { fields, sections }, storedImages(this.files, user));
    } catch (e) {
      if (e instanceof DocumentTemplateError) throw DomainException.badRequest(e.message, 'JOURNAL_TEMPLATE_INVALID');
      if (e instanceof DomainException) throw e;
      this.logger.error(`journal ${journalId}: generation failed: ${String(e)}`);
      throw new DomainException(500, GENERATE_MESSAGES.failed, 'JOURNAL_GENERATE_FAILED');
    }
    return this.journalFiles.addGenerated(user, journalId, bytes, `${title}.docx`);
  }

  private itemOf(copy: JournalManuscriptDto) {
    return {
      title: copy.title,
      abstract: copy.abstractEdit?.trim() || copy.abstractOrigin?.trim() || '',
      provider: copy.firstAuthor ?? '',
      country: copy.country ?? '',
      fields: { dept: copy.dept?.name ?? '' },
    };
  }

  /** The body of a copy: its HTML, else its current Word file (.docx merged, .doc converted). */
  private async bodyOf(copy: JournalManuscriptDto, html: string | null, user: Principal): Promise<ItemBody | null> {
    if (html?.trim()) return { html };
    if (!copy.file) return null;
    const { file, stream } = await this.files.open(user, copy.file.id);
    const bytes = await bytesOf(stream);
    const name = file.realName;
    return /\.doc$/i.test(name) || file.suffix?.toLowerCase() === 'doc' ? { doc: bytes, name } : { docx: bytes, name };
  }

  /** The product's template as .docx bytes (a .doc one converted by LibreOffice), or null for the default. */
  private async templateOf(fileId: number | null, user: Principal): Promise<Uint8Array | null> {
    if (fileId == null) return null;
    let opened;
    try {
      opened = await this.files.open(user, fileId);
    } catch (e) {
      // a template whose bytes are gone: the built-in default rather than no journal at all
      this.logger.warn(`template ${fileId}: ${String(e)}; using the built-in template`);
      return null;
    }
    const bytes = await bytesOf(opened.stream);
    if (!/\.doc$/i.test(opened.file.realName)) return bytes;
    if (!findSoffice()) throw DomainException.badRequest(GENERATE_MESSAGES.docTemplate, 'JOURNAL_TEMPLATE_INVALID');
    try {
      const [docx] = await sofficeConvert([{ bytes, ext: 'doc' }], 'docx');
      return docx;
    } catch {
      throw DomainException.badRequest(GENERATE_MESSAGES.docTemplate, 'JOURNAL_TEMPLATE_INVALID');
    }
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { htmlToText } from '../../common/text/html-to-text.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { formatDateTime } from '../../common/time/time.js';
import { ClassifyService } from '../classify/index.js';
import { DictDetailsService } from '../dicts/index.js';
import type { NewsCreateDto } from './news-export.dto.js';
import type { NewsQuery, NewsRowDto } from './news.dto.js';
import { NewsRepository } from './news.repository.js';
import { NewsService } from './news.service.js';
import { documentTokens, toTsVector } from './search/tokenizer.js';

const NOT_FOUND = '新闻不存在或已被删除';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Characters of the Chinese title kept in the Word file name. */
const FILE_TITLE_MAX = 50;

type Raw = Record<string, unknown>;

/** A list row as the list answers it (bigint/count columns arrive as strings from pg). */
function toRow(r: Raw): NewsRowDto {
  return { ...(r as unknown as NewsRowDto), id: Number(r.id), webId: r.webId == null ? null : Number(r.webId), count: Number(r.count), version: Number(r.version) };
}

/** The item as the Word file shows it: the list row plus bodies, abstracts and translations of the department. */
interface WordItem extends NewsRowDto {
  content: string;
  contentCn: string | null;
  contentTrans: string | null;
  abstracts: string | null;
}

/** Characters XML 1.0 does not allow (a Word file with one of them does not open). */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlSafe = (text: string) => text.replace(XML_ILLEGAL, '');

/** The Word file's name: the title cut to FILE_TITLE_MAX characters, without `/\:*?"<>|` and control characters. */
export function wordFileName(title: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = title.replace(/[/\\:*?"<>|\u0000-\u001F\u007F-\u009F]/g, '').replace(/\s+/g, ' ').trim();
  const cut = Array.from(clean).slice(0, FILE_TITLE_MAX).join('').trim().replace(/[. ]+$/, '');
  return `${cut || fallback}.docx`;
}

/** RFC 5987 value: encodeURIComponent plus the characters it leaves that attr-char does not allow. */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Export of the news list (xlsx), Word file of one item, manual entry. Uses NewsService for the
 * department rule and the list context, and the pure list SQL of news.query.ts.
 */
@Injectable()
export class NewsExportService {
  constructor(
    private readonly repo: NewsRepository,
    private readonly news: NewsService,
    private readonly classify: ClassifyService,
    private readonly dictDetails: DictDetailsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Labels of the `language` and `country` dictionaries (code → 英语 / 美国). */
  private async labels(): Promise<{ language: Map<string, string>; country: Map<string, string> }> {
    const dicts = await this.dictDetails.map('language,country');
    const map = (dict: string) => new Map(dicts[dict].map((d) => [d.value, d.label]));
    return { language: map('language'), country: map('country') };
  }

  /** The filtered, sorted list from its first row, at most EXPORT_MAX_ROWS rows (`page`/`size` ignored). */
  async download(q: NewsQuery, user: Principal): Promise<StreamableFile> {
    const ctx = await this.news.listContext({ ...q, page: 0, size: EXPORT_MAX_ROWS }, user);
    const rows = (await this.repo.listRows(q, ctx)).map(toRow);
    const { language, country } = await this.labels();
    const yes = (b: boolean) => (b ? '是' : '否');
    return xlsxFile('新闻列表', [
      { header: '标题', value: (r: NewsRowDto) => r.title, width: 60 },
      { header: '中文标题', value: (r) => r.titleCn, width: 60 },
      { header: '发布时间', value: (r) => r.publishTime, width: 20 },
      { header: '来源网站', value: (r) => r.webName, width: 20 },
      { header: '语言', value: (r) => (r.language ? (language.get(r.language) ?? r.language) : null) },
      { header: '国家', value: (r) => (r.country ? (country.get(r.country) ?? r.country) : null) },
      { header: '分类', value: (r) => r.classifyNames.join('、'), width: 30 },
      { header: '关键词', value: (r) => r.keywords.join('、'), width: 30 },
      { header: '阅读数', value: (r) => r.count },
      { header: '是否跟踪', value: (r) => yes(r.isRecommend) },
      { header: '是否预警', value: (r) => yes(r.yj) },
      { header: '是否精选', value: (r) => yes(r.isChoice) },
      { header: '链接', value: (r) => r.url, width: 50 },
    ], rows);
  }

  /** One item with the department's state as a Word file. Does not mark the item read. */
  async word(id: number, deptIdQuery: number | undefined, user: Principal): Promise<StreamableFile> {
    const deptId = await this.news.resolveDept(user, deptIdQuery);
    const row = await this.repo.wordItem(id, deptId, user.userId);
    if (!row) throw DomainException.notFound(NOT_FOUND);
    const item = { ...(row as unknown as WordItem), ...toRow(row) };
    const buffer = await Packer.toBuffer(this.wordDocument(item, await this.labels()));
    const name = wordFileName(item.titleCn || item.title, `news-${item.id}`);
    return new StreamableFile(buffer, {
      type: DOCX_TYPE,
      disposition: `attachment; filename="news-${item.id}.docx"; filename*=UTF-8''${rfc5987(name)}`,
      length: buffer.length,
    });
  }

  private wordDocument(item: WordItem, labels: { language: Map<string, string>; country: Map<string, string> }): Document {
    const text = (value: string, options: { bold?: boolean; italics?: boolean; color?: string; size?: number } = {}) => new TextRun({ text: xmlSafe(value), ...options });
    /** One paragraph per line of a body; blank lines dropped. */
    const body = (value: string) =>
      xmlSafe(value)
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map((line) => new Paragraph({ children: [new TextRun(line)], spacing: { after: 120 } }));
    const heading = (value: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, children: [text(value)], spacing: { before: 240, after: 120 } });
    const field = (label: string, value: string) => new Paragraph({ children: [text(`${label}：`, { bold: true }), text(value)], spacing: { after: 60 } });

    const titleCn = item.titleCn?.trim() || null;
    const children: Paragraph[] = [
      new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [text(titleCn ?? item.title)] }),
    ];
    if (titleCn && titleCn !== item.title) {
      children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [text(item.title, { italics: true, color: '555555' })], spacing: { after: 240 } }));
    }
    const language = item.language ? (labels.language.get(item.language) ?? item.language) : null;
    const country = item.country ? (labels.country.get(item.country) ?? item.country) : null;
    const publish = formatDateTime(new Date(item.publishTime)).slice(0, 16);
    const meta = [`发布时间：${publish}`, item.webName && `来源：${item.webName}`, country && `国家：${country}`, language && `语种：${language}`].filter(Boolean).join('    ');
    children.push(new Paragraph({ children: [text(meta, { color: '555555', size: 20 })], spacing: { after: 60 } }));
    if (!item.url.startsWith('manual:')) children.push(new Paragraph({ children: [text(`链接：${item.url}`, { color: '555555', size: 20 })], spacing: { after: 120 } }));

    if (item.abstracts?.trim()) children.push(heading('摘要'), ...body(item.abstracts));
    if (item.keywords.length) children.push(field('关键词', item.keywords.join('、')));
    if (item.classifyNames.length) children.push(field('分类', item.classifyNames.join('、')));

    const manual = item.contentTrans?.trim() ? htmlToText(item.contentTrans) : null;
    const machine = item.contentCn?.trim() ? htmlToText(item.contentCn) : null;
    if (manual) children.push(heading('译文'), ...body(manual));
    else if (machine) children.push(heading('机器翻译'), ...body(machine));
    if (item.content.trim()) children.push(heading('原文'), ...body(item.content));

    return new Document({
      creator: 'Horizon',
      title: xmlSafe(titleCn ?? item.title).slice(0, 255),
      styles: { default: { document: { run: { font: { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' }, size: 24 } } } },
      sections: [{ children }],
    });
  }

  /**
   * Manual entry: `create_by` = the caller (the list's `imports=1`), search vector built like the
   * seed, `is_noise` when the noise class is chosen. Duplicate url → 409. Answers the list row.
   */
  async create(dto: NewsCreateDto, user: Principal): Promise<NewsRowDto> {
    const classify = [...new Set(dto.classify ?? [])];
    if (classify.length) await this.classify.assertLeaves(classify);
    const noiseId = await this.classify.noiseId();
    let { webName, language, country } = dto;
    if (dto.webId !== undefined) {
      const site = await this.repo.website(dto.webId);
      if (!site) throw DomainException.badRequest('来源网站不存在');
      webName ??= site.name;
      language ??= site.language ?? undefined;
      country ??= site.country ?? undefined;
    }
    const keywords = [...new Set((dto.keywords ?? []).map((k) => k.trim()).filter((k) => k !== ''))];
    const search = toTsVector(documentTokens({ title: dto.title, titleCn: dto.titleCn, content: dto.content }));
    const inserted = await this.repo.insert([
      dto.title,
      dto.titleCn ?? null,
      dto.content,
      dto.contentHtml ?? null,
      dto.url ?? `manual:${randomUUID()}`,
      dto.publishTime ?? new Date(),
      dto.webId ?? null,
      webName ?? null,
      language ?? null,
      country ?? null,
      user.username,
      keywords,
      classify,
      classify.includes(noiseId),
      search,
      // New items are machine-translated in the background when an engine is configured (the sweep queues them).
      this.config.mt.engine !== 'none' && this.config.mt.auto ? 'pending' : null,
    ]);
    if (inserted === undefined) throw DomainException.conflict('该链接的新闻已存在');
    const rows = await this.repo.rowOf(inserted, user.workDeptId, user.userId);
    return toRow(rows[0]);
  }
}

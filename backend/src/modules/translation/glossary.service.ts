import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import type { GlossaryTerm } from './engine/glossary.js';
import { type GlossaryDto, type GlossaryQuery, type GlossaryUpdateDto, type GlossaryWriteDto, toGlossaryDto } from './glossary.dto.js';
import { TranslationRepository } from './translation.repository.js';
/** The enabled terms are cached this long for the translation jobs (edits show up within it). */
const CACHE_MS = 30_000;

/** The machine-translation glossary (term base): admin-edited, applied to every engine's output. */
@Injectable()
export class GlossaryService {
  private cache?: { at: number; terms: GlossaryTerm[] };

  constructor(private readonly translations: TranslationRepository) {}

  async list(q: GlossaryQuery): Promise<Page<GlossaryDto>> {
    const [rows, total] = await this.translations.glossaryPage(q);
    return page(rows.map(toGlossaryDto), total);
  }

  /** Enabled terms for the engines (cached briefly). */
  async terms(): Promise<GlossaryTerm[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.terms;
    const rows = await this.translations.enabledTerms();
    const terms = rows.map((r) => ({ source: r.source, target: r.target, caseSensitive: r.caseSensitive }));
    this.cache = { at: Date.now(), terms };
    return terms;
  }

  private async assertUnique(source: string, exceptId?: number): Promise<void> {
    const same = await this.translations.termBySource(source);
    if (same && same.id !== exceptId) throw DomainException.badRequest(`术语 ${source} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: GlossaryWriteDto): Promise<GlossaryDto> {
    await this.assertUnique(dto.source);
    const saved = await this.translations.insertTerm({ source: dto.source, target: dto.target, caseSensitive: dto.caseSensitive ?? false, enabled: dto.enabled ?? true, memo: dto.memo ?? null });
    this.cache = undefined;
    return toGlossaryDto(saved);
  }

  async update(dto: GlossaryUpdateDto): Promise<void> {
    const term = await this.translations.termById(dto.id);
    if (!term) throw DomainException.notFound(`术语不存在: id is ${dto.id}`);
    await this.assertUnique(dto.source, term.id);
    await this.translations.saveTerm(
      Object.assign(term, { source: dto.source, target: dto.target, caseSensitive: dto.caseSensitive ?? term.caseSensitive, enabled: dto.enabled ?? term.enabled, memo: dto.memo ?? null }),
    );
    this.cache = undefined;
  }

  async delete(ids: number[]): Promise<void> {
    if (!(await this.translations.deleteTerms(ids))) throw DomainException.notFound('所选术语不存在或已被删除');
    this.cache = undefined;
  }
}

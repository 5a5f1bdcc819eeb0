import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import { cleanKeywords, type ThemeDto, type ThemeItemDto, type ThemeQuery, type ThemeUpdateDto, type ThemeWriteDto, toThemeDto } from './theme.dto.js';
import type { NewsTheme } from './theme.entity.js';
import { ThemesRepository } from './themes.repository.js';

@Injectable()
export class ThemesService {
  constructor(private readonly themes: ThemesRepository) {}

  /** Every theme, sorted by seq then id. */
  async findAll(): Promise<ThemeDto[]> {
    const rows = await this.themes.findAll();
    return rows.map(toThemeDto);
  }

  async list(q: ThemeQuery): Promise<Page<ThemeDto>> {
    const [rows, total] = await this.themes.page(q);
    return page(rows.map(toThemeDto), total);
  }

  private async assertUniqueTitle(title: string, exceptId?: number): Promise<void> {
    const same = await this.themes.findByTitle(title);
    if (same && same.id !== exceptId) throw DomainException.badRequest(`主题 ${title} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: ThemeWriteDto): Promise<ThemeDto> {
    await this.assertUniqueTitle(dto.title);
    return toThemeDto(await this.themes.insert({ title: dto.title, keywords: cleanKeywords(dto.keywords), seq: dto.seq ?? 999 }));
  }

  async update(dto: ThemeUpdateDto): Promise<void> {
    const theme = await this.themes.findById(dto.id);
    if (!theme) throw DomainException.notFound(`主题不存在: id is ${dto.id}`);
    await this.assertUniqueTitle(dto.title, theme.id);
    await this.themes.save(Object.assign(theme, { title: dto.title, keywords: dto.keywords ? cleanKeywords(dto.keywords) : theme.keywords, seq: dto.seq ?? theme.seq }));
  }

  async delete(ids: number[]): Promise<void> {
    if (!(await this.themes.delete(ids))) throw DomainException.notFound('所选主题不存在或已被删除');
  }

  /** Creates the themes whose title is new (repeats in the body keep the first); answers the created ones. */
  async createList(items: ThemeItemDto[]): Promise<ThemeDto[]> {
    const titles = [...new Set(items.map((i) => i.title))];
    const saved = await this.themes.insertNew(titles, (existing) => {
      const fresh: Array<Partial<NewsTheme>> = [];
      for (const item of items) {
        if (existing.has(item.title)) continue;
        existing.add(item.title);
        fresh.push({ title: item.title, keywords: cleanKeywords(item.keywords), seq: 999 });
      }
      return fresh;
    });
    return saved.map(toThemeDto);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import { cleanKeywords, type ThemeDto, type ThemeItemDto, type ThemeQuery, type ThemeUpdateDto, type ThemeWriteDto, toThemeDto } from './theme.dto.js';
import { NewsTheme } from './theme.entity.js';

const SORT = { id: 't.id', title: 't.title', seq: 't.seq', createTime: 't.createTime', updateTime: 't.updateTime' };

@Injectable()
export class ThemesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(NewsTheme);
  }

  /** Every theme, sorted by seq then id. */
  async findAll(): Promise<ThemeDto[]> {
    const rows = await this.repo.find({ order: { seq: 'ASC', id: 'ASC' } });
    return rows.map(toThemeDto);
  }

  async list(q: ThemeQuery): Promise<Page<ThemeDto>> {
    const qb = this.repo.createQueryBuilder('t');
    if (q.title) qb.andWhere('t.title ILIKE :title', { title: likePattern(q.title) });
    const [rows, total] = await applyListQuery(qb, q, SORT, ['seq,asc']).getManyAndCount();
    return page(rows.map(toThemeDto), total);
  }

  private async assertUniqueTitle(title: string, exceptId?: number): Promise<void> {
    const same = await this.repo.findOneBy({ title });
    if (same && same.id !== exceptId) throw DomainException.badRequest(`主题 ${title} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: ThemeWriteDto): Promise<ThemeDto> {
    await this.assertUniqueTitle(dto.title);
    return toThemeDto(await this.repo.save(this.repo.create({ title: dto.title, keywords: cleanKeywords(dto.keywords), seq: dto.seq ?? 999 })));
  }

  async update(dto: ThemeUpdateDto): Promise<void> {
    const theme = await this.repo.findOneBy({ id: dto.id });
    if (!theme) throw DomainException.notFound(`主题不存在: id is ${dto.id}`);
    await this.assertUniqueTitle(dto.title, theme.id);
    await this.repo.save(Object.assign(theme, { title: dto.title, keywords: dto.keywords ? cleanKeywords(dto.keywords) : theme.keywords, seq: dto.seq ?? theme.seq }));
  }

  async delete(ids: number[]): Promise<void> {
    const result = await this.repo.delete({ id: In(ids) });
    if (!result.affected) throw DomainException.notFound('所选主题不存在或已被删除');
  }

  /** Creates the themes whose title is new (repeats in the body keep the first); answers the created ones. */
  async createList(items: ThemeItemDto[]): Promise<ThemeDto[]> {
    return this.db.transaction(async (em) => {
      const titles = [...new Set(items.map((i) => i.title))];
      const existing = new Set((await em.findBy(NewsTheme, { title: In(titles) })).map((t) => t.title));
      const fresh: NewsTheme[] = [];
      for (const item of items) {
        if (existing.has(item.title)) continue;
        existing.add(item.title);
        fresh.push(em.create(NewsTheme, { title: item.title, keywords: cleanKeywords(item.keywords), seq: 999 }));
      }
      const saved = fresh.length ? await em.save(fresh) : [];
      return saved.map(toThemeDto);
    });
  }
}

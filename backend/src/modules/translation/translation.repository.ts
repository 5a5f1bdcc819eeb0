import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In } from 'typeorm';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { GlossaryQuery } from './glossary.dto.js';
import { MtGlossaryTerm } from './translation.entity.js';

const GLOSSARY_SORT = { id: 'g.id', source: 'g.source', target: 'g.target', enabled: 'g.enabled', createTime: 'g.createTime', updateTime: 'g.updateTime' };

/**
 * The translation module's own table, the machine-translation glossary (`mt_glossary`). The workflow
 * on `news_dept` / `news_translation` and the machine-translation columns of `news` belong to the
 * news module (NewsDesk).
 */
@Injectable()
export class TranslationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The connected database's name (the BullMQ queue prefix, one queue per database). */
  async currentDatabase(): Promise<string> {
    const [{ db }]: Array<{ db: string }> = await this.db.query('SELECT current_database() AS db');
    return db;
  }

  // ---------------------------------------------------------------- glossary

  private get glossary() {
    return this.db.getRepository(MtGlossaryTerm);
  }

  glossaryPage(q: GlossaryQuery): Promise<[MtGlossaryTerm[], number]> {
    const qb = this.glossary.createQueryBuilder('g');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('g.source ILIKE :like', { like }).orWhere('g.target ILIKE :like', { like })));
    }
    if (q.enabled !== undefined) qb.andWhere('g.enabled = :enabled', { enabled: q.enabled });
    return applyListQuery(qb, q, GLOSSARY_SORT, ['source,asc']).getManyAndCount();
  }

  enabledTerms(): Promise<MtGlossaryTerm[]> {
    return this.glossary.find({ where: { enabled: true } });
  }

  termBySource(source: string): Promise<MtGlossaryTerm | null> {
    return this.glossary.findOneBy({ source });
  }

  termById(id: number): Promise<MtGlossaryTerm | null> {
    return this.glossary.findOneBy({ id });
  }

  insertTerm(values: Partial<MtGlossaryTerm>): Promise<MtGlossaryTerm> {
    return this.glossary.save(this.glossary.create(values));
  }

  saveTerm(term: MtGlossaryTerm): Promise<MtGlossaryTerm> {
    return this.glossary.save(term);
  }

  /** Deletes the terms; how many went. */
  async deleteTerms(ids: number[]): Promise<number | null | undefined> {
    const result = await this.glossary.delete({ id: In(ids) });
    return result.affected;
  }
}

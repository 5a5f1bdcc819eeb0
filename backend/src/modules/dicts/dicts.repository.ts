import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { DictDetailQuery, DictQuery } from './dict.dto.js';
import { Dict, DictDetail } from './dict.entity.js';

const SORT = { id: 'd.id', name: 'd.name', createTime: 'd.createTime', updateTime: 'd.updateTime' };
const DETAIL_SORT = { id: 'dd.id', label: 'dd.label', value: 'dd.value', dictSort: 'dd.dictSort', createTime: 'dd.createTime' };

/** Every query of the dicts module (`sys_dict`, `sys_dict_detail`); DictsService and DictDetailsService hold the rules. */
@Injectable()
export class DictsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get dicts() {
    return this.db.getRepository(Dict);
  }

  private get details() {
    return this.db.getRepository(DictDetail);
  }

  private filtered(q: DictQuery): SelectQueryBuilder<Dict> {
    const qb = this.dicts.createQueryBuilder('d');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('d.name ILIKE :like', { like }).orWhere('d.description ILIKE :like')));
    }
    if (q.createTime) qb.andWhere('d.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  /** A page of the filtered dicts and the total. */
  page(q: DictQuery): Promise<[Dict[], number]> {
    return applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
  }

  /** The filtered dicts by id, at most `max`. */
  all(q: DictQuery, max: number): Promise<Dict[]> {
    return this.filtered(q).orderBy('d.id', 'ASC').take(max).getMany();
  }

  /** The filtered dicts with their details, by id, details by dictSort then id (the export). */
  withDetails(q: DictQuery): Promise<Dict[]> {
    return this.filtered(q).leftJoinAndSelect('d.dictDetails', 'dd').orderBy('d.id', 'ASC').addOrderBy('dd.dictSort', 'ASC').addOrderBy('dd.id', 'ASC').getMany();
  }

  findDict(id: number): Promise<Dict | null> {
    return this.dicts.findOneBy({ id });
  }

  findDictByName(name: string): Promise<Dict | null> {
    return this.db.manager.findOneBy(Dict, { name });
  }

  insertDict(values: Partial<Dict>): Promise<Dict> {
    return this.dicts.save(this.dicts.create(values));
  }

  saveDict(dict: Dict): Promise<Dict> {
    return this.dicts.save(dict);
  }

  /** Deletes the dicts and their details in one transaction; the number of dicts deleted. */
  deleteDicts(ids: number[]): Promise<number> {
    return this.db.transaction(async (em) => {
      await em.delete(DictDetail, { dictId: In(ids) });
      const result = await em.delete(Dict, { id: In(ids) });
      return result.affected ?? 0;
    });
  }

  private detailsWithDict(): SelectQueryBuilder<DictDetail> {
    return this.details.createQueryBuilder('dd').innerJoinAndSelect('dd.dict', 'dict');
  }

  /** A page of the details (with their dict), `dictName` exact, `label` contains; default order dictSort,asc. */
  detailPage(q: DictDetailQuery, size: number): Promise<[DictDetail[], number]> {
    const qb = this.detailsWithDict();
    if (q.dictName) qb.andWhere('dict.name = :dictName', { dictName: q.dictName });
    if (q.label) qb.andWhere('dd.label ILIKE :label', { label: likePattern(q.label) });
    return applyListQuery(qb, { ...q, size }, DETAIL_SORT, ['dictSort,asc']).getManyAndCount();
  }

  /** The details of the named dicts (with their dict), by dictSort then id. */
  detailsOf(names: string[]): Promise<DictDetail[]> {
    return this.detailsWithDict().where('dict.name IN (:...names)', { names }).orderBy('dd.dictSort', 'ASC').addOrderBy('dd.id', 'ASC').getMany();
  }

  /** The detail with its dict, or null. */
  findDetailWithDict(id: number): Promise<DictDetail | null> {
    return this.detailsWithDict().where('dd.id = :id', { id }).getOne();
  }

  findDetail(id: number): Promise<DictDetail | null> {
    return this.details.findOneBy({ id });
  }

  insertDetail(values: Partial<DictDetail>): Promise<DictDetail> {
    return this.details.save(this.details.create(values));
  }

  saveDetail(detail: DictDetail): Promise<DictDetail> {
    return this.details.save(detail);
  }

  /** Deletes the detail; the number of rows deleted. */
  async deleteDetail(id: number): Promise<number> {
    const result = await this.details.delete({ id });
    return result.affected ?? 0;
  }
}

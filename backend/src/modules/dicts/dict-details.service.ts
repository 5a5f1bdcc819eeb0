import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import {
  DICT_DETAIL_PAGE_SIZE,
  type DictDetailDto,
  type DictDetailQuery,
  type DictDetailUpdateDto,
  type DictDetailWriteDto,
  MAX_MAP_NAMES,
  toDictDetailDto,
} from './dict.dto.js';
import { Dict, DictDetail } from './dict.entity.js';

const SORT = { id: 'dd.id', label: 'dd.label', value: 'dd.value', dictSort: 'dd.dictSort', createTime: 'dd.createTime' };

@Injectable()
export class DictDetailsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(DictDetail);
  }

  private base(): SelectQueryBuilder<DictDetail> {
    return this.repo.createQueryBuilder('dd').innerJoinAndSelect('dd.dict', 'dict');
  }

  async list(q: DictDetailQuery): Promise<Page<DictDetailDto>> {
    const qb = this.base();
    if (q.dictName) qb.andWhere('dict.name = :dictName', { dictName: q.dictName });
    if (q.label) qb.andWhere('dd.label ILIKE :label', { label: likePattern(q.label) });
    const [rows, total] = await applyListQuery(qb, { ...q, size: q.size ?? DICT_DETAIL_PAGE_SIZE }, SORT, ['dictSort,asc']).getManyAndCount();
    return page(rows.map(toDictDetailDto), total);
  }

  /** `a,b` or `a，b` → `{a: [...], b: [...]}`; unknown names map to empty arrays. */
  async map(dictNames: string): Promise<Record<string, DictDetailDto[]>> {
    const names = [...new Set(dictNames.split(/[,，]/).map((n) => n.trim()).filter(Boolean))];
    if (!names.length) throw DomainException.badRequest('dictName 不能为空', ErrorCode.Validation);
    if (names.length > MAX_MAP_NAMES) throw DomainException.badRequest(`一次最多查询 ${MAX_MAP_NAMES} 个字典`, ErrorCode.Validation);
    const rows = await this.base().where('dict.name IN (:...names)', { names }).orderBy('dd.dictSort', 'ASC').addOrderBy('dd.id', 'ASC').getMany();
    // Object.fromEntries defines own properties, so a name such as __proto__ cannot touch the prototype.
    return Object.fromEntries(names.map((name) => [name, rows.filter((r) => r.dict.name === name).map(toDictDetailDto)]));
  }

  private async assertDict(id: number): Promise<Dict> {
    const dict = await this.db.getRepository(Dict).findOneBy({ id });
    if (!dict) throw DomainException.badRequest('所选字典不存在');
    return dict;
  }

  private async findOne(id: number): Promise<DictDetailDto> {
    const row = await this.base().where('dd.id = :id', { id }).getOne();
    if (!row) throw DomainException.notFound(`字典详情不存在: id is ${id}`);
    return toDictDetailDto(row);
  }

  async create(dto: DictDetailWriteDto): Promise<DictDetailDto> {
    const dict = await this.assertDict(dto.dict.id);
    const saved = await this.repo.save(this.repo.create({ dictId: dict.id, label: dto.label, value: dto.value, dictSort: dto.dictSort ?? 999 }));
    return this.findOne(saved.id);
  }

  async update(dto: DictDetailUpdateDto): Promise<void> {
    const detail = await this.repo.findOneBy({ id: dto.id });
    if (!detail) throw DomainException.notFound(`字典详情不存在: id is ${dto.id}`);
    const dict = await this.assertDict(dto.dict.id);
    await this.repo.save(Object.assign(detail, { dictId: dict.id, label: dto.label, value: dto.value, dictSort: dto.dictSort ?? detail.dictSort }));
  }

  async delete(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw DomainException.notFound(`字典详情不存在: id is ${id}`);
  }
}

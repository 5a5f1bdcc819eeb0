import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import {
  DICT_DETAIL_PAGE_SIZE,
  type DictDetailDto,
  type DictDetailQuery,
  type DictDetailUpdateDto,
  type DictDetailWriteDto,
  MAX_MAP_NAMES,
  toDictDetailDto,
} from './dict.dto.js';
import type { Dict } from './dict.entity.js';
import { DictsRepository } from './dicts.repository.js';

@Injectable()
export class DictDetailsService {
  constructor(private readonly dicts: DictsRepository) {}

  async list(q: DictDetailQuery): Promise<Page<DictDetailDto>> {
    const [rows, total] = await this.dicts.detailPage(q, q.size ?? DICT_DETAIL_PAGE_SIZE);
    return page(rows.map(toDictDetailDto), total);
  }

  /** `a,b` or `a，b` → `{a: [...], b: [...]}`; unknown names map to empty arrays. */
  async map(dictNames: string): Promise<Record<string, DictDetailDto[]>> {
    const names = [...new Set(dictNames.split(/[,，]/).map((n) => n.trim()).filter(Boolean))];
    if (!names.length) throw DomainException.badRequest('dictName 不能为空', ErrorCode.Validation);
    if (names.length > MAX_MAP_NAMES) throw DomainException.badRequest(`一次最多查询 ${MAX_MAP_NAMES} 个字典`, ErrorCode.Validation);
    const rows = await this.dicts.detailsOf(names);
    // Object.fromEntries defines own properties, so a name such as __proto__ cannot touch the prototype.
    return Object.fromEntries(names.map((name) => [name, rows.filter((r) => r.dict.name === name).map(toDictDetailDto)]));
  }

  private async assertDict(id: number): Promise<Dict> {
    const dict = await this.dicts.findDict(id);
    if (!dict) throw DomainException.badRequest('所选字典不存在');
    return dict;
  }

  private async findOne(id: number): Promise<DictDetailDto> {
    const row = await this.dicts.findDetailWithDict(id);
    if (!row) throw DomainException.notFound(`字典详情不存在: id is ${id}`);
    return toDictDetailDto(row);
  }

  async create(dto: DictDetailWriteDto): Promise<DictDetailDto> {
    const dict = await this.assertDict(dto.dict.id);
    const saved = await this.dicts.insertDetail({ dictId: dict.id, label: dto.label, value: dto.value, dictSort: dto.dictSort ?? 999 });
    return this.findOne(saved.id);
  }

  async update(dto: DictDetailUpdateDto): Promise<void> {
    const detail = await this.dicts.findDetail(dto.id);
    if (!detail) throw DomainException.notFound(`字典详情不存在: id is ${dto.id}`);
    const dict = await this.assertDict(dto.dict.id);
    await this.dicts.saveDetail(Object.assign(detail, { dictId: dict.id, label: dto.label, value: dto.value, dictSort: dto.dictSort ?? detail.dictSort }));
  }

  async delete(id: number): Promise<void> {
    if (!(await this.dicts.deleteDetail(id))) throw DomainException.notFound(`字典详情不存在: id is ${id}`);
  }
}

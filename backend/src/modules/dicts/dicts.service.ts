import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { page, type Page } from '../../common/http/list-query.js';
import { type DictDto, type DictQuery, type DictUpdateDto, type DictWriteDto, toDictDto } from './dict.dto.js';
import type { Dict, DictDetail } from './dict.entity.js';
import { DictsRepository } from './dicts.repository.js';
const ALL_MAX_ROWS = 5000;

interface ExportRow {
  d: Dict;
  dd?: DictDetail;
}

@Injectable()
export class DictsService {
  constructor(private readonly dicts: DictsRepository) {}

  async list(q: DictQuery): Promise<Page<DictDto>> {
    const [rows, total] = await this.dicts.page(q);
    return page(rows.map(toDictDto), total);
  }

  async all(q: DictQuery): Promise<DictDto[]> {
    const rows = await this.dicts.all(q, ALL_MAX_ROWS);
    return rows.map(toDictDto);
  }

  /** One row per detail (a dict without details gets one row), like eladmin's export. */
  async download(q: DictQuery) {
    const dicts = await this.dicts.withDetails(q);
    const rows = dicts
      .flatMap((d): ExportRow[] => (d.dictDetails.length ? d.dictDetails.map((dd) => ({ d, dd })) : [{ d }]))
      .slice(0, EXPORT_MAX_ROWS);
    return xlsxFile('字典数据', [
      { header: '字典名称', value: (r: ExportRow) => r.d.name, width: 20 },
      { header: '字典描述', value: (r) => r.d.description, width: 20 },
      { header: '字典标签', value: (r) => r.dd?.label },
      { header: '字典值', value: (r) => r.dd?.value },
      { header: '创建日期', value: (r) => r.dd?.createTime ?? r.d.createTime, width: 20 },
    ], rows);
  }

  private async assertUniqueName(name: string, exceptId?: number): Promise<void> {
    const same = await this.dicts.findDictByName(name);
    if (same && same.id !== exceptId) throw DomainException.badRequest(`字典名称 ${name} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: DictWriteDto): Promise<DictDto> {
    await this.assertUniqueName(dto.name);
    return toDictDto(await this.dicts.insertDict({ name: dto.name, description: dto.description || null }));
  }

  async update(dto: DictUpdateDto): Promise<void> {
    const dict = await this.dicts.findDict(dto.id);
    if (!dict) throw DomainException.notFound(`字典不存在: id is ${dto.id}`);
    await this.assertUniqueName(dto.name, dict.id);
    await this.dicts.saveDict(Object.assign(dict, { name: dto.name, description: dto.description || null }));
  }

  /**
   * Details go with their dict (explicitly, and by the foreign key's ON DELETE CASCADE). When no dict
   * was deleted no detail was either (a detail's dict exists), so the 404 follows the transaction.
   */
  async delete(ids: number[]): Promise<void> {
    if (!(await this.dicts.deleteDicts(ids))) throw DomainException.notFound('所选字典不存在或已被删除');
  }
}

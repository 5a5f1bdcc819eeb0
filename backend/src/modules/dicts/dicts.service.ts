import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import { type DictDto, type DictQuery, type DictUpdateDto, type DictWriteDto, toDictDto } from './dict.dto.js';
import { Dict, DictDetail } from './dict.entity.js';

const SORT = { id: 'd.id', name: 'd.name', createTime: 'd.createTime', updateTime: 'd.updateTime' };
const ALL_MAX_ROWS = 5000;

interface ExportRow {
  d: Dict;
  dd?: DictDetail;
}

@Injectable()
export class DictsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Dict);
  }

  private filtered(q: DictQuery): SelectQueryBuilder<Dict> {
    const qb = this.repo.createQueryBuilder('d');
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('d.name ILIKE :like', { like }).orWhere('d.description ILIKE :like')));
    }
    if (q.createTime) qb.andWhere('d.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  async list(q: DictQuery): Promise<Page<DictDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
    return page(rows.map(toDictDto), total);
  }

  async all(q: DictQuery): Promise<DictDto[]> {
    const rows = await this.filtered(q).orderBy('d.id', 'ASC').take(ALL_MAX_ROWS).getMany();
    return rows.map(toDictDto);
  }

  /** One row per detail (a dict without details gets one row), like eladmin's export. */
  async download(q: DictQuery) {
    const dicts = await this.filtered(q).leftJoinAndSelect('d.dictDetails', 'dd').orderBy('d.id', 'ASC').addOrderBy('dd.dictSort', 'ASC').addOrderBy('dd.id', 'ASC').getMany();
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

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number): Promise<void> {
    const same = await em.findOneBy(Dict, { name });
    if (same && same.id !== exceptId) throw DomainException.badRequest(`字典名称 ${name} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: DictWriteDto): Promise<DictDto> {
    await this.assertUniqueName(this.db.manager, dto.name);
    return toDictDto(await this.repo.save(this.repo.create({ name: dto.name, description: dto.description || null })));
  }

  async update(dto: DictUpdateDto): Promise<void> {
    const dict = await this.repo.findOneBy({ id: dto.id });
    if (!dict) throw DomainException.notFound(`字典不存在: id is ${dto.id}`);
    await this.assertUniqueName(this.db.manager, dto.name, dict.id);
    await this.repo.save(Object.assign(dict, { name: dto.name, description: dto.description || null }));
  }

  /** Details go with their dict (explicitly, and by the foreign key's ON DELETE CASCADE). */
  async delete(ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.delete(DictDetail, { dictId: In(ids) });
      const result = await em.delete(Dict, { id: In(ids) });
      if (!result.affected) throw DomainException.notFound('所选字典不存在或已被删除');
    });
  }
}

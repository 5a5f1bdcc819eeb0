import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import { type JobDto, type JobQuery, type JobUpdateDto, type JobWriteDto, toJobDto } from './job.dto.js';
import { Job } from './job.entity.js';

const SORT = { id: 'j.id', name: 'j.name', jobSort: 'j.jobSort', enabled: 'j.enabled', createTime: 'j.createTime' };

@Injectable()
export class JobsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Job);
  }

  /** The jobs with these ids (those that exist), for other modules. */
  findByIds(ids: number[]): Promise<Job[]> {
    return this.repo.findBy({ id: In(ids) });
  }

  private filtered(q: JobQuery): SelectQueryBuilder<Job> {
    const qb = this.repo.createQueryBuilder('j');
    if (q.name) qb.andWhere('j.name ILIKE :name', { name: likePattern(q.name) });
    if (q.enabled !== undefined) qb.andWhere('j.enabled = :enabled', { enabled: q.enabled });
    if (q.createTime) qb.andWhere('j.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  async list(q: JobQuery): Promise<Page<JobDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q), q, SORT, ['jobSort,asc']).getManyAndCount();
    return page(rows.map(toJobDto), total);
  }

  async download(q: JobQuery) {
    const rows = await this.filtered(q).orderBy('j.jobSort', 'ASC').take(EXPORT_MAX_ROWS).getMany();
    return xlsxFile('岗位数据', [
      { header: '岗位名称', value: (j: Job) => j.name },
      { header: '排序', value: (j) => j.jobSort },
      { header: '状态', value: (j) => (j.enabled ? '启用' : '停用') },
      { header: '创建日期', value: (j) => j.createTime, width: 20 },
    ], rows);
  }

  private async assertUniqueName(name: string, exceptId?: number): Promise<void> {
    const same = await this.repo.findOneBy({ name });
    if (same && same.id !== exceptId) throw DomainException.badRequest(`岗位名称 ${name} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: JobWriteDto): Promise<JobDto> {
    await this.assertUniqueName(dto.name);
    return toJobDto(await this.repo.save(this.repo.create(dto)));
  }

  async update(dto: JobUpdateDto): Promise<void> {
    const job = await this.repo.findOneBy({ id: dto.id });
    if (!job) throw DomainException.notFound(`岗位不存在: id is ${dto.id}`);
    await this.assertUniqueName(dto.name, job.id);
    await this.repo.save(Object.assign(job, { name: dto.name, jobSort: dto.jobSort, enabled: dto.enabled }));
  }

  async delete(ids: number[]): Promise<void> {
    const used: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM sys_users_jobs WHERE job_id = ANY($1::int[])', [ids]);
    if (used[0].n > 0) throw DomainException.badRequest('所选的岗位中存在用户关联，请解除关联再试！', ErrorCode.InUse);
    const result = await this.repo.delete({ id: In(ids) });
    if (!result.affected) throw DomainException.notFound('所选岗位不存在或已被删除');
  }
}

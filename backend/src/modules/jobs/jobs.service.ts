import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { page, type Page } from '../../common/http/list-query.js';
import { type JobDto, type JobQuery, type JobUpdateDto, type JobWriteDto, toJobDto } from './job.dto.js';
import type { Job } from './job.entity.js';
import { JobsRepository } from './jobs.repository.js';

@Injectable()
export class JobsService {
  constructor(private readonly jobs: JobsRepository) {}

  /** The jobs with these ids (those that exist), for other modules. */
  findByIds(ids: number[]): Promise<Job[]> {
    return this.jobs.findByIds(ids);
  }

  async list(q: JobQuery): Promise<Page<JobDto>> {
    const [rows, total] = await this.jobs.page(q);
    return page(rows.map(toJobDto), total);
  }

  async download(q: JobQuery) {
    const rows = await this.jobs.exportRows(q);
    return xlsxFile('岗位数据', [
      { header: '岗位名称', value: (j: Job) => j.name },
      { header: '排序', value: (j) => j.jobSort },
      { header: '状态', value: (j) => (j.enabled ? '启用' : '停用') },
      { header: '创建日期', value: (j) => j.createTime, width: 20 },
    ], rows);
  }

  private async assertUniqueName(name: string, exceptId?: number): Promise<void> {
    const same = await this.jobs.findByName(name);
    if (same && same.id !== exceptId) throw DomainException.badRequest(`岗位名称 ${name} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: JobWriteDto): Promise<JobDto> {
    await this.assertUniqueName(dto.name);
    return toJobDto(await this.jobs.insert(dto));
  }

  async update(dto: JobUpdateDto): Promise<void> {
    const job = await this.jobs.findById(dto.id);
    if (!job) throw DomainException.notFound(`岗位不存在: id is ${dto.id}`);
    await this.assertUniqueName(dto.name, job.id);
    await this.jobs.save(Object.assign(job, { name: dto.name, jobSort: dto.jobSort, enabled: dto.enabled }));
  }

  async delete(ids: number[]): Promise<void> {
    if ((await this.jobs.countAssigned(ids)) > 0) throw DomainException.badRequest('所选的岗位中存在用户关联，请解除关联再试！', ErrorCode.InUse);
    if (!(await this.jobs.delete(ids))) throw DomainException.notFound('所选岗位不存在或已被删除');
  }
}

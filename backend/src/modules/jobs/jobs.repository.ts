import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { JobQuery } from './job.dto.js';
import { Job } from './job.entity.js';

const SORT = { id: 'j.id', name: 'j.name', jobSort: 'j.jobSort', enabled: 'j.enabled', createTime: 'j.createTime' };

/** Every query of the jobs module (`sys_job`); JobsService holds the rules. */
@Injectable()
export class JobsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Job);
  }

  findByIds(ids: number[]): Promise<Job[]> {
    return this.repo.findBy({ id: In(ids) });
  }

  findById(id: number): Promise<Job | null> {
    return this.repo.findOneBy({ id });
  }

  findByName(name: string): Promise<Job | null> {
    return this.repo.findOneBy({ name });
  }

  private filtered(q: JobQuery): SelectQueryBuilder<Job> {
    const qb = this.repo.createQueryBuilder('j');
    if (q.name) qb.andWhere('j.name ILIKE :name', { name: likePattern(q.name) });
    if (q.enabled !== undefined) qb.andWhere('j.enabled = :enabled', { enabled: q.enabled });
    if (q.createTime) qb.andWhere('j.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    return qb;
  }

  /** A page of the filtered jobs and the total (default order jobSort,asc). */
  page(q: JobQuery): Promise<[Job[], number]> {
    return applyListQuery(this.filtered(q), q, SORT, ['jobSort,asc']).getManyAndCount();
  }

  /** The filtered jobs for the export, by jobSort, at most EXPORT_MAX_ROWS. */
  exportRows(q: JobQuery): Promise<Job[]> {
    return this.filtered(q).orderBy('j.jobSort', 'ASC').take(EXPORT_MAX_ROWS).getMany();
  }

  insert(values: Partial<Job>): Promise<Job> {
    return this.repo.save(this.repo.create(values));
  }

  save(job: Job): Promise<Job> {
    return this.repo.save(job);
  }

  /** How many user assignments (sys_users_jobs) hold any of these jobs. */
  async countAssigned(ids: number[]): Promise<number> {
    const used: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM sys_users_jobs WHERE job_id = ANY($1::int[])', [ids]);
    return used[0].n;
  }

  /** Deletes the jobs; the number of rows deleted. */
  async delete(ids: number[]): Promise<number> {
    const result = await this.repo.delete({ id: In(ids) });
    return result.affected ?? 0;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { LogQuery } from './log.dto.js';
import { OperationLog } from '../../common/audit/operation-log.entity.js';

const SORT = { id: 'l.id', createTime: 'l.createTime', time: 'l.time', username: 'l.username', logType: 'l.logType', status: 'l.status', method: 'l.method' };

/** Every query of the logs module: reads of the kernel's operation log (`sys_log`, written and purged by AuditWriter); LogsService holds the rules. */
@Injectable()
export class LogsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(OperationLog);
  }

  /** `owner` restricts to one user's rows; the blurry OR-group is bracketed so it can never widen that. */
  private filtered(q: LogQuery, owner?: string): SelectQueryBuilder<OperationLog> {
    const qb = this.repo.createQueryBuilder('l');
    if (owner !== undefined) qb.andWhere('l.username = :owner', { owner });
    else if (q.username) qb.andWhere('l.username = :username', { username: q.username });
    if (q.logType) qb.andWhere('l.logType = :logType', { logType: q.logType });
    if (q.createTime) qb.andWhere('l.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('l.username ILIKE :like', { like })
            .orWhere('l.description ILIKE :like')
            .orWhere('l.requestIp ILIKE :like')
            .orWhere('l.method ILIKE :like')
            .orWhere('l.params ILIKE :like'),
        ),
      );
    }
    return qb;
  }

  /** A page of the filtered rows and the total; `owner`: only that user's rows. */
  page(q: LogQuery, owner?: string): Promise<[OperationLog[], number]> {
    return applyListQuery(this.filtered(q, owner), q, SORT).getManyAndCount();
  }

  findById(id: number): Promise<OperationLog | null> {
    return this.repo.findOneBy({ id: String(id) });
  }

  /** The filtered rows for the export, newest first, at most EXPORT_MAX_ROWS. */
  exportRows(q: LogQuery): Promise<OperationLog[]> {
    return this.filtered(q).orderBy('l.id', 'DESC').take(EXPORT_MAX_ROWS).getMany();
  }
}

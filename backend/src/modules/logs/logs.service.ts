import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import { DomainException } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { ipAddress } from '../../common/http/ip-address.js';
import { applyListQuery, likePattern, page, type Page } from '../../common/http/list-query.js';
import { type LogDto, type LogQuery, type LogType, type LogUserQuery, toLogDto } from './log.dto.js';
import { OperationLog } from './log.entity.js';

const SORT = { id: 'l.id', createTime: 'l.createTime', time: 'l.time', username: 'l.username', logType: 'l.logType', status: 'l.status', method: 'l.method' };

@Injectable()
export class LogsService {
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

  async list(q: LogQuery): Promise<Page<LogDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q), q, SORT).getManyAndCount();
    return page(rows.map(toLogDto), total);
  }

  /** The caller's own rows only (filtered by the session's username, never by a query parameter). */
  async listOwn(username: string, q: LogUserQuery): Promise<Page<LogDto>> {
    const [rows, total] = await applyListQuery(this.filtered(q, username), q, SORT).getManyAndCount();
    return page(rows.map(toLogDto), total);
  }

  async errorDetail(id: number): Promise<{ exception: string | null }> {
    const row = await this.repo.findOneBy({ id: String(id) });
    if (!row) throw DomainException.notFound(`日志不存在: id is ${id}`);
    return { exception: row.exceptionDetail };
  }

  async deleteAll(logType: LogType): Promise<void> {
    await this.repo.delete({ logType });
  }

  async download(q: LogQuery) {
    const rows = await this.filtered(q).orderBy('l.id', 'DESC').take(EXPORT_MAX_ROWS).getMany();
    return xlsxFile('日志数据', [
      { header: '用户名', value: (l: OperationLog) => l.username },
      { header: 'IP', value: (l) => l.requestIp, width: 16 },
      { header: 'IP来源', value: (l) => ipAddress(l.requestIp), width: 24 },
      { header: '描述', value: (l) => l.description, width: 20 },
      { header: '请求方法', value: (l) => l.method, width: 30 },
      { header: '日志类型', value: (l) => l.logType },
      { header: '浏览器', value: (l) => l.browser, width: 30 },
      { header: '请求耗时/毫秒', value: (l) => l.time },
      { header: '状态码', value: (l) => l.status },
      { header: '异常详情', value: (l) => l.exceptionDetail, width: 40 },
      { header: '创建日期', value: (l) => l.createTime, width: 20 },
    ], rows);
  }
}

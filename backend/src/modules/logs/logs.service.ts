import { Injectable } from '@nestjs/common';
import { AuditWriter } from '../../common/audit/audit-writer.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { ipAddress } from '../../common/http/ip-address.js';
import { page, type Page } from '../../common/http/list-query.js';
import { type LogDto, type LogQuery, type LogType, type LogUserQuery, toLogDto } from './log.dto.js';
import type { OperationLog } from '../../common/audit/operation-log.entity.js';
import { LogsRepository } from './logs.repository.js';

@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogsRepository,
    private readonly audit: AuditWriter,
  ) {}

  async list(q: LogQuery): Promise<Page<LogDto>> {
    const [rows, total] = await this.logs.page(q);
    return page(rows.map(toLogDto), total);
  }

  /** The caller's own rows only (filtered by the session's username, never by a query parameter). */
  async listOwn(username: string, q: LogUserQuery): Promise<Page<LogDto>> {
    const [rows, total] = await this.logs.page(q, username);
    return page(rows.map(toLogDto), total);
  }

  async errorDetail(id: number): Promise<{ exception: string | null }> {
    const row = await this.logs.findById(id);
    if (!row) throw DomainException.notFound(`日志不存在: id is ${id}`);
    return { exception: row.exceptionDetail };
  }

  async deleteAll(logType: LogType): Promise<void> {
    await this.audit.purge(logType);
  }

  async download(q: LogQuery) {
    const rows = await this.logs.exportRows(q);
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

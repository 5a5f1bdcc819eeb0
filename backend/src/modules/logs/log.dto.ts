import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { DateRangeFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { ipAddress } from '../../common/http/ip-address.js';
import type { OperationLog } from './log.entity.js';

export const LOG_TYPES = ['INFO', 'ERROR'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Filters of the caller's own log (`api/logs/user`): no username. */
export class LogUserQuery extends ListQuery {
  @ApiPropertyOptional({ description: '用户名、描述、IP、请求方法或参数（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: '搜索内容不能超过 200 个字符' })
  blurry?: string;

  @ApiPropertyOptional({ enum: LOG_TYPES })
  @TrimmedFilter()
  @IsOptional()
  @IsIn(LOG_TYPES, { message: 'logType 只能是 INFO 或 ERROR' })
  logType?: LogType;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

export class LogQuery extends LogUserQuery {
  @ApiPropertyOptional({ description: '用户名（精确）' })
  @TrimmedFilter()
  @MaxLength(64, { message: '用户名不能超过 64 个字符' })
  username?: string;
}

export interface LogDto {
  id: number;
  description: string | null;
  logType: LogType;
  method: string;
  params: string | null;
  requestIp: string | null;
  /** Where `requestIp` is (`内网IP`, a region from the offline IP database, or ''): looked up when read, so it follows database updates. */
  address: string;
  browser: string | null;
  time: number;
  status: number | null;
  username: string | null;
  exceptionDetail: string | null;
  createTime: Date;
}

export const toLogDto = (l: OperationLog): LogDto => ({
  id: Number(l.id),
  description: l.description,
  logType: l.logType,
  method: l.method,
  params: l.params,
  requestIp: l.requestIp,
  address: ipAddress(l.requestIp),
  browser: l.browser,
  time: l.time,
  status: l.status,
  username: l.username,
  exceptionDetail: l.exceptionDetail,
  createTime: l.createTime,
});

import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { DateRangeFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { ipAddress } from '../../common/http/ip-address.js';
import type { OperationLog } from '../../common/audit/operation-log.entity.js';

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

export class LogDto {
  @ApiInt()
  id: number;

  @ApiNullableString()
  description: string | null;

  @ApiProperty({ enum: LOG_TYPES })
  logType: LogType;

  @ApiProperty()
  method: string;

  @ApiNullableString()
  params: string | null;

  @ApiNullableString()
  requestIp: string | null;

  @ApiProperty({ description: 'requestIp 的位置：内网IP、离线 IP 库的地区，或空串' })
  address: string;

  @ApiNullableString()
  browser: string | null;

  @ApiInt({ description: '耗时（毫秒）' })
  time: number;

  @ApiInt({ nullable: true, description: 'HTTP 状态码' })
  status: number | null;

  @ApiNullableString()
  username: string | null;

  @ApiNullableString()
  exceptionDetail: string | null;

  @ApiDateTime()
  createTime: Date;
}

/** `GET api/logs/error/{id}`: the stack of one error entry. */
export class LogErrorDetailDto {
  @ApiNullableString()
  exception: string | null;
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

import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ListQuery } from '../../common/http/list-query.js';
import type { BackupRun } from './backup-run.entity.js';

export class RunsQuery extends ListQuery {}

export class BackupRunDto {
  @ApiInt()
  id: number;

  @ApiProperty({ enum: ['scheduled', 'manual'] })
  kind: string;

  @ApiProperty({ enum: ['running', 'done', 'failed', 'expired'] })
  status: string;

  @ApiDateTime({ nullable: true, description: '定时备份的时间点' })
  scheduledFor: Date | null;

  @ApiNullableString('备份文件名')
  fileName: string | null;

  @ApiProperty({ type: Number, nullable: true, description: '备份文件字节数' })
  size: number | null;

  @ApiProperty({ type: Number, nullable: true, description: '数据库转储（db.dump）字节数' })
  dbSize: number | null;

  @ApiProperty({ type: Number, nullable: true })
  filesCount: number | null;

  @ApiProperty({ type: Number, nullable: true })
  filesSize: number | null;

  @ApiNullableString('备份文件的 SHA-256')
  sha256: string | null;

  @ApiNullableString()
  error: string | null;

  @ApiDateTime()
  startedAt: Date;

  @ApiDateTime({ nullable: true })
  finishedAt: Date | null;

  @ApiProperty({ type: Number, nullable: true, description: '耗时（毫秒）' })
  durationMs: number | null;

  @ApiNullableString()
  createBy: string | null;
}

export class PgDumpDto {
  @ApiProperty()
  path: string;

  @ApiProperty()
  version: string;
}

export class BackupStatusDto {
  @ApiProperty({ description: '能否备份（找到了 pg_dump）' })
  available: boolean;

  @ApiNullableString('不能备份的原因')
  reason: string | null;

  @ApiProperty({ type: PgDumpDto, nullable: true })
  pgDump: PgDumpDto | null;

  @ApiNullableString('每日定时备份时间 HH:MM（null = 不定时备份）')
  schedule: string | null;

  @ApiInt({ description: '保留的成功备份份数' })
  retention: number;

  @ApiProperty()
  includeFiles: boolean;

  @ApiProperty({ enum: ['local', 's3'] })
  storage: string;

  @ApiProperty({ type: BackupRunDto, nullable: true })
  lastRun: BackupRunDto | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export function toRunDto(r: BackupRun): BackupRunDto {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    scheduledFor: r.scheduledFor,
    fileName: r.storageKey ? (r.storageKey.split('/').pop() ?? null) : null,
    size: num(r.size),
    dbSize: num(r.dbSize),
    filesCount: r.filesCount,
    filesSize: num(r.filesSize),
    sha256: r.sha256,
    error: r.error,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
    createBy: r.createBy,
  };
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDate, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { BooleanField, OptionalText, RequiredText } from '../../common/http/dto.js';
import { ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';
import { parseDateTime } from '../../common/time/time.js';
import type { ExchangeJob, ExchangeTrustedKey } from './exchange.entity.js';

/** Largest chunk of `PUT imports/{id}` (docs/collect-design.md §7). */
export const CHUNK_MAX_BYTES = 8 * 1024 * 1024;
export const JOB_KINDS = ['export', 'import'] as const;

const TimeField = (label: string, endOfDay: boolean) => (target: object, key: string) => {
  ApiProperty({ description: `${label}（yyyy-MM-dd HH:mm:ss 或 yyyy-MM-dd）`, type: String })(target, key);
  Transform(({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? undefined : (parseDateTime(value, endOfDay) ?? value)))(target, key);
  IsDefined({ message: `${label}不能为空` })(target, key);
  IsDate({ message: `${label}格式不正确（yyyy-MM-dd HH:mm:ss）` })(target, key);
};

/** `POST exports`: which news go into the package. */
export class ExportCreateDto {
  @TimeField('开始时间', false)
  startTime: Date;

  @TimeField('结束时间', true)
  endTime: Date;

  @ApiPropertyOptional({ type: [Number], description: '分类 id（含下级）' })
  @IsOptional()
  @IntInput()
  @IsArray({ message: 'classify 必须是 id 数组' })
  @ArrayMaxSize(200, { message: 'classify 不能超过 200 个' })
  @IsInt({ each: true, message: 'classify 必须是整数 id' })
  @Min(1, { each: true, message: 'classify 必须是正整数 id' })
  @Max(2_147_483_647, { each: true, message: 'classify 超出范围' })
  classify?: number[];

  @ApiPropertyOptional({ type: [Number], description: '来源网站 id' })
  @IsOptional()
  @IntInput()
  @IsArray({ message: 'webIds 必须是 id 数组' })
  @ArrayMaxSize(1000, { message: 'webIds 不能超过 1000 个' })
  @IsInt({ each: true, message: 'webIds 必须是整数 id' })
  @Min(1, { each: true, message: 'webIds 必须是正整数 id' })
  @Max(2_147_483_647, { each: true, message: 'webIds 超出范围' })
  webIds?: number[];

  @ApiPropertyOptional({ description: '标题包含' })
  @OptionalText(200, '标题关键字')
  blurry?: string;

  @ApiPropertyOptional({ description: '附带新闻的文件（默认 true）', default: true })
  @IsOptional()
  @BooleanField('附带文件')
  withFiles?: boolean;
}

/** `POST imports`: the package about to be uploaded in chunks. */
export class ImportCreateDto {
  @RequiredText('文件名不能为空', 255, '文件名', { description: '数据包文件名' })
  fileName: string;

  @ApiProperty({ description: '数据包字节数' })
  @IntInput()
  @IsDefined({ message: '文件大小不能为空' })
  @IsInt({ message: '文件大小必须是整数（字节）' })
  @Min(1, { message: '文件大小必须大于 0' })
  @Max(Number.MAX_SAFE_INTEGER, { message: '文件大小超出范围' })
  size: number;

  @ApiPropertyOptional({ description: '整个文件的 SHA-256（小写十六进制），可选' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  @IsString({ message: 'sha256 必须是字符串' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'sha256 必须是 64 位十六进制' })
  sha256?: string;
}

export class ChunkQuery {
  @ApiProperty({ description: '这一块在文件中的起始位置（字节）' })
  @IntInput()
  @IsDefined({ message: 'offset 不能为空' })
  @IsInt({ message: 'offset 必须是整数' })
  @Min(0, { message: 'offset 不能小于 0' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'offset 超出范围' })
  offset: number;
}

export class ExchangeJobQuery extends ListQuery {
  @ApiPropertyOptional({ enum: JOB_KINDS })
  @TrimmedFilter()
  @IsIn(JOB_KINDS, { message: 'kind 只能是 export 或 import' })
  kind?: (typeof JOB_KINDS)[number];
}

export class TrustedKeyCreateDto {
  @RequiredText('名称不能为空', 100, '名称', { description: '对方名称' })
  name: string;

  @RequiredText('公钥不能为空', 4000, '公钥', { description: 'Ed25519 公钥（PEM）' })
  publicKey: string;
}

export class KeyDto {
  @ApiProperty({ description: '本机 Ed25519 公钥（PEM SPKI）' })
  publicKey: string;

  @ApiProperty({ description: '公钥指纹：SPKI DER 的 SHA-256（十六进制）' })
  fingerprint: string;
}

export class TrustedKeyDto extends KeyDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiDateTime()
  createTime: Date;

  @ApiNullableString()
  createBy: string | null;
}

export class UploadStateDto {
  @ApiProperty({ description: '服务器已收到的字节数（下一块从这里开始）' })
  received: number;
}

export class DeletedDto {
  @ApiInt()
  deleted: number;
}

export class ExchangeJobDto {
  @ApiInt()
  id: number;

  @ApiProperty({ enum: JOB_KINDS })
  kind: string;

  @ApiProperty({ enum: ['uploading', 'queued', 'running', 'done', 'failed'] })
  status: string;

  @ApiNullableString('assemble | verify | websites | news | files | queued | done | failed')
  phase: string | null;

  @ApiNullableString()
  fileName: string | null;

  @ApiProperty({ type: Number, nullable: true })
  size: number | null;

  @ApiProperty()
  received: number;

  @ApiInt()
  total: number;

  @ApiInt()
  processed: number;

  @ApiInt()
  created: number;

  @ApiInt()
  updated: number;

  @ApiInt()
  skipped: number;

  @ApiInt()
  failed: number;

  @ApiNullableString('签名公钥的指纹（导入）')
  signer: string | null;

  @ApiNullableString()
  error: string | null;

  @ApiProperty({ type: Object, nullable: true, description: '导入：{websites, files, problems: [{line, url, message}] (≤ 100), unknownClasses, source}；导出：{websites, news, files}' })
  report: Record<string, unknown> | null;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime({ nullable: true })
  finishedAt: Date | null;

  @ApiNullableString()
  createBy: string | null;
}

export function toJobDto(j: ExchangeJob): ExchangeJobDto {
  return {
    id: j.id,
    kind: j.kind,
    status: j.status,
    phase: j.phase,
    fileName: j.fileName,
    size: j.size === null ? null : Number(j.size),
    received: Number(j.received),
    total: j.total,
    processed: j.processed,
    created: j.created,
    updated: j.updated,
    skipped: j.skipped,
    failed: j.failed,
    signer: j.signer,
    error: j.error,
    report: j.report,
    createTime: j.createTime,
    finishedAt: j.finishedAt,
    createBy: j.createBy,
  };
}

export function toTrustedKeyDto(k: ExchangeTrustedKey): TrustedKeyDto {
  return { id: k.id, name: k.name, publicKey: k.publicKey, fingerprint: k.fingerprint, createTime: k.createTime, createBy: k.createBy };
}

import { MT_STATUSES } from '../news/index.js';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { BigRecordId } from '../../common/http/dto.js';
import { IdFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';

export const TRANS_STATUSES = ['edit', 'examine', 'done'] as const;
export type TransStatus = (typeof TRANS_STATUSES)[number];

/** Longest translation text accepted (characters; a long feature article is ~30 000). */
export const MAX_TRANSLATION_CHARS = 500_000;

/** Longest Chinese title accepted (the same limit as `updateTitleCn`). */
export const MAX_TITLE_CN_CHARS = 500;

/**
 * `content` of `submitTranslate`. `status` picks the transition: `edit` claims (or saves while the
 * caller is the editor), `examine` submits for review, `done` reviews. The identity fields are
 * accepted for compatibility with the spec's payload and ignored: the server takes editor and
 * reviewer from the session.
 */
export class TranslateContentDto {
  @ApiPropertyOptional({ description: '译文（纯文本或 HTML）；认领时省略则用国家 + 机器翻译预填' })
  @IsOptional()
  @IsString({ message: 'contentTrans 必须是字符串' })
  @MaxLength(MAX_TRANSLATION_CHARS, { message: `译文不能超过 ${MAX_TRANSLATION_CHARS} 个字符` })
  contentTrans?: string;

  @ApiPropertyOptional({
    description:
      '部门中文标题（去掉首尾空白，最多 500 字）：认领 / 保存（edit）和提交审核（examine）时与译文一起保存，与 updateTitleCn 写同一个值；空字符串或 null = 恢复为全局（机器翻译）标题；省略 = 不改；审核（done）时忽略',
    maxLength: MAX_TITLE_CN_CHARS,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'titleCn 必须是字符串' })
  @MaxLength(MAX_TITLE_CN_CHARS, { message: `中文标题不能超过 ${MAX_TITLE_CN_CHARS} 个字符` })
  titleCn?: string | null;

  @ApiProperty({ enum: TRANS_STATUSES })
  @IsDefined({ message: 'status 不能为空' })
  @IsIn(TRANS_STATUSES, { message: 'status 只能是 edit、examine 或 done' })
  status: TransStatus;

  @ApiPropertyOptional({ description: '客户端看到的版本号；审核时与当前版本不一致 → 409' })
  @IsOptional()
  @IsInt({ message: 'version 必须是整数' })
  @Min(0, { message: 'version 不能小于 0' })
  version?: number;

  @ApiPropertyOptional({ description: '忽略：以当前登录用户为准' })
  @Allow()
  editorId?: unknown;

  @ApiPropertyOptional({ description: '忽略：以当前登录用户为准' })
  @Allow()
  editorName?: unknown;

  @ApiPropertyOptional({ description: '忽略：以当前登录用户为准' })
  @Allow()
  examineId?: unknown;

  @ApiPropertyOptional({ description: '忽略：以当前登录用户为准' })
  @Allow()
  examineName?: unknown;
}

/** `POST api/news/submitTranslate`. */
export class SubmitTranslateDto {
  @BigRecordId('id', '新闻 id')
  id: number;

  @ApiPropertyOptional({ description: '部门 id：本部门或上级部门（默认本部门）' })
  @IdFilter()
  deptId?: number;

  @ApiProperty({ type: TranslateContentDto })
  @IsDefined({ message: 'content 不能为空' })
  @IsObject({ message: 'content 格式不正确' }) // one object: an array would pass the nested check empty
  @ValidateNested()
  @Type(() => TranslateContentDto)
  content: TranslateContentDto;
}

/** `POST api/news/releaseTranslate`, and the GET queries naming one item of one department. */
export class TranslationRefDto {
  @BigRecordId('id', '新闻 id')
  id: number;

  @ApiPropertyOptional({ description: '部门 id：本部门或上级部门（默认本部门）' })
  @IdFilter()
  deptId?: number;
}

/** `GET api/news/translationDiff`: two submitted versions, or a version and the current draft (`to` omitted). */
export class TranslationDiffQuery extends TranslationRefDto {
  @ApiProperty({ description: '起始版本' })
  @IntInput()
  @IsInt({ message: 'from 必须是整数' })
  @Min(1, { message: 'from 不能小于 1' })
  from: number;

  @ApiPropertyOptional({ description: '目标版本；省略 = 当前草稿' })
  @IdFilter()
  to?: number;
}

/** `POST api/news/doTranslate`. */
export class DoTranslateDto {
  @BigRecordId('id', '新闻 id')
  id: number;
}

export class TranslationStateDto {
  @ApiInt()
  id: number;

  @ApiInt()
  deptId: number;

  @ApiProperty({ enum: TRANS_STATUSES, nullable: true })
  transStatus: TransStatus | null;

  @ApiNullableString()
  isProcessed: string | null;

  @ApiNullableString()
  contentTrans: string | null;

  @ApiInt()
  version: number;

  @ApiInt({ nullable: true })
  editorId: number | null;

  @ApiNullableString()
  editorName: string | null;

  @ApiInt({ nullable: true })
  examineId: number | null;

  @ApiNullableString()
  examineName: string | null;

  @ApiDateTime({ nullable: true })
  updateTime: Date | null;

  /** The department's Chinese title (null = none of its own: lists show the global one). */
  @ApiNullableString('本部门的中文标题（null = 没有自己的，列表显示全局的）')
  titleCn: string | null;
}

export class TranslationVersionDto {
  @ApiInt()
  version: number;

  @ApiProperty()
  status: string;

  @ApiProperty()
  content: string;

  @ApiInt({ nullable: true })
  editorId: number | null;

  @ApiNullableString()
  editorName: string | null;

  @ApiInt({ nullable: true })
  examineId: number | null;

  @ApiNullableString()
  examineName: string | null;

  @ApiDateTime({ nullable: true })
  examineTime: Date | null;

  @ApiDateTime()
  createTime: Date;
}

export class LatestVersionDto {
  @ApiInt()
  id: number;

  @ApiInt()
  deptId: number;

  /** Latest submitted version (0 = none yet). */
  @ApiInt({ description: '最新提交的版本（0 = 还没有）' })
  version: number;

  @ApiNullableString()
  contentTrans: string | null;

  @ApiNullableString()
  status: string | null;
}

export class DiffPart {
  @ApiProperty({ enum: ['equal', 'insert', 'delete'] })
  op: 'equal' | 'insert' | 'delete';

  @ApiProperty()
  text: string;
}

export class TranslationDiffDto {
  @ApiInt()
  from: number;

  /** null = the current draft. */
  @ApiInt({ nullable: true, description: 'null = 当前草稿' })
  to: number | null;

  @ApiProperty({ type: () => [DiffPart] })
  parts: DiffPart[];

  @ApiInt()
  inserted: number;

  @ApiInt()
  deleted: number;
}

/** `POST api/news/doTranslate`: the item after machine translation (machine-translation.service.ts `MtResultDto`). */
export class MtResultDto {
  @ApiInt()
  id: number;

  @ApiNullableString()
  titleCn: string | null;

  @ApiNullableString()
  contentCn: string | null;

  @ApiNullableString()
  language: string | null;

  @ApiProperty({ enum: MT_STATUSES, nullable: true, description: '机器翻译状态' })
  mtStatus: string | null;

  @ApiNullableString()
  mtError: string | null;

  @ApiDateTime({ nullable: true })
  mtTime: Date | null;
}

/** `GET api/mt/status` (machine-translation.service.ts `MtStatusDto`). */
export class MtStatusDto {
  @ApiProperty()
  engine: string;

  @ApiProperty()
  configured: boolean;

  @ApiProperty()
  auto: boolean;

  @ApiProperty({ enum: ['in-process', 'bullmq'], nullable: true })
  queue: 'in-process' | 'bullmq' | null;

  @ApiInt({ description: '队列里现有的任务' })
  queued: number;

  @ApiInt()
  pending: number;

  @ApiInt()
  running: number;

  @ApiInt()
  failed: number;
}

/** `GET api/mt/failures` (machine-translation.service.ts `MtFailureDto`). */
export class MtFailureDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  language: string | null;

  @ApiNullableString()
  mtError: string | null;

  @ApiDateTime({ nullable: true })
  mtTime: Date | null;
}

/** `POST api/mt/retry`. */
export class MtRetryResultDto {
  @ApiInt({ description: '重新排队的条数' })
  queued: number;
}


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

export interface TranslationStateDto {
  id: number;
  deptId: number;
  transStatus: TransStatus | null;
  isProcessed: string | null;
  contentTrans: string | null;
  version: number;
  editorId: number | null;
  editorName: string | null;
  examineId: number | null;
  examineName: string | null;
  updateTime: Date | null;
  /** The department's Chinese title (null = none of its own: lists show the global one). */
  titleCn: string | null;
}

export interface TranslationVersionDto {
  version: number;
  status: string;
  content: string;
  editorId: number | null;
  editorName: string | null;
  examineId: number | null;
  examineName: string | null;
  examineTime: Date | null;
  createTime: Date;
}

export interface LatestVersionDto {
  id: number;
  deptId: number;
  /** Latest submitted version (0 = none yet). */
  version: number;
  contentTrans: string | null;
  status: string | null;
}

export interface DiffPart {
  /** 'equal' | 'insert' | 'delete' */
  op: 'equal' | 'insert' | 'delete';
  text: string;
}

export interface TranslationDiffDto {
  from: number;
  /** null = the current draft. */
  to: number | null;
  parts: DiffPart[];
  inserted: number;
  deleted: number;
}


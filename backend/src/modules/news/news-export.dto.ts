import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDate, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { IdFilter, INT4_MAX } from '../../common/http/list-query.js';
import { parseDateTime } from '../../common/time/time.js';
import { IntInput } from '../../common/http/numbers.js';

/** Longest accepted body text (the tokenizer reads at most this much, too). */
export const MANUAL_CONTENT_MAX = 200_000;
/** Longest accepted HTML body (kept as given; the UI renders it sanitised). */
export const MANUAL_HTML_MAX = 400_000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Trimmed; blank (or null) → undefined, so the field counts as absent. */
const trimToUndefined = ({ value }: { value: unknown }) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};
const trimEach = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value);
/** `yyyy-MM-dd HH:mm:ss` (configured zone), ISO 8601 with a zone or epoch → Date; anything else is left for @IsDate to reject. */
const toDate = ({ value }: { value: unknown }) => {
  if (value === '' || value === null || value === undefined) return undefined;
  return parseDateTime(value) ?? value;
};

/**
 * `POST api/news/createOneNews`: a manually entered item. `url` is optional (a unique `manual:<uuid>`
 * is generated); `webName`, `language` and `country` default to the website's when `webId` is given.
 */
export class NewsCreateDto {
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString({ message: '标题必须是字符串' })
  @IsNotEmpty({ message: '标题不能为空' })
  @MaxLength(500, { message: '标题不能超过 500 个字符' })
  title: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString({ message: '中文标题必须是字符串' })
  @MaxLength(500, { message: '中文标题不能超过 500 个字符' })
  titleCn?: string;

  @ApiProperty({ description: '正文（纯文本）', maxLength: MANUAL_CONTENT_MAX })
  @Transform(trim)
  @IsString({ message: '正文必须是字符串' })
  @IsNotEmpty({ message: '正文不能为空' })
  @MaxLength(MANUAL_CONTENT_MAX, { message: `正文不能超过 ${MANUAL_CONTENT_MAX} 个字符` })
  content: string;

  @ApiPropertyOptional({ description: '正文 HTML（原样保存，界面净化后显示）', maxLength: MANUAL_HTML_MAX })
  @Transform(({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value))
  @IsOptional()
  @IsString({ message: '正文 HTML 必须是字符串' })
  @MaxLength(MANUAL_HTML_MAX, { message: `正文 HTML 不能超过 ${MANUAL_HTML_MAX} 个字符` })
  contentHtml?: string;

  @ApiPropertyOptional({ description: '原文链接（http/https）；不填则生成 manual:<uuid>', maxLength: 1000 })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString({ message: '链接必须是字符串' })
  @MaxLength(1000, { message: '链接不能超过 1000 个字符' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true, require_tld: false }, { message: '链接必须是以 http:// 或 https:// 开头的网址' })
  url?: string;

  @ApiPropertyOptional({ description: '发布时间：yyyy-MM-dd HH:mm:ss 或 ISO 8601，默认当前时间', type: String })
  @Transform(toDate)
  @IsOptional()
  @IsDate({ message: '发布时间格式应为 yyyy-MM-dd HH:mm:ss 或 ISO 8601' })
  publishTime?: Date;

  @ApiPropertyOptional({ description: '来源网站名称（默认取 webId 对应网站）', maxLength: 200 })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString({ message: '来源网站必须是字符串' })
  @MaxLength(200, { message: '来源网站不能超过 200 个字符' })
  webName?: string;

  @ApiPropertyOptional({ description: '来源网站 id（须已存在）' })
  @IdFilter()
  @Min(1, { message: 'webId 必须是正整数' })
  webId?: number;

  @ApiPropertyOptional({ description: '语种代码，如 en', maxLength: 8 })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString({ message: '语种必须是字符串' })
  @MaxLength(8, { message: '语种不能超过 8 个字符' })
  language?: string;

  @ApiPropertyOptional({ description: '国家代码，如 US', maxLength: 16 })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString({ message: '国家必须是字符串' })
  @MaxLength(16, { message: '国家不能超过 16 个字符' })
  country?: string;

  @ApiPropertyOptional({ type: [String], description: '关键词：≤ 50 个，每个 ≤ 50 个字符（去空白、去重）' })
  @Transform(trimEach)
  @IsOptional()
  @IsArray({ message: 'keywords 必须是字符串数组' })
  @ArrayMaxSize(50, { message: '关键词不能超过 50 个' })
  @IsString({ each: true, message: 'keywords 必须是字符串数组' })
  @MaxLength(50, { each: true, message: '每个关键词不能超过 50 个字符' })
  keywords?: string[];

  @ApiPropertyOptional({ type: [Number], description: '分类 id（只能是最末级分类）' })
  @IsOptional()
  @IsArray({ message: 'classify 必须是分类 id 数组' })
  @ArrayMaxSize(50, { message: '分类不能超过 50 个' })
  @IntInput()
  @IsInt({ each: true, message: 'classify 必须是分类 id 数组' })
  @Min(1, { each: true, message: 'classify 必须是分类 id 数组' })
  @Max(INT4_MAX, { each: true, message: 'classify 必须是分类 id 数组' })
  classify?: number[];
}

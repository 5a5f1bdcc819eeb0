import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BigRecordId } from '../../common/http/dto.js';
import { IdFilter, MAX_PAGE_SIZE, PagedQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';

/** Share list: default page size 15 (spec news-tracking §9). */
export const SHARE_PAGE_SIZE = 15;
export const MAX_SHARE_RECIPIENTS = 100;
/** sys_user ids are int4. */
const MAX_USER_ID = 2_147_483_647;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

export class ShareQuery extends PagedQuery {
  @ApiPropertyOptional({ description: `每页条数，最大 ${MAX_PAGE_SIZE}`, default: SHARE_PAGE_SIZE })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => blank(value))
  @IntInput()
  @IsInt({ message: 'size 必须是整数' })
  @Min(1, { message: 'size 不能小于 1' })
  @Max(MAX_PAGE_SIZE, { message: `size 不能超过 ${MAX_PAGE_SIZE}` })
  size?: number;

  @ApiPropertyOptional({ description: '分享人（只能是自己）：我的分享' })
  @IdFilter()
  fromId?: number;

  @ApiPropertyOptional({ description: '接收人（只能是自己）：分享给我的' })
  @IdFilter()
  toId?: number;

  @ApiPropertyOptional({ description: '新闻标题（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'title 不能超过 200 个字符' })
  title?: string;
}

export class ShareAddDto {
  @BigRecordId('新闻 id', '新闻 id')
  newsId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '新闻标题必须是字符串' })
  @MaxLength(2000, { message: '新闻标题不能超过 2000 个字符' })
  newsTitle?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '新闻中文标题必须是字符串' })
  @MaxLength(2000, { message: '新闻中文标题不能超过 2000 个字符' })
  newsTitleCn?: string | null;

  @ApiPropertyOptional({ description: '接收人 id' })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '接收人 id 必须是整数' })
  @Min(1, { message: '接收人 id 必须是正整数' })
  @Max(MAX_USER_ID, { message: '接收人不存在' })
  toId?: number;

  @ApiPropertyOptional({ description: '多个接收人 id（每人一条分享）', type: [Number] })
  @IsOptional()
  @IsArray({ message: '接收人列表必须是数组' })
  @ArrayMaxSize(MAX_SHARE_RECIPIENTS, { message: `一次最多分享给 ${MAX_SHARE_RECIPIENTS} 人` })
  @IsInt({ each: true, message: '接收人 id 必须是整数' })
  @Min(1, { each: true, message: '接收人 id 必须是正整数' })
  @Max(MAX_USER_ID, { each: true, message: '接收人不存在' })
  toIds?: number[];

  @ApiPropertyOptional({ description: '留言' })
  @IsOptional()
  @IsString({ message: '分享内容必须是字符串' })
  @MaxLength(2000, { message: '分享内容不能超过 2000 个字符' })
  content?: string | null;
}

/** Longest share note (`content`). */
export const MAX_SHARE_CONTENT = 2000;

/** `PUT api/newsSuggest`: the sender edits the note of a share (eladmin convention: the record's id in the body). */
export class ShareEditDto {
  @BigRecordId('id', '分享 id')
  id: number;

  @ApiProperty({ description: '留言' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: '分享内容不能为空' })
  @IsString({ message: '分享内容必须是字符串' })
  @IsNotEmpty({ message: '分享内容不能为空' })
  @MaxLength(MAX_SHARE_CONTENT, { message: `分享内容不能超过 ${MAX_SHARE_CONTENT} 个字符` })
  content: string;
}

export class ShareUser {
  @ApiInt()
  id: number;

  @ApiNullableString()
  username: string | null;

  @ApiNullableString()
  nickName: string | null;
}

export class ShareDto {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id: number;

  @ApiProperty({ type: 'integer', format: 'int64' })
  newsId: number;

  @ApiNullableString()
  newsTitle: string | null;

  @ApiNullableString()
  newsTitleCn: string | null;

  @ApiNullableString()
  content: string | null;

  @ApiDateTime()
  createTime: Date;

  @ApiProperty({ type: () => ShareUser, description: '分享人' })
  fromId: ShareUser;

  @ApiProperty({ type: () => ShareUser, description: '接收人' })
  toId: ShareUser;

  @ApiProperty({ description: '新闻已被删除' })
  newsDeleted: boolean;
}

import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Max, MaxLength } from 'class-validator';
import { BigRecordId, RecordId } from '../../common/http/dto.js';
import { IdFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';

/** The sorts of the collected-news list (production-admin spec §4); default dateDesc. */
export const COLLECT_SORTS = ['dateAsc', 'dateDesc', 'scoreAsc', 'scoreDesc', 'numAsc', 'numDesc', 'createAsc', 'createDesc'] as const;
export type CollectSort = (typeof COLLECT_SORTS)[number];

export class CollectQuery extends ListQuery {
  @ApiPropertyOptional({ description: '新闻标题/中文标题（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'title 不能超过 200 个字符' })
  title?: string;

  // `sort` (inherited) takes one of COLLECT_SORTS here, not `field,dir`; checked by the service.
}

const NewsId = () => BigRecordId('新闻 id', '新闻 id');

const OptionalTitle = (label: string) => (target: object, key: string) => {
  ApiPropertyOptional()(target, key);
  IsOptional()(target, key);
  IsString({ message: `${label}必须是字符串` })(target, key);
  MaxLength(2000, { message: `${label}不能超过 2000 个字符` })(target, key);
};

export class CollectAddDto {
  @NewsId()
  newsId: number;

  @OptionalTitle('新闻标题')
  newsTitle?: string | null;

  @OptionalTitle('新闻中文标题')
  newsTitleCn?: string | null;
}

export class CollectEditDto {
  @RecordId()
  @Max(Number.MAX_SAFE_INTEGER, { message: 'id 超出范围' })
  id: number;

  @OptionalTitle('新闻标题')
  newsTitle?: string | null;

  @OptionalTitle('新闻中文标题')
  newsTitleCn?: string | null;
}

export class CollectRemoveQuery {
  @NewsId()
  newsId: number;

  @ApiPropertyOptional({ description: '用户 id（只能是自己）' })
  @IdFilter()
  userId?: number;
}

export class CollectDto {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id: number;

  @ApiProperty({ type: 'integer', format: 'int64' })
  newsId: number;

  @ApiInt()
  userId: number;

  @ApiNullableString()
  newsTitle: string | null;

  @ApiNullableString()
  newsTitleCn: string | null;

  @ApiDateTime()
  createTime: Date;
}

export class CollectedNewsDto {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id: number;

  @ApiProperty({ type: 'integer', format: 'int64' })
  newsId: number;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  titleCn: string | null;

  @ApiNullableString()
  newsTitle: string | null;

  @ApiNullableString()
  newsTitleCn: string | null;

  @ApiDateTime()
  publishTime: Date;

  @ApiNullableString()
  webName: string | null;

  @ApiInt()
  count: number;

  @ApiDateTime({ description: '收藏时间 yyyy-MM-dd HH:mm:ss' })
  createTime: Date;
}

import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { RecordId } from '../../common/http/dto.js';
import { IdFilter, INT4_MAX, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { ClassifyFlatDto } from '../classify/index.js';
import { toInteger } from '../../common/http/numbers.js';

/** Most websites / classes / themes one subscription may hold. */
export const MAX_INTEREST_IDS = 500;

/**
 * How often a user is told about new subscribed items (docs/subscriptions.md): `realtime` a live
 * notice within a minute of collection, `hourly` / `daily` one digest notice with the count, `never`.
 */
export const SUBSCRIPTION_FREQUENCIES = ['realtime', 'hourly', 'daily', 'never'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
/** The frequency of a user who never chose one. */
export const DEFAULT_FREQUENCY: SubscriptionFrequency = 'hourly';

/**
 * `"1,2,3"` (the wire form, blanks and empty pieces ignored), `[1, 2, 3]` or `["1", "2"]` → number[];
 * anything else is left as is for the validators to reject with a message.
 */
export function parseIdList(value: unknown): unknown {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  }
  if (Array.isArray(value)) return value.map(toInteger); // array items strictly: `" 1"`, `"0x10"`, `true` are not ids
  return value;
}

/** An optional id list: comma string or array, at most MAX_INTEREST_IDS positive int4 ids. Omitted / null = leave unchanged. */
function IdList(label: string, description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ description: `${description}：逗号分隔字符串（如 "1,2,3"）或 id 数组；空字符串 / 空数组 = 清空`, oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }] })(target, key);
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => parseIdList(value))(target, key);
    IsArray({ message: `${label}必须是逗号分隔的 id 或 id 数组` })(target, key);
    ArrayMaxSize(MAX_INTEREST_IDS, { message: `${label}不能超过 ${MAX_INTEREST_IDS} 个` })(target, key);
    IsInt({ each: true, message: `${label}必须是正整数 id` })(target, key);
    Min(1, { each: true, message: `${label}必须是正整数 id` })(target, key);
    Max(INT4_MAX, { each: true, message: `${label}超出范围` })(target, key);
  };
}

/** `userId`: the caller by default; someone else's only for administrators (403 otherwise). */
export class InterestUserQuery {
  @ApiPropertyOptional({ description: '用户 id（默认当前用户；只有管理员可以指定他人）' })
  @IdFilter()
  @Min(1, { message: 'userId 必须是正整数' })
  userId?: number;
}

export class InterestWriteDto extends InterestUserQuery {
  @IdList('关注的网站', '关注的来源网站 id')
  websiteIds?: number[];

  @IdList('关注的分类', '关注的分类 id（任意级别，含下级）')
  classifyIds?: number[];

  @IdList('关注的主题', '关注的新闻主题 id（匹配主题关键词的新闻）')
  themeIds?: number[];
}

/** `GET api/news/setFrequency`: how often the caller is told about new subscribed items. */
export class FrequencyQuery {
  @ApiProperty({ enum: SUBSCRIPTION_FREQUENCIES, description: 'realtime 实时提醒 / hourly 每小时汇总 / daily 每日汇总 / never 不提醒' })
  @IsIn(SUBSCRIPTION_FREQUENCIES, { message: `frequency 必须是 ${SUBSCRIPTION_FREQUENCIES.join('、')} 之一` })
  frequency: SubscriptionFrequency;
}

export class FrequencyDto {
  @ApiProperty({ enum: SUBSCRIPTION_FREQUENCIES })
  frequency: SubscriptionFrequency;
}

export class InterestUpdateDto extends InterestWriteDto {
  @RecordId()
  @Max(Number.MAX_SAFE_INTEGER, { message: 'id 超出范围' })
  id: number;
}

/** `createByUserIdAndIndustry`: the classes ("industries") of the subscription; `industry` is an alias of `classifyIds`. */
export class InterestIndustryDto extends InterestUserQuery {
  @IdList('关注的分类', '关注的分类 id（任意级别，含下级）')
  classifyIds?: number[];

  @IdList('关注的分类', 'classifyIds 的别名')
  industry?: number[];
}

export class InterestWebsiteQuery extends ListQuery {
  @ApiPropertyOptional({ description: '用户 id（默认当前用户；只有管理员可以指定他人）' })
  @IdFilter()
  @Min(1, { message: 'userId 必须是正整数' })
  userId?: number;

  @ApiPropertyOptional({ description: '网站名称或网址（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'name 不能超过 200 个字符' })
  name?: string;

  // `sort` (inherited): field,dir over id / name / url / language / country; default id,asc.
}

export class InterestClassifyQuery extends InterestUserQuery {
  @ApiPropertyOptional({ description: '分类名称（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: 'name 不能超过 100 个字符' })
  name?: string;
}

/** A subscription on the wire: id lists as comma strings (spec: "websiteIds (comma string)"). */
export class InterestDto {
  @ApiInt({ nullable: true, description: '未设置过关注时为 null' })
  id: number | null;

  @ApiInt()
  userId: number;

  @ApiProperty({ example: '1,2,3' })
  websiteIds: string;

  @ApiProperty({ example: '10001,10002' })
  classifyIds: string;

  @ApiProperty({ example: '1,4' })
  themeIds: string;

  @ApiProperty({ enum: SUBSCRIPTION_FREQUENCIES, description: '新订阅内容的提醒频率' })
  frequency: SubscriptionFrequency;

  @ApiDateTime({ nullable: true })
  createTime: Date | null;

  @ApiDateTime({ nullable: true })
  updateTime: Date | null;
}

export class InterestWebsiteDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty()
  url: string;

  @ApiNullableString()
  language: string | null;

  @ApiNullableString()
  country: string | null;

  @ApiProperty({ description: '在关注里' })
  checked: boolean;
}

/** A classify tree node (ClassifyNodeDto) with `checked`: in the caller's subscription. */
export class InterestClassifyNodeDto extends ClassifyFlatDto {
  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ description: '= name（树形控件的标签）' })
  label: string;

  @ApiProperty()
  leaf: boolean;

  @ApiProperty()
  hasChildren: boolean;

  @ApiProperty({ description: '在关注里' })
  checked: boolean;

  @ApiPropertyOptional({ type: () => [InterestClassifyNodeDto] })
  children?: InterestClassifyNodeDto[];
}

export class InterestClassifyDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt({ nullable: true })
  pid: number | null;

  @ApiNullableString()
  code: string | null;

  @ApiProperty({ description: '在关注里' })
  checked: boolean;
}

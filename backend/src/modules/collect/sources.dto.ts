import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { BooleanField, OptionalText, RecordId, RequiredText } from '../../common/http/dto.js';
import { BooleanFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';
import { SOURCE_TYPES, type SourceType } from './collect-source.entity.js';
import { RUN_TRIGGERS } from './collect-run.entity.js';

/** The `status` filter of the sources list (docs/collect-api.md "List"). */
export const SOURCE_STATUSES = ['ok', 'error', 'failing', 'disabled', 'never'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

const HTTP_URL: NonNullable<Parameters<typeof IsUrl>[0]> = { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true };
/** CSS selector length (docs/collect-design.md §3.3). */
const SELECTOR_MAX = 200;

export class SourceQuery extends ListQuery {
  @ApiPropertyOptional({ description: '网站名称或网址（模糊）' })
  @TrimmedFilter()
  @MaxLength(500, { message: 'name 不能超过 500 个字符' })
  name?: string;

  @ApiPropertyOptional({ description: '是否启用' })
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;

  @ApiPropertyOptional({ enum: SOURCE_STATUSES, description: 'ok 正常 · error 有错误 · failing 连续失败 · disabled 停用 · never 从未采集' })
  @TrimmedFilter()
  @IsIn(SOURCE_STATUSES, { message: `status 只能是 ${SOURCE_STATUSES.join('、')}` })
  status?: SourceStatus;
}

/** CSS selectors of an `html` source (docs/collect-design.md §3.3). */
export class SourceSelectorsDto {
  @ApiProperty({ description: '每条新闻的元素' })
  @RequiredText('选择器 item 不能为空', SELECTOR_MAX, '选择器 item ')
  item: string;

  @ApiProperty({ description: '链接元素（相对 item）' })
  @RequiredText('选择器 link 不能为空', SELECTOR_MAX, '选择器 link ')
  link: string;

  @ApiProperty({ description: '标题元素（相对 item）' })
  @RequiredText('选择器 title 不能为空', SELECTOR_MAX, '选择器 title ')
  title: string;

  @OptionalText(SELECTOR_MAX, '选择器 time ')
  time?: string;

  @OptionalText(SELECTOR_MAX, '选择器 body ')
  body?: string;

  @ApiPropertyOptional({ default: 'href' })
  @OptionalText(50, '链接属性 ')
  linkAttr?: string;

  @ApiPropertyOptional({ default: 'datetime' })
  @OptionalText(50, '时间属性 ')
  timeAttr?: string;
}

/** A routing rule: items matching `query` get the classes `classify` (docs/collect-design.md §5.4). */
export class SourceRuleDto {
  @ApiProperty({ description: '规则（AND / OR / NOT 语法）' })
  @RequiredText('规则不能为空', 500, '规则')
  query: string;

  @ApiProperty({ type: [Number], description: '命中时加上的末级分类 id' })
  @IsArray({ message: '规则分类必须是数组' })
  @ArrayMaxSize(50, { message: '规则分类不能超过 50 个' })
  @IntInput()
  @IsInt({ each: true, message: '规则分类 id 必须是整数' })
  @Min(1, { each: true, message: '规则分类 id 必须是正整数' })
  classify: number[];
}

/** `POST api/collectionWebsite` (docs/collect-design.md §7 SourceCreateDto). */
export class SourceCreateDto {
  @ApiProperty({ description: '网站名称' })
  @RequiredText('网站名称不能为空', 200, '网站名称')
  name: string;

  @ApiProperty({ description: '网站地址（http/https，唯一）' })
  @RequiredText('网址不能为空', 500, '网址')
  @IsUrl(HTTP_URL, { message: '网址必须是 http(s) 开头的完整地址' })
  url: string;

  @ApiPropertyOptional({ description: '订阅源地址；type=auto 时可省略（保存时自动发现）' })
  @OptionalText(1000, '订阅源地址', { blankToNull: true })
  @IsUrl(HTTP_URL, { message: '订阅源地址必须是 http(s) 开头的完整地址' })
  feedUrl?: string | null;

  @ApiPropertyOptional({ enum: SOURCE_TYPES, default: 'auto' })
  @IsOptional()
  @IsIn(SOURCE_TYPES, { message: `类型只能是 ${SOURCE_TYPES.join('、')}` })
  type?: SourceType;

  @ApiPropertyOptional({ description: '语言代码，如 zh、en' })
  @OptionalText(8, '语言', { blankToNull: true })
  @MinLength(2, { message: '语言代码至少 2 个字符' })
  @Matches(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, { message: '语言代码格式不正确，如 zh、en、zh-TW' })
  language?: string | null;

  @ApiPropertyOptional({ description: '国家或地区' })
  @OptionalText(16, '国家', { blankToNull: true })
  country?: string | null;

  @ApiPropertyOptional({ type: [Number], description: '默认末级分类 id' })
  @IsOptional()
  @IsArray({ message: '分类必须是数组' })
  @ArrayMaxSize(50, { message: '分类不能超过 50 个' })
  @IntInput()
  @IsInt({ each: true, message: '分类 id 必须是整数' })
  @Min(1, { each: true, message: '分类 id 必须是正整数' })
  classify?: number[];

  @ApiPropertyOptional({ default: 30, minimum: 5, maximum: 1440, description: '采集间隔（分钟）' })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '采集间隔必须是整数（分钟）' })
  @Min(5, { message: '采集间隔不能小于 5 分钟' })
  @Max(1440, { message: '采集间隔不能大于 1440 分钟' })
  intervalMinutes?: number;

  @ApiPropertyOptional({ default: true, description: '按更新频率自动调整间隔' })
  @IsOptional()
  @BooleanField('自动调整间隔')
  adaptive?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @BooleanField('启用')
  enabled?: boolean;

  @ApiPropertyOptional({ default: false, description: '抓取全文' })
  @IsOptional()
  @BooleanField('抓取全文')
  fullText?: boolean;

  @ApiPropertyOptional({ type: SourceSelectorsDto, nullable: true, description: 'type=html 时必填' })
  @IsOptional()
  @IsObject({ message: '选择器必须是对象' })
  @ValidateNested()
  @Type(() => SourceSelectorsDto)
  selectors?: SourceSelectorsDto | null;

  @ApiPropertyOptional({ type: [SourceRuleDto], description: '分类规则（最多 20 条）' })
  @IsOptional()
  @IsArray({ message: '分类规则必须是数组' })
  @ArrayMaxSize(20, { message: '分类规则不能超过 20 条' })
  @ValidateNested({ each: true })
  @Type(() => SourceRuleDto)
  rules?: SourceRuleDto[];

  @ApiPropertyOptional({ description: 'IANA 时区，如 Asia/Shanghai（日期不带时区时使用）' })
  @OptionalText(64, '时区', { blankToNull: true })
  timezone?: string | null;
}

/** `PUT api/collectionWebsite`: the id and the fields to change (absent = unchanged). */
export class SourceUpdateDto extends PartialType(SourceCreateDto) {
  @RecordId()
  id: number;
}

/** `PUT api/collectionWebsite/enabled`. */
export class SourceEnabledDto {
  @ApiProperty({ type: [Number] })
  @IsDefined({ message: 'ids 不能为空' })
  @IsArray({ message: 'ids 必须是数组' })
  @IsNotEmpty({ message: '请选择数据源' })
  @ArrayMaxSize(1000, { message: '一次最多操作 1000 个数据源' })
  @IntInput()
  @IsInt({ each: true, message: 'id 必须是整数' })
  @Min(1, { each: true, message: 'id 必须是正整数' })
  ids: number[];

  @ApiProperty()
  @IsDefined({ message: 'enabled 不能为空' })
  @BooleanField('enabled ')
  enabled: boolean;
}

/** `POST api/collectionWebsite/preview`. */
export class SourcePreviewDto {
  @ApiProperty({ description: '网站或订阅源地址' })
  @RequiredText('网址不能为空', 1000, '网址')
  @IsUrl(HTTP_URL, { message: '网址必须是 http(s) 开头的完整地址' })
  url: string;

  @ApiPropertyOptional({ enum: SOURCE_TYPES, default: 'auto' })
  @IsOptional()
  @IsIn(SOURCE_TYPES, { message: `类型只能是 ${SOURCE_TYPES.join('、')}` })
  type?: SourceType;

  @ApiPropertyOptional({ type: SourceSelectorsDto })
  @IsOptional()
  @IsObject({ message: '选择器必须是对象' })
  @ValidateNested()
  @Type(() => SourceSelectorsDto)
  selectors?: SourceSelectorsDto;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @BooleanField('抓取全文')
  fullText?: boolean;
}

/** `DELETE api/collectionWebsite?force=true`. */
export class SourceDeleteQuery {
  @ApiPropertyOptional({ description: 'true：有新闻的数据源也删除（新闻保留）；默认停用' })
  @BooleanFilter()
  @IsBoolean({ message: 'force 必须是 true 或 false' })
  force?: boolean;
}

/** `GET api/collectionWebsite/{id}/runs`. */
export class RunQuery extends ListQuery {}

export class SourceSelectorsWire {
  @ApiProperty() item: string;
  @ApiProperty() link: string;
  @ApiProperty() title: string;
  @ApiPropertyOptional() time?: string;
  @ApiPropertyOptional() body?: string;
  @ApiPropertyOptional() linkAttr?: string;
  @ApiPropertyOptional() timeAttr?: string;
}

export class SourceRuleWire {
  @ApiProperty() query: string;
  @ApiProperty({ type: [Number] }) classify: number[];
}

/** A source on the wire: the website and its collection settings and state (docs/collect-design.md §7). */
export class SourceDto {
  @ApiInt() id: number;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiNullableString() language: string | null;
  @ApiNullableString() country: string | null;
  @ApiProperty({ description: 'false：只有网站记录，尚无采集设置（如示例数据或交换导入的网站）' }) configured: boolean;
  @ApiNullableString() feedUrl: string | null;
  @ApiProperty({ enum: SOURCE_TYPES, nullable: true }) type: SourceType | null;
  @ApiNullableString() host: string | null;
  @ApiProperty({ type: [Number] }) classify: number[];
  @ApiInt({ nullable: true }) intervalMinutes: number | null;
  @ApiProperty() adaptive: boolean;
  @ApiInt({ nullable: true }) effectiveIntervalMinutes: number | null;
  @ApiProperty() enabled: boolean;
  @ApiProperty() fullText: boolean;
  @ApiProperty({ type: SourceSelectorsWire, nullable: true }) selectors: SourceSelectorsWire | null;
  @ApiProperty({ type: [SourceRuleWire] }) rules: SourceRuleWire[];
  @ApiNullableString() timezone: string | null;
  @ApiDateTime({ nullable: true }) lastCheckAt: Date | null;
  @ApiDateTime({ nullable: true }) nextCheckAt: Date | null;
  @ApiProperty({ type: String, nullable: true, enum: ['ok', 'not-modified', 'error'] }) lastStatus: string | null;
  @ApiInt({ nullable: true }) httpStatus: number | null;
  @ApiInt() errorCount: number;
  @ApiNullableString() lastError: string | null;
  @ApiInt() itemCount: number;
  @ApiDateTime({ nullable: true }) lastItemAt: Date | null;
  @ApiNullableString() etag: string | null;
  @ApiNullableString() lastModified: string | null;
  @ApiDateTime() createTime: Date;
  @ApiDateTime({ nullable: true }) updateTime: Date | null;
}

/** The light shape of `findAll` / `findByIds` (subscription pickers). */
export class SourceLightDto {
  @ApiInt() id: number;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiNullableString() language: string | null;
  @ApiNullableString() country: string | null;
  @ApiProperty() enabled: boolean;
}

export class SourceDeleteResultDto {
  @ApiProperty({ type: [Number], description: '已删除' }) deleted: number[];
  @ApiProperty({ type: [Number], description: '有新闻，已停用（未删除）' }) disabled: number[];
}

export class SourceEnabledResultDto {
  @ApiInt() updated: number;
}

/** A run (`collect_run`) on the wire. */
export class RunDto {
  @ApiProperty({ description: 'bigint 序号（字符串）' }) id: string;
  @ApiProperty({ enum: RUN_TRIGGERS }) trigger: string;
  @ApiDateTime() startedAt: Date;
  @ApiInt() durationMs: number;
  @ApiProperty({ enum: ['ok', 'not-modified', 'error'] }) status: string;
  @ApiInt({ nullable: true }) httpStatus: number | null;
  @ApiInt() fetched: number;
  @ApiInt() created: number;
  @ApiInt() updated: number;
  @ApiInt() duplicates: number;
  @ApiInt() bytes: number;
  @ApiNullableString() error: string | null;
}

/** The answer of `POST {id}/collect` (docs/collect-design.md §5.3). */
export class RunSummaryDto {
  @ApiProperty({ enum: ['ok', 'not-modified', 'error'] }) status: 'ok' | 'not-modified' | 'error';
  @ApiInt({ nullable: true }) httpStatus: number | null;
  @ApiInt() fetched: number;
  @ApiInt() created: number;
  @ApiInt() updated: number;
  @ApiInt() duplicates: number;
  @ApiInt() durationMs: number;
  @ApiPropertyOptional() error?: string;
}

export class SourceHealthDto {
  @ApiInt({ description: '已配置采集的数据源' }) total: number;
  @ApiInt() enabled: number;
  @ApiInt({ description: '连续失败达到 COLLECT_ALERT_AFTER_ERRORS' }) failing: number;
  @ApiInt({ description: '最近一次或多次失败' }) erroring: number;
  @ApiInt({ description: '启用但 7 天无新条目' }) silent: number;
}

export class DiscoveredFeedDto {
  @ApiProperty() url: string;
  @ApiProperty({ enum: SOURCE_TYPES }) type: SourceType;
  @ApiNullableString() title: string | null;
}

export class PreviewItemDto {
  @ApiProperty() url: string;
  @ApiProperty() title: string;
  @ApiDateTime({ nullable: true }) publishTime: Date | null;
  @ApiNullableString() language: string | null;
  @ApiProperty({ description: '清洗后的 HTML' }) contentHtml: string;
  @ApiProperty({ type: [String] }) keywords: string[];
}

export class PreviewDto {
  @ApiProperty({ enum: SOURCE_TYPES }) type: SourceType;
  @ApiProperty() feedUrl: string;
  @ApiNullableString() title: string | null;
  @ApiProperty({ type: [DiscoveredFeedDto] }) discovered: DiscoveredFeedDto[];
  @ApiProperty({ type: [PreviewItemDto] }) items: PreviewItemDto[];
  @ApiProperty({ type: [String] }) warnings: string[];
}

export class OpmlImportErrorDto {
  @ApiProperty() url: string;
  @ApiProperty() message: string;
}

export class OpmlImportResultDto {
  @ApiInt() created: number;
  @ApiInt() skipped: number;
  @ApiProperty({ type: [OpmlImportErrorDto] }) errors: OpmlImportErrorDto[];
}

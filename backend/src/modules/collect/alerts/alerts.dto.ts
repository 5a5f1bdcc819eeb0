import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../../common/http/api-response.js';
import { BooleanField, RecordId, RequiredText } from '../../../common/http/dto.js';
import { IdFilter, INT4_MAX, ListQuery } from '../../../common/http/list-query.js';
import { IntInput } from '../../../common/http/numbers.js';

/** Rules per department (docs/collect-design.md §5.5). */
export const ALERT_RULES_PER_DEPT = 50;
export const ALERT_NAME_MAX = 100;
export const ALERT_QUERY_MAX = 500;
export const ALERT_WEB_IDS_MAX = 200;
export const ALERT_CLASSIFY_MAX = 50;
/** Text of the 试一试 call. */
export const ALERT_TEST_TEXT_MAX = 20_000;

/** Optional, but `null` is checked like a value (a 400, not a null written into a NOT NULL column). */
const Omittable = () => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** An int array field (sources, classes): integers ≥ 1, at most `max`. */
function IdArray(label: string, max: number): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsArray({ message: `${label}必须是数组` })(target, key);
    ArrayMaxSize(max, { message: `${label}不能超过 ${max} 个` })(target, key);
    IntInput()(target, key);
    IsInt({ each: true, message: `${label} id 必须是整数` })(target, key);
    Min(1, { each: true, message: `${label} id 必须是正整数` })(target, key);
    Max(INT4_MAX, { each: true, message: `${label} id 超出范围` })(target, key);
  };
}

export class AlertRuleQuery extends ListQuery {
  @ApiPropertyOptional({ description: '部门 id（默认本人工作部门；可看数据权限内的部门）' })
  @IdFilter()
  deptId?: number;
}

/** `POST api/alertRule`. */
export class AlertRuleCreateDto {
  @ApiProperty({ description: '规则名称' })
  @RequiredText('规则名称不能为空', ALERT_NAME_MAX, '规则名称')
  name: string;

  @ApiProperty({ description: '规则（AND / OR / NOT 语法，docs/collect-design.md §5.4）' })
  @RequiredText('规则不能为空', ALERT_QUERY_MAX, '规则')
  query: string;

  @ApiPropertyOptional({ type: [Number], description: '只看这些数据源（网站 id）；空 = 全部' })
  @IdArray('数据源', ALERT_WEB_IDS_MAX)
  webIds?: number[];

  @ApiPropertyOptional({ type: [Number], description: '只看这些分类（含下级）；空 = 全部' })
  @IdArray('分类', ALERT_CLASSIFY_MAX)
  classify?: number[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @BooleanField('启用')
  enabled?: boolean;

  @ApiPropertyOptional({ default: true, description: '命中时给部门发实时通知' })
  @IsOptional()
  @BooleanField('通知')
  notify?: boolean;

  @ApiPropertyOptional({ description: '部门 id（默认本人工作部门；管理员可指定）' })
  @Omittable()
  @IntInput()
  @IsInt({ message: 'deptId 必须是整数' })
  @Min(1, { message: 'deptId 必须是正整数' })
  @Max(INT4_MAX, { message: 'deptId 超出范围' })
  deptId?: number;
}

/** `PUT api/alertRule`: `id` + the fields to change (the department stays). */
export class AlertRuleUpdateDto {
  @RecordId()
  id: number;

  @ApiPropertyOptional({ description: '规则名称' })
  @Omittable()
  @RequiredText('规则名称不能为空', ALERT_NAME_MAX, '规则名称')
  name?: string;

  @ApiPropertyOptional({ description: '规则' })
  @Omittable()
  @RequiredText('规则不能为空', ALERT_QUERY_MAX, '规则')
  query?: string;

  @ApiPropertyOptional({ type: [Number] })
  @IdArray('数据源', ALERT_WEB_IDS_MAX)
  webIds?: number[];

  @ApiPropertyOptional({ type: [Number] })
  @IdArray('分类', ALERT_CLASSIFY_MAX)
  classify?: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @BooleanField('启用')
  enabled?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @BooleanField('通知')
  notify?: boolean;
}

/** `POST api/alertRule/test` (the dialog's 试一试). */
export class AlertTestDto {
  @ApiProperty({ description: '规则' })
  @RequiredText('规则不能为空', ALERT_QUERY_MAX, '规则')
  query: string;

  @ApiProperty({ description: '试验文本（标题与正文）' })
  @RequiredText('请输入要试验的文本', ALERT_TEST_TEXT_MAX, '试验文本')
  text: string;
}

export class AlertTestResultDto {
  @ApiProperty({ description: '文本是否命中规则' })
  matches: boolean;

  @ApiProperty({ type: [String], description: '规则的肯定关键词（规范化后）' })
  terms: string[];
}

export class AlertRuleDto {
  @ApiInt()
  id: number;

  @ApiInt()
  deptId: number;

  @ApiProperty()
  name: string;

  @ApiProperty()
  query: string;

  @ApiProperty({ type: [Number] })
  webIds: number[];

  @ApiProperty({ type: [Number] })
  classify: number[];

  @ApiProperty()
  enabled: boolean;

  @ApiProperty()
  notify: boolean;

  @ApiInt()
  hitCount: number;

  @ApiDateTime({ nullable: true })
  lastHitAt: Date | null;

  @ApiNullableString()
  createBy: string | null;

  @ApiNullableString()
  updateBy: string | null;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime()
  updateTime: Date;
}

export class AlertRuleDeleteResultDto {
  @ApiProperty({ type: [Number] })
  deleted: number[];
}

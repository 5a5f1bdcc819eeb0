import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../../common/http/api-response.js';
import { IntInput } from '../../../common/http/numbers.js';

/** The ranges the statistics screen offers (days, today included). */
export const STAT_RANGES = [7, 30, 90] as const;
export type StatRange = (typeof STAT_RANGES)[number];

/** `GET api/collectStatistic?days=7|30|90`. */
export class StatsQuery {
  @ApiPropertyOptional({ enum: STAT_RANGES, default: 7, description: '统计天数（含今天）' })
  @IsOptional()
  @IntInput()
  @IsInt({ message: 'days 必须是整数' })
  @IsIn(STAT_RANGES as unknown as number[], { message: 'days 只能是 7、30 或 90' })
  days?: StatRange;
}

export class PerDayStatDto {
  @ApiProperty({ description: 'yyyy-MM-dd（服务器时区）' }) day: string;
  @ApiInt() webId: number;
  @ApiProperty() webName: string;
  @ApiInt({ description: '当天采集新建的条目数（collect_run.created 之和）' }) count: number;
}

export class LanguageStatDto {
  @ApiNullableString('语言代码；null 为未知') language: string | null;
  @ApiInt() count: number;
}

export class CountryStatDto {
  @ApiNullableString('国家；null 为未知') country: string | null;
  @ApiInt() count: number;
}

export class DayCountDto {
  @ApiProperty({ description: 'yyyy-MM-dd' }) day: string;
  @ApiInt() count: number;
}

export class SlowSourceDto {
  @ApiInt() webId: number;
  @ApiProperty() name: string;
  @ApiInt({ description: '平均耗时（毫秒）' }) avgMs: number;
  @ApiInt({ description: '95 分位耗时（毫秒）' }) p95Ms: number;
  @ApiInt({ description: '统计的运行次数' }) runs: number;
}

export class SilentSourceDto {
  @ApiInt() webId: number;
  @ApiProperty() name: string;
  @ApiDateTime({ nullable: true, description: '最近一条新条目的时间；null 为从未有过' }) lastItemAt: Date | null;
}

export class KeywordStatDto {
  @ApiProperty() keyword: string;
  @ApiInt() count: number;
}

/** The collection statistics (docs/collect-api.md "Statistics"). */
export class CollectStatsDto {
  @ApiInt() days: number;
  @ApiProperty({ description: '第一天 yyyy-MM-dd' }) from: string;
  @ApiProperty({ description: '最后一天（今天）yyyy-MM-dd' }) to: string;
  @ApiProperty({ type: [PerDayStatDto] }) perDay: PerDayStatDto[];
  @ApiProperty({ type: [LanguageStatDto] }) byLanguage: LanguageStatDto[];
  @ApiProperty({ type: [CountryStatDto] }) byCountry: CountryStatDto[];
  @ApiProperty({ type: [DayCountDto], description: '每天失败的运行次数' }) errorsPerDay: DayCountDto[];
  @ApiProperty({ type: [SlowSourceDto], description: '平均耗时最长的 10 个数据源' }) slowest: SlowSourceDto[];
  @ApiProperty({ type: [SilentSourceDto], description: '启用但 7 天无新条目的数据源（最久的 10 个）' }) silent: SilentSourceDto[];
  @ApiProperty({ type: [KeywordStatDto], description: '最近 7 天的热门关键词（30 个）' }) topKeywords: KeywordStatDto[];
}

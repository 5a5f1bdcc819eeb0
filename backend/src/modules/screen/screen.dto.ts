import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ApiInt } from '../../common/http/api-response.js';
import { TrimmedFilter } from '../../common/http/list-query.js';
import { SCREEN_LEVELS, type ScreenLevel } from './screen.rules.js';

/** `GET api/screen/overview?level=`. */
export class ScreenOverviewQuery {
  @ApiPropertyOptional({ enum: SCREEN_LEVELS, default: 'dept', description: 'dept 本部门（工作部门）/ parent 上级部门及其下级部门' })
  @TrimmedFilter()
  @IsIn(SCREEN_LEVELS, { message: 'level 只能是 dept 或 parent' })
  level?: ScreenLevel;
}

/** `GET api/screen/access`. */
export class ScreenAccessDto {
  @ApiProperty({ description: '是否显示 数据大屏 / 展示大屏 入口' }) enabled: boolean;
}

export class ScreenCountsDto {
  @ApiInt({ description: '今日采集（非噪音）' }) newsToday: number;
  @ApiInt({ description: '近 7 天采集（含今日，非噪音）' }) news7d: number;
  @ApiInt({ description: '范围内部门今日预警' }) warnedToday: number;
  @ApiInt({ description: '范围内部门近 7 天预警' }) warned7d: number;
}

export class ScreenWarnedDto {
  @ApiProperty({ description: '新闻 id' }) id: string;
  @ApiProperty({ description: '标题（部门译名优先）' }) title: string;
  @ApiProperty({ type: String, nullable: true, description: '来源国家' }) country: string | null;
  @ApiProperty({ type: String, nullable: true, description: '来源网站' }) webName: string | null;
  @ApiInt({ description: '预警部门 id' }) deptId: number;
  @ApiProperty({ type: String, nullable: true, description: '预警部门名称' }) deptName: string | null;
  @ApiProperty({ type: String, nullable: true, description: '预警人' }) yjBy: string | null;
  @ApiProperty({ description: '预警时间 yyyy-MM-dd HH:mm:ss' }) yjTime: string;
}

export class ScreenCountDto {
  @ApiProperty({ description: '国家或关键词' }) name: string;
  @ApiInt({ description: '条数' }) count: number;
}

/** `GET api/screen/overview`: one refresh of 数据大屏 / 分级大屏. */
export class ScreenOverviewDto {
  @ApiProperty({ description: '统计日 yyyy-MM-dd' }) day: string;
  @ApiProperty({ enum: SCREEN_LEVELS }) level: ScreenLevel;
  @ApiProperty({ type: [Number], nullable: true, description: '范围内的部门 id（null = 全部部门）' }) deptIds: number[] | null;
  @ApiProperty({ type: ScreenCountsDto }) counts: ScreenCountsDto;
  @ApiProperty({ type: [ScreenWarnedDto], description: '最新预警（最多 10 条）' }) latestWarned: ScreenWarnedDto[];
  @ApiProperty({ type: [ScreenCountDto], description: '近 7 天来源国家（最多 20 个，多的在前）' }) countries: ScreenCountDto[];
  @ApiProperty({ type: [ScreenCountDto], description: '近 24 小时热词（最多 20 个，多的在前）' }) keywords: ScreenCountDto[];
}

export class ScreenTranslationDto {
  @ApiProperty({ description: '新闻 id' }) id: string;
  @ApiProperty({ description: '标题（部门译名优先）' }) title: string;
  @ApiInt({ description: '部门 id' }) deptId: number;
  @ApiProperty({ type: String, nullable: true, description: '部门名称' }) deptName: string | null;
  @ApiProperty({ type: String, nullable: true, description: '翻译' }) editorName: string | null;
  @ApiProperty({ type: String, nullable: true, description: '审核' }) examineName: string | null;
  @ApiProperty({ description: '审核时间 yyyy-MM-dd HH:mm:ss' }) time: string;
}

export class ScreenJournalDto {
  @ApiInt({ description: '期刊 id' }) id: number;
  @ApiProperty({ description: '产品名称' }) productName: string;
  @ApiInt({ description: '年份' }) year: number;
  @ApiInt({ description: '期号' }) journalNo: number;
  @ApiInt({ description: '总期号' }) totalNo: number;
  @ApiProperty({ description: '定稿时间 yyyy-MM-dd HH:mm:ss' }) time: string;
}

/** `GET api/screen/show`: the slides of 展示大屏. */
export class ScreenShowDto {
  @ApiProperty({ type: [ScreenTranslationDto], description: '最新审核通过的翻译（最多 10 条）' }) translations: ScreenTranslationDto[];
  @ApiProperty({ type: [ScreenJournalDto], description: '最新定稿的期刊（最多 10 期）' }) journals: ScreenJournalDto[];
}

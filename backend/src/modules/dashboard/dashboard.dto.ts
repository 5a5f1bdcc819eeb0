import { ApiProperty } from '@nestjs/swagger';
import { ApiInt } from '../../common/http/api-response.js';

/** Collection sources (holders of `website:list`). */
export class DashboardSourcesDto {
  @ApiInt({ description: '已配置采集的数据源' }) total: number;
  @ApiInt({ description: '启用的数据源' }) enabled: number;
  @ApiInt({ description: '启用且最近采集失败（error_count > 0）' }) failing: number;
  @ApiProperty({ type: [String], description: '失败数据源名称（最多 20 个，失败次数多的在前）' }) failingNames: string[];
}

/** The caller's own queue. */
export class DashboardQueueDto {
  @ApiInt({ description: '我认领、正在翻译（edit）的条目（news:list）', nullable: true }) translating: number | null;
  @ApiInt({ description: '本部门待审核的翻译（news:judge）', nullable: true }) reviewing: number | null;
}

/** `GET api/dashboard`: today's figures (the configured zone's day); null = not visible to the caller. */
export class DashboardDto {
  @ApiProperty({ description: '统计日 yyyy-MM-dd' }) day: string;
  @ApiInt({ description: '今日采集（非噪音）', nullable: true }) newsToday: number | null;
  @ApiInt({ description: '本部门今日预警', nullable: true }) warnedToday: number | null;
  @ApiInt({ description: '本部门今日审核通过的翻译', nullable: true }) translatedToday: number | null;
  @ApiInt({ description: '本部门待审核的翻译', nullable: true }) awaitingReview: number | null;
  @ApiInt({ description: '进行中的期刊（未定稿）', nullable: true }) journalsInProgress: number | null;
  @ApiProperty({ type: DashboardSourcesDto, nullable: true }) sources: DashboardSourcesDto | null;
  @ApiProperty({ type: DashboardQueueDto }) myQueue: DashboardQueueDto;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { EXTERNAL_TARGETS, type ExternalTarget, MT_ENGINES, type MtEngineName } from '../../config/config.js';

/** What each external system is called in messages (the launch page's tiles, the collection header). */
export const EXTERNAL_TARGET_LABELS: Record<ExternalTarget, string> = {
  knowledge: '专题知识构建',
  clue: '技术线索发现',
  collect: '采集配置',
};

export class ExternalUrlQuery {
  @ApiProperty({ enum: EXTERNAL_TARGETS, description: '外部系统：knowledge 专题知识构建，clue 技术线索发现，collect 采集配置' })
  @IsDefined({ message: 'target 不能为空' })
  @IsIn(EXTERNAL_TARGETS, { message: `target 必须是 ${EXTERNAL_TARGETS.join('、')} 之一` })
  target: ExternalTarget;
}

export class MtSettingsDto {
  @ApiProperty({ enum: MT_ENGINES })
  engine: MtEngineName;

  @ApiProperty({ description: 'false = 机器翻译未配置（界面不提供机翻按钮）' })
  configured: boolean;
}

export class PlatformSettingsDto {
  @ApiProperty({ description: '用户菜单是否提供“退出登录”（PLATFORM_LOGOUT_ENABLED）' })
  logoutEnabled: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: '平台名称（PLATFORM_TITLE）；null 表示使用界面自带的名称' })
  title: string | null;

  @ApiProperty({ enum: EXTERNAL_TARGETS, isArray: true, description: '已配置地址的外部系统' })
  externalTargets: ExternalTarget[];

  @ApiProperty({ type: () => MtSettingsDto, description: '机器翻译引擎（MT_ENGINE）' })
  mt: MtSettingsDto;
}


export class ExternalUrlDto {
  @ApiProperty({ example: 'https://kg.example.org/', description: '在新窗口中打开的地址' })
  url: string;
}

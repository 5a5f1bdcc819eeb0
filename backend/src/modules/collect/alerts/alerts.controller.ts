import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../../common/access/permissions.decorator.js';
import { Log } from '../../../common/audit/log.decorator.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ApiPageResponse } from '../../../common/http/api-response.js';
import { ParseIdsPipe } from '../../../common/http/ids.pipe.js';
import { AlertRuleCreateDto, AlertRuleDeleteResultDto, AlertRuleDto, AlertRuleQuery, AlertRuleUpdateDto, AlertTestDto, AlertTestResultDto } from './alerts.dto.js';
import { AlertsService } from './alerts.service.js';

/**
 * A department's keyword alert rules (docs/collect-api.md "Alerts"; docs/collect-design.md §5.5):
 * scoped to the caller's work department (reading also the departments of the caller's data scope),
 * like the news desks.
 */
@ApiTags('数据采集：关键词预警')
@Controller('api/alertRule')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @RequirePermissions('alertRule:list')
  @Get()
  @ApiPageResponse(AlertRuleDto)
  @ApiForbiddenResponse({ description: '只能查看本部门或数据权限内部门的预警规则' })
  list(@Query() query: AlertRuleQuery, @CurrentUser() user: Principal) {
    return this.alerts.list(query, user);
  }

  @Log('新增预警规则')
  @RequirePermissions('alertRule:add')
  @Post()
  @ApiCreatedResponse({ type: AlertRuleDto })
  @ApiConflictResponse({ description: '每个部门最多 50 条预警规则（code ALERT_RULE_LIMIT）' })
  create(@Body() dto: AlertRuleCreateDto, @CurrentUser() user: Principal) {
    return this.alerts.create(dto, user);
  }

  @Log('修改预警规则')
  @RequirePermissions('alertRule:edit')
  @Put()
  @ApiOkResponse({ type: AlertRuleDto })
  @ApiNotFoundResponse({ description: '预警规则不存在' })
  update(@Body() dto: AlertRuleUpdateDto, @CurrentUser() user: Principal) {
    return this.alerts.update(dto, user);
  }

  @Log('删除预警规则')
  @RequirePermissions('alertRule:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiOkResponse({ type: AlertRuleDeleteResultDto })
  @ApiNotFoundResponse({ description: '预警规则不存在' })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.alerts.delete(ids, user);
  }

  /** 试一试: whether a text matches a rule (nothing stored). */
  @RequirePermissions('alertRule:add', 'alertRule:edit')
  @Post('test')
  @HttpCode(200)
  @ApiOkResponse({ type: AlertTestResultDto })
  test(@Body() dto: AlertTestDto) {
    return this.alerts.test(dto);
  }
}

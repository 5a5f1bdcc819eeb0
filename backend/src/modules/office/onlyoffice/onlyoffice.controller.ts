import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentUser, Public } from '../../../common/access/permissions.decorator.js';
import { SkipLog } from '../../../common/audit/log.decorator.js';
import type { Principal } from '../../../common/auth/principal.js';
import { OnlyofficeCallbackAnswerDto, OnlyofficeHistoryDataDto, OnlyofficeHistoryDataQuery, OnlyofficeHistoryDto, OnlyofficeHistoryQuery } from './onlyoffice.dto.js';
import { OnlyofficeService } from './onlyoffice.service.js';

/** `api/office/onlyoffice`: the document server's callback and the editor's history (docs/office-design.md §2.2, §2.3; docs/office-api.md). */
@ApiTags('在线编辑')
@Controller('api/office/onlyoffice')
export class OnlyofficeController {
  constructor(private readonly onlyoffice: OnlyofficeService) {}

  /**
   * The document server's callback: public, authenticated by its JWT (body `token` or the
   * `Authorization: Bearer` header) and the session capability `s`. Saves write their own operation-log
   * row (`在线编辑保存`, as the saving user); status 1 callbacks arrive often and are not logged.
   */
  @Public()
  @SkipLog()
  @Post('callback')
  @HttpCode(200)
  @ApiQuery({ name: 's', description: '会话凭据（编辑配置的 callbackUrl 中给出）' })
  @ApiBody({ schema: { type: 'object', additionalProperties: true, description: 'ONLYOFFICE 回调（key, status, url, changesurl, history, users, actions, forcesavetype, token…）' } })
  @ApiOkResponse({ type: OnlyofficeCallbackAnswerDto })
  @ApiForbiddenResponse({ type: OnlyofficeCallbackAnswerDto, description: '签名或会话凭据无效：{"error":1}' })
  async callback(@Req() req: Request, @Query('s') s: unknown, @Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<OnlyofficeCallbackAnswerDto> {
    const answer = await this.onlyoffice.callback(req, s, body);
    res.status(answer.httpStatus);
    return { error: answer.error };
  }

  /** The versions of the session's document for the editor's history (`refreshHistory`). */
  @Authenticated()
  @Get('history')
  @ApiOkResponse({ type: OnlyofficeHistoryDto })
  history(@Query() query: OnlyofficeHistoryQuery, @CurrentUser() user: Principal) {
    return this.onlyoffice.history(user, query.sessionId);
  }

  /** One version for the editor's history view (`setHistoryData`, signed). */
  @Authenticated()
  @Get('historyData')
  @ApiOkResponse({ type: OnlyofficeHistoryDataDto })
  historyData(@Query() query: OnlyofficeHistoryDataQuery, @CurrentUser() user: Principal) {
    return this.onlyoffice.historyData(user, query.sessionId, query.version);
  }
}

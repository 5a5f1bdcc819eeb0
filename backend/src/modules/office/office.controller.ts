import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiListResponse } from '../../common/http/api-response.js';
import { OfficeSaveService } from './office-save.service.js';
import { OfficeSessionsService } from './office-sessions.service.js';
import { OfficeVersionsService } from './office-versions.service.js';
import { OfficeConfigDto, OfficeSaveResultDto, OfficeSessionDto, OfficeSessionStateDto, OfficeVersionMetaDto, OfficeVersionsQuery, OpenCopyQuery, OpenJournalDto } from './office.dto.js';

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** The browser origin of the page that opens a session (WOPI `PostMessageOrigin`): its `Origin`, else this request's scheme and host. */
function browserOrigin(req: Request): string | null {
  const sent = req.get('origin');
  if (sent && ORIGIN.test(sent)) return sent.toLowerCase();
  const own = `${req.protocol}://${req.get('host') ?? ''}`;
  return ORIGIN.test(own) ? own.toLowerCase() : null;
}

/** `GET api/productManuscript/openWebOffice` (spec production-admin §7): a journal copy in the online editor. */
@ApiTags('生产：期刊编辑')
@Controller('api/productManuscript')
export class OfficeManuscriptController {
  constructor(private readonly sessions: OfficeSessionsService) {}

  /** Opens the copy's current (or given) version: writable for whoever may edit it, else read-only with the reason. */
  @Log('在线编辑')
  @RequirePermissions('productJournal:manu')
  @Get('openWebOffice')
  @ApiOkResponse({ type: OfficeSessionDto })
  openWebOffice(@Query() query: OpenCopyQuery, @CurrentUser() user: Principal, @Req() req: Request) {
    return this.sessions.open(user, 'copy', query.id, query.version, browserOrigin(req));
  }
}

/** `POST api/productJournal/downloadWebOfficeJournal` (spec production-admin §7): a journal version in the online editor. */
@ApiTags('生产：期刊管理')
@Controller('api/productJournal')
export class OfficeJournalController {
  constructor(private readonly sessions: OfficeSessionsService) {}

  /** Opens the journal version of the journal-file payload (a `getFiles` entry) or `{journalId, version?}`. */
  @Log('在线编辑')
  @RequirePermissions('productJournal:list')
  @Post('downloadWebOfficeJournal')
  @HttpCode(200)
  @ApiOkResponse({ type: OfficeSessionDto })
  downloadWebOfficeJournal(@Body() dto: OpenJournalDto, @CurrentUser() user: Principal, @Req() req: Request) {
    return this.sessions.openJournalFile(user, dto, browserOrigin(req));
  }
}

/** `api/office`: the editor page's session calls, the built-in editor's save, version metadata, the configured editor (docs/office-api.md). */
@ApiTags('在线编辑')
@Controller('api/office')
export class OfficeController {
  constructor(
    private readonly sessions: OfficeSessionsService,
    private readonly saves: OfficeSaveService,
    private readonly versions: OfficeVersionsService,
  ) {}

  /** Which editor opens documents (`enabled` false: 在线编辑 is hidden). */
  @Authenticated()
  @Get('config')
  @ApiOkResponse({ type: OfficeConfigDto })
  config() {
    return this.versions.config();
  }

  /** The caller's session: state (the page polls it after closing), mode, the target's lock, the version it saved last. */
  @Authenticated()
  @Get('sessions/:id')
  @ApiOkResponse({ type: OfficeSessionStateDto })
  state(@Param('id') id: string, @CurrentUser() user: Principal) {
    return this.sessions.state(user, id);
  }

  /** The page is alive: an edit session's lock is renewed for 30 minutes (409 `OFFICE_LOCK_LOST` when it was lost). */
  @Authenticated()
  @Post('sessions/:id/heartbeat')
  @HttpCode(204)
  @ApiNoContentResponse()
  heartbeat(@Param('id') id: string, @CurrentUser() user: Principal) {
    return this.sessions.heartbeat(user, id);
  }

  /** The page closed: the session ends (or waits for the document server's last save); its lock is released. */
  @Log('关闭在线编辑')
  @Authenticated()
  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  close(@Param('id') id: string, @CurrentUser() user: Principal) {
    return this.sessions.close(user, id);
  }

  /** The built-in editor's save: a new version (201), or, for bytes equal to the current version, that version (200). */
  @Log('在线编辑保存')
  @Authenticated()
  @Post('builtin/save')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['sessionId', 'file'], properties: { sessionId: { type: 'string', format: 'uuid' }, file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ type: OfficeSaveResultDto, description: '新版本' })
  @ApiOkResponse({ type: OfficeSaveResultDto, description: '内容未变：当前版本，未产生新版本' })
  async builtinSave(@Req() req: Request, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response): Promise<OfficeSaveResultDto> {
    const result = await this.saves.builtin(req, user);
    if (!result.created) res.status(200);
    return result;
  }

  /** Who saved each live version of a journal or copy, when, through which editor (nothing for uploads and generations). */
  @RequirePermissions('productJournal:list', 'productJournal:manu')
  @Get('versions')
  @ApiListResponse(OfficeVersionMetaDto)
  versionMeta(@Query() query: OfficeVersionsQuery, @CurrentUser() user: Principal) {
    return this.versions.meta(user, query.kind, query.id);
  }
}

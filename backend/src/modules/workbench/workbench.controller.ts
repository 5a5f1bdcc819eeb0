import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { JournalFileDto, JournalIdQuery } from '../journals/index.js';
import { BatchResultDto, CountDto, JournalManuscriptDto, JournalManuscriptVersionDto, PoolManuscriptDto } from '../manuscripts/index.js';
import { FilePathResponse } from '../storage/index.js';
import { JournalDocumentService } from './journal-document.service.js';
import { JournalDownloadsService } from './journal-downloads.service.js';
import {
  ChangeCheckQuery,
  CopyIdQuery,
  CopyIdsQuery,
  DeleteVersionDto,
  DownloadZipQuery,
  EditTitleAndMemoDto,
  JournalInfoDto,
  JournalManuscriptUpdateDto,
  PickManuscriptsDto,
  PoolListQuery,
  PushDailyDto,
  SaveSortDto,
  SetExamineDto,
} from './workbench.dto.js';
import { WorkbenchService } from './workbench.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxResponse = () => ApiOkResponse({ description: 'xlsx：工作台表格的列', schema: { type: 'string', format: 'binary' } });

/** The multipart form of `uploadManu` / `uploadManuAndManu` (docs/workbench-api.md). */
const uploadBody = (withManuId: boolean) =>
  ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        journalId: { type: 'integer' },
        columnId: { type: 'integer' },
        ...(withManuId ? { manuId: { type: 'integer', description: '稿件 id：上传该稿件的新版本（其他字段忽略）' } } : {}),
        title: { type: 'string' },
        firstAuthor: { type: 'string' },
        authorIds: { type: 'string', example: '3,7' },
        deptId: { type: 'integer' },
        memo: { type: 'string' },
      },
    },
  });

/**
 * `api/productManuscript`: the manuscripts of the journal editing page (docs/workbench-api.md).
 * `productJournal:manu` gates every call (spec production-admin §6: journal manuscript
 * configuration); writes also need ownership of the journal's product and a journal not done.
 */
@ApiTags('生产：期刊编辑')
@Controller('api/productManuscript')
export class ProductManuscriptController {
  constructor(
    private readonly workbench: WorkbenchService,
    private readonly downloads: JournalDownloadsService,
  ) {}

  /** The pool: submitted manuscripts of the product (and column), `inJournal` for those already in the journal. */
  @RequirePermissions('productJournal:manu')
  @Get('list')
  @ApiPageResponse(PoolManuscriptDto)
  list(@Query() query: PoolListQuery, @CurrentUser() user: Principal) {
    return this.workbench.pool(query, user);
  }

  @RequirePermissions('productJournal:manu')
  @Get('versions')
  @ApiListResponse(JournalManuscriptVersionDto)
  versions(@Query() query: CopyIdQuery) {
    return this.workbench.versions(query.id);
  }

  /** xlsx of these copies, in the order given (`ids=1&ids=2`). */
  @RequirePermissions('productJournal:manu')
  @Get('downloadJournalExcel')
  @ApiProduces(XLSX)
  @xlsxResponse()
  downloadJournalExcel(@Query() query: CopyIdsQuery, @CurrentUser() user: Principal) {
    return this.downloads.copiesExcel(query.ids, user);
  }

  @Log('选择期刊稿件')
  @RequirePermissions('productJournal:manu')
  @Post()
  @ApiCreatedResponse({ type: BatchResultDto })
  pick(@Body() dto: PickManuscriptsDto, @CurrentUser() user: Principal) {
    return this.workbench.pick(dto, user);
  }

  @Log('保存期刊稿件顺序')
  @RequirePermissions('productJournal:manu')
  @Post('saveSort')
  @HttpCode(200)
  @ApiOkResponse({ type: CountDto })
  saveSort(@Body() dto: SaveSortDto, @CurrentUser() user: Principal) {
    return this.workbench.saveSort(dto, user);
  }

  @Log('修改期刊稿件')
  @RequirePermissions('productJournal:manu')
  @Put()
  @HttpCode(204)
  update(@Body() dto: JournalManuscriptUpdateDto, @CurrentUser() user: Principal) {
    return this.workbench.update(dto, user);
  }

  @Log('修改期刊稿件标题和备注')
  @RequirePermissions('productJournal:manu')
  @Post('editTitleAndMemo')
  @HttpCode(200)
  @ApiOkResponse({ type: JournalManuscriptDto })
  editTitleAndMemo(@Body() dto: EditTitleAndMemoDto, @CurrentUser() user: Principal) {
    return this.workbench.editTitleAndMemo(dto, user);
  }

  @Log('标记期刊稿件已审')
  @RequirePermissions('productJournal:manu')
  @Post('setExamine')
  @HttpCode(200)
  @ApiOkResponse({ type: JournalManuscriptDto })
  setExamine(@Body() dto: SetExamineDto, @CurrentUser() user: Principal) {
    return this.workbench.setExamine(dto, user);
  }

  /** The spec's call list sends the weekly selection as a GET; it writes, so it is logged as a write. */
  @Log('周刊选稿')
  @RequirePermissions('productJournal:manu')
  @Get('changeCheck')
  @ApiOkResponse({ type: JournalManuscriptDto })
  changeCheck(@Query() query: ChangeCheckQuery, @CurrentUser() user: Principal) {
    return this.workbench.changeCheck(query, user);
  }

  @Log('上传期刊稿件')
  @RequirePermissions('productJournal:manu')
  @Post('uploadManu')
  @ApiConsumes('multipart/form-data')
  @uploadBody(true)
  @ApiCreatedResponse({ type: JournalManuscriptDto })
  uploadManu(@Req() req: Request, @CurrentUser() user: Principal) {
    return this.workbench.upload(req, user, false);
  }

  @Log('上传期刊稿件并投稿')
  @RequirePermissions('productJournal:manu')
  @Post('uploadManuAndManu')
  @ApiConsumes('multipart/form-data')
  @uploadBody(false)
  @ApiCreatedResponse({ type: JournalManuscriptDto })
  uploadManuAndManu(@Req() req: Request, @CurrentUser() user: Principal) {
    return this.workbench.upload(req, user, true);
  }

  @Log('删除期刊稿件版本')
  @RequirePermissions('productJournal:manu')
  @Delete('versions')
  deleteVersion(@Body() dto: DeleteVersionDto, @CurrentUser() user: Principal) {
    return this.workbench.deleteVersion(dto, user);
  }

  @Log('删除期刊稿件')
  @RequirePermissions('productJournal:manu')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.workbench.delete(ids, user);
  }
}

/** The workbench's calls on `api/productJournal` (the journals module serves the others). */
@ApiTags('生产：期刊管理')
@Controller('api/productJournal')
export class WorkbenchJournalController {
  constructor(
    private readonly workbench: WorkbenchService,
    private readonly downloads: JournalDownloadsService,
    private readonly document: JournalDocumentService,
  ) {}

  /**
   * A new journal version built from the product's Word template (or the built-in default): every
   * column in order with its copies in order (docs/workbench-api.md, tags in docs/journal-template.md).
   */
  @Log('生成期刊')
  @RequirePermissions('productJournal:manu')
  @Get('generateJournal')
  @ApiOkResponse({ type: JournalFileDto })
  generateJournal(@Query() query: JournalIdQuery, @CurrentUser() user: Principal) {
    return this.document.generate(query.journalId, user);
  }

  /** The journal with its versions and its columns with their copies (docs/workbench-api.md). */
  @RequirePermissions('productJournal:list')
  @Get('info')
  @ApiOkResponse({ type: JournalInfoDto })
  info(@Query() query: JournalIdQuery, @CurrentUser() user: Principal) {
    return this.workbench.info(query.journalId, user);
  }

  @Log('同步日刊到周刊')
  @RequirePermissions('productJournal:manu')
  @Post('pushDailyToWeekly')
  @HttpCode(200)
  @ApiOkResponse({ type: CountDto })
  pushDailyToWeekly(@Body() dto: PushDailyDto, @CurrentUser() user: Principal) {
    return this.workbench.pushDailyToWeekly(dto, user);
  }

  /** The zip of every copy's current file (`source=true`: the sources' original files), streamed when its path is fetched. */
  @RequirePermissions('productJournal:manu')
  @Get('downloadZip')
  @FilePathResponse('期刊稿件 zip 的文件路径 /files/<capability>/<name>.zip（短期有效，无需登录）')
  downloadZip(@Query() query: DownloadZipQuery, @CurrentUser() user: Principal) {
    return this.downloads.zipPath(query.journalId, query.source ? 'source' : 'all', user);
  }

  /** The zip of the weekly's checked copies (400 `只有周刊可以下载选稿` for a journal of another product). */
  @RequirePermissions('productJournal:manu')
  @Get('downloadZipForWeekly')
  @FilePathResponse('周刊选稿 zip 的文件路径 /files/<capability>/<name>.zip（短期有效，无需登录）')
  downloadZipForWeekly(@Query() query: JournalIdQuery, @CurrentUser() user: Principal) {
    return this.downloads.zipPath(query.journalId, 'weekly', user);
  }

  /** xlsx of the journal's copies in column order. */
  @RequirePermissions('productJournal:manu')
  @Get('downloadExcel')
  @ApiProduces(XLSX)
  @xlsxResponse()
  downloadExcel(@Query() query: JournalIdQuery, @CurrentUser() user: Principal) {
    return this.downloads.journalExcel(query.journalId, user);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { BatchResultDto, CalculateQuery, DailyCountDto, ManuscriptCreateDto, ManuscriptDto, ManuscriptQuery, ManuscriptUpdateDto, ManuscriptVersionDto, StatisticQuery, SubmitManyDto, SubmitOneDto, UpdateAbstractsDto, UpdateColumnDto } from './manuscript.dto.js';
import { ManuscriptStatsService } from './manuscript-stats.service.js';
import { ManuscriptsService } from './manuscripts.service.js';
import { SubmissionService } from './submission.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { FilePathResponse } from '../storage/index.js';

/** Manuscript management and submission (docs/production-api.md "Manuscripts"). */
@ApiTags('生产：稿件管理')
@Controller('api/manuscript')
export class ManuscriptsController {
  constructor(
    private readonly manuscripts: ManuscriptsService,
    private readonly submission: SubmissionService,
    private readonly stats: ManuscriptStatsService,
  ) {}

  /** One reviewed news item into one or more columns of a product (报送). */
  @Log('报送稿件')
  @RequirePermissions('news:push')
  @Post('oneToMany')
  @ApiCreatedResponse({ type: ManuscriptDto })
  oneToMany(@Body() dto: SubmitOneDto, @CurrentUser() user: Principal) {
    return this.submission.oneToMany(dto, user);
  }

  /** A batch of reviewed items, the same columns and memo for each; all or nothing. */
  @Log('批量报送稿件')
  @RequirePermissions('news:push')
  @Post('manyToMany')
  @ApiCreatedResponse({ type: BatchResultDto })
  manyToMany(@Body() dto: SubmitManyDto, @CurrentUser() user: Principal) {
    return this.submission.manyToMany(dto, user);
  }

  /** A local Word upload (new manuscript), or with `manuId` a new file version of one. */
  @Log('上传稿件')
  @RequirePermissions('manuscript:add')
  @Post('uploadManu')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        title: { type: 'string' },
        firstAuthor: { type: 'string' },
        authorIds: { type: 'string', example: '3,7' },
        abstracts: { type: 'string' },
        productId: { type: 'integer' },
        productList: { type: 'string', example: '11,12' },
        memo: { type: 'string' },
        deptId: { type: 'integer' },
        manuId: { type: 'integer' },
      },
    },
  })
  @ApiCreatedResponse({ type: ManuscriptDto })
  upload(@Req() req: Request, @CurrentUser() user: Principal) {
    return this.manuscripts.upload(req, user);
  }

  @Log('新增稿件')
  @RequirePermissions('manuscript:add')
  @Post()
  @ApiCreatedResponse({ type: ManuscriptDto })
  create(@Body() dto: ManuscriptCreateDto, @CurrentUser() user: Principal) {
    return this.manuscripts.create(dto, user);
  }

  /** Tabs my / dept / all (all: admin or manuscript:admin). */
  @RequirePermissions('manuscript:list')
  @Get()
  @ApiPageResponse(ManuscriptDto)
  list(@Query() query: ManuscriptQuery, @CurrentUser() user: Principal) {
    return this.manuscripts.list(query, user);
  }

  /** Manuscripts created on a day by product and department. */
  @RequirePermissions('manuscript:list')
  @Get('calculate')
  @ApiListResponse(DailyCountDto)
  calculate(@Query() query: CalculateQuery) {
    return this.stats.calculate(query.date);
  }

  @RequirePermissions('manuscript:list')
  @Get(':id/versions')
  @ApiListResponse(ManuscriptVersionDto)
  versions(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: Principal) {
    return this.manuscripts.versions(id, user);
  }

  @RequirePermissions('manuscript:list')
  @Get(':id')
  @ApiOkResponse({ type: ManuscriptDto })
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: Principal) {
    return this.manuscripts.get(id, user);
  }

  @Log('修改稿件')
  @RequirePermissions('manuscript:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: ManuscriptUpdateDto, @CurrentUser() user: Principal) {
    return this.manuscripts.update(dto, user);
  }

  @Log('修改稿件栏目')
  @RequirePermissions('manuscript:edit')
  @Put('updateColumn')
  @HttpCode(204)
  updateColumn(@Body() dto: UpdateColumnDto, @CurrentUser() user: Principal) {
    return this.manuscripts.updateColumn(dto, user);
  }

  /** `manuscript:edit`, or the submitter (who holds manuscript:add or news:push) for their own. */
  @Log('修改稿件摘要')
  @RequirePermissions('manuscript:edit', 'manuscript:add', 'news:push')
  @Put('updateAbstracts')
  @HttpCode(204)
  updateAbstracts(@Body() dto: UpdateAbstractsDto, @CurrentUser() user: Principal) {
    return this.manuscripts.updateAbstracts(dto, user);
  }

  /** `manuscript:del`, or the submitter (who holds manuscript:add or news:push) for their own. */
  @Log('删除稿件')
  @RequirePermissions('manuscript:del', 'manuscript:add', 'news:push')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.manuscripts.delete(ids, user);
  }
}

/** The statistics report of a product (production-admin §2 "Statistics dialog"), on the journals' path. */
@ApiTags('生产：期刊管理')
@Controller('api/productJournal')
export class ProductJournalStatisticController {
  constructor(private readonly stats: ManuscriptStatsService) {}

  @RequirePermissions('productSetting:list')
  @Get('generateStatistic')
  @FilePathResponse('统计报告（xlsx，或 format=docx 的文字摘要）的文件路径 /files/<capability>/<name>（短期有效，无需登录）')
  generateStatistic(@Query() query: StatisticQuery, @CurrentUser() user: Principal) {
    return this.stats.generateStatistic(query, user);
  }
}

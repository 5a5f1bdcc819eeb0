import { Body, Controller, Delete, Get, HttpCode, Post, Query, type StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { BallotDto, CandidatePreviewDto, CandidatesQuery, VoteCreateDto, VoteDetailDto, VoteIdDto, VoteListQuery, VoteSummaryDto } from './vote.dto.js';
import { VotesService } from './votes.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `GET api/productManuscript/voteList` (spec production-admin §7): the list of votes (docs/votes.md). */
@ApiTags('生产：动态投票')
@Controller('api/productManuscript')
export class VoteListController {
  constructor(private readonly votes: VotesService) {}

  @RequirePermissions('vote:list')
  @Get('voteList')
  @ApiPageResponse(VoteSummaryDto)
  voteList(@Query() query: VoteListQuery, @CurrentUser() user: Principal) {
    return this.votes.list(query, user);
  }
}

/** `api/manuscriptVote`: open, read, cast, withdraw, close, export and delete votes (docs/votes.md). */
@ApiTags('生产：动态投票')
@Controller('api/manuscriptVote')
export class ManuscriptVoteController {
  constructor(private readonly votes: VotesService) {}

  /** The candidates of a product's period, before the vote is opened. */
  @RequirePermissions('vote:add')
  @Get('candidates')
  @ApiListResponse(CandidatePreviewDto)
  candidates(@Query() query: CandidatesQuery) {
    return this.votes.candidates(query);
  }

  @RequirePermissions('vote:list')
  @Get('info')
  @ApiOkResponse({ type: VoteDetailDto })
  info(@Query() query: VoteIdDto, @CurrentUser() user: Principal) {
    return this.votes.info(query.id, user);
  }

  /** xlsx of a closed vote's result (409 while open). */
  @AllowQueryToken()
  @RequirePermissions('vote:list')
  @Get('download')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'xlsx：名次、稿件标题、期号、栏目、来源单位、得票、占比', schema: { type: 'string', format: 'binary' } })
  download(@Query() query: VoteIdDto, @CurrentUser() user: Principal): Promise<StreamableFile> {
    return this.votes.download(query.id, user);
  }

  @Log('发起投票')
  @RequirePermissions('vote:add')
  @Post()
  @ApiCreatedResponse({ type: VoteDetailDto })
  create(@Body() dto: VoteCreateDto, @CurrentUser() user: Principal) {
    return this.votes.create(dto, user);
  }

  @Log('投票')
  @RequirePermissions('vote:cast')
  @Post('ballot')
  @ApiCreatedResponse({ type: VoteDetailDto })
  cast(@Body() dto: BallotDto, @CurrentUser() user: Principal) {
    return this.votes.cast(dto, user);
  }

  @Log('撤回投票')
  @RequirePermissions('vote:cast')
  @Delete('ballot')
  @ApiOkResponse({ type: VoteDetailDto })
  withdraw(@Body() dto: BallotDto, @CurrentUser() user: Principal) {
    return this.votes.withdraw(dto, user);
  }

  @Log('结束投票')
  @RequirePermissions('vote:edit')
  @Post('close')
  @HttpCode(200)
  @ApiOkResponse({ type: VoteDetailDto })
  close(@Body() dto: VoteIdDto, @CurrentUser() user: Principal) {
    return this.votes.close(dto.id, user);
  }

  @Log('删除投票')
  @RequirePermissions('vote:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.votes.delete(ids, user);
  }
}

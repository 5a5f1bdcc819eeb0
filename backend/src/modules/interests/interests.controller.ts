import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { FrequencyDto, FrequencyQuery, InterestClassifyDto, InterestClassifyNodeDto, InterestClassifyQuery, InterestDto, InterestIndustryDto, InterestUpdateDto, InterestUserQuery, InterestWebsiteDto, InterestWebsiteQuery, InterestWriteDto } from './interests.dto.js';
import { InterestsService } from './interests.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

/**
 * The subscription page (关注): websites and classes a user follows. Every logged-in user manages
 * their own row (one per user); a `userId` naming someone else → 403 unless the caller is an
 * administrator. Wire lists are comma strings (`websiteIds: "1,2,3"`); input takes a comma string
 * or an id array.
 */
@ApiTags('新闻：关注')
@Controller('api/newsInterest')
export class InterestsController {
  constructor(private readonly interests: InterestsService) {}

  /** Create or replace the caller's subscriptions; a list left out keeps its value. Answers the row. */
  @Log('设置新闻关注')
  @Authenticated()
  @Post()
  @ApiCreatedResponse({ type: InterestDto })
  save(@CurrentUser() user: Principal, @Body() dto: InterestWriteDto) {
    return this.interests.save(user, dto);
  }

  /** The same on the caller's existing row named by `id`. */
  @Log('修改新闻关注')
  @Authenticated()
  @Put()
  @HttpCode(204)
  update(@CurrentUser() user: Principal, @Body() dto: InterestUpdateDto) {
    return this.interests.update(user, dto);
  }

  @Log('删除新闻关注')
  @Authenticated()
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() user: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.interests.delete(user, ids);
  }

  /** The row of the caller (or `userId`); a user without one gets `{id: null, websiteIds: '', classifyIds: '', …}`. */
  @Authenticated()
  @Get('findByUserId')
  @ApiOkResponse({ type: InterestDto })
  findByUserId(@CurrentUser() user: Principal, @Query() query: InterestUserQuery) {
    return this.interests.findByUserId(user, query.userId);
  }

  /** Source websites (paged, `name` filter) with `checked`. */
  @Authenticated()
  @Get('interestList')
  @ApiPageResponse(InterestWebsiteDto)
  interestList(@CurrentUser() user: Principal, @Query() query: InterestWebsiteQuery) {
    return this.interests.websites(user, query);
  }

  /** The classification tree (no noise class) with `checked` on subscribed classes. */
  @Authenticated()
  @Get('findClassifyTree')
  @ApiListResponse(InterestClassifyNodeDto)
  findClassifyTree(@CurrentUser() user: Principal, @Query() query: InterestUserQuery) {
    return this.interests.classifyTree(user, query.userId);
  }

  /** The same classes flat: `{id, name, pid, code, checked}`. */
  @Authenticated()
  @Get('findClassifyList')
  @ApiListResponse(InterestClassifyDto)
  findClassifyList(@CurrentUser() user: Principal, @Query() query: InterestClassifyQuery) {
    return this.interests.classifyList(user, query);
  }

  /** Sets the subscribed classes ("industries"; `classifyIds` or `industry`), websites kept. Answers the row. */
  @Log('设置关注分类')
  @Authenticated()
  @Post('createByUserIdAndIndustry')
  @HttpCode(200)
  @ApiOkResponse({ type: InterestDto })
  createByUserIdAndIndustry(@CurrentUser() user: Principal, @Body() dto: InterestIndustryDto) {
    return this.interests.setIndustry(user, dto);
  }
}

/**
 * `GET api/news/setFrequency` (spec §7, news calls): how often the caller is told about new items of
 * their subscriptions — `realtime`, `hourly`, `daily` or `never` (docs/subscriptions.md). The setting
 * lives on the subscription row, so the interests module answers it.
 */
@ApiTags('新闻：关注')
@Controller('api/news')
export class SubscriptionFrequencyController {
  constructor(private readonly interests: InterestsService) {}

  @Log('设置订阅提醒频率')
  @Authenticated()
  @Get('setFrequency')
  @ApiOkResponse({ type: FrequencyDto })
  setFrequency(@CurrentUser() user: Principal, @Query() query: FrequencyQuery) {
    return this.interests.setFrequency(user, query.frequency);
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../../common/access/permissions.decorator.js';
import type { Principal } from '../../../common/auth/principal.js';
import { OfficeDiffDto, OfficeDiffQuery } from './office-diff.dto.js';
import { OfficeDiffService } from './office-diff.service.js';

/** `GET api/office/diff` (docs/office-design.md §4.9, docs/office-api.md): the versions dialogs' 对比. */
@ApiTags('在线编辑')
@Controller('api/office')
export class OfficeDiffController {
  constructor(private readonly diffs: OfficeDiffService) {}

  /** The text diff of two .docx versions of a journal (`productJournal:list`) or a copy (`productJournal:manu`). */
  @RequirePermissions('productJournal:list', 'productJournal:manu')
  @Get('diff')
  @ApiOkResponse({ type: OfficeDiffDto })
  diff(@Query() query: OfficeDiffQuery, @CurrentUser() user: Principal) {
    return this.diffs.diff(user, query.kind, query.id, query.from, query.to);
  }
}

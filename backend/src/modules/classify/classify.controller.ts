import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ClassifyFlatDto, ClassifyNodeDto, ClassifyTreeQuery, ClassifyUpdateDto, ClassifyWriteDto } from './classify.dto.js';
import { ClassifyService } from './classify.service.js';
import { ApiListResponse } from '../../common/http/api-response.js';

/** Reads are open to every logged-in user: everyone filters news by classification. */
@ApiTags('新闻：分类')
@Controller('api/NewsClassify')
export class ClassifyController {
  constructor(private readonly classify: ClassifyService) {}

  @Authenticated()
  @Get('list')
  @ApiListResponse(ClassifyNodeDto)
  list(@Query() query: ClassifyTreeQuery) {
    return this.classify.tree(query.enabled);
  }

  @Authenticated()
  @Get('listWithout')
  @ApiListResponse(ClassifyNodeDto)
  listWithout(@Query() query: ClassifyTreeQuery) {
    return this.classify.tree(query.enabled, true);
  }

  @Authenticated()
  @Get('findAll')
  @ApiListResponse(ClassifyFlatDto)
  findAll() {
    return this.classify.findAll();
  }

  @Log('新增新闻分类')
  @RequirePermissions('newsClassify:add')
  @Post()
  @ApiCreatedResponse({ type: ClassifyNodeDto })
  create(@Body() dto: ClassifyWriteDto) {
    return this.classify.create(dto);
  }

  @Log('修改新闻分类')
  @RequirePermissions('newsClassify:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: ClassifyUpdateDto) {
    return this.classify.update(dto);
  }

  @Log('删除新闻分类')
  @RequirePermissions('newsClassify:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.classify.delete(ids);
  }
}

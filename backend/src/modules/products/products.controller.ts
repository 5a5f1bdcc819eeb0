import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, type StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ProductColumnsService } from './product-columns.service.js';
import { ColumnCreateDto, ColumnDto, ColumnMapEntryDto, ColumnQuery, ColumnUpdateDto, ProductAllQuery, ProductDto, ProductOptionDto, ProductQuery, ProductUpdateDto, ProductWriteDto } from './product.dto.js';
import { DOCX, ProductsService } from './products.service.js';
import { ApiListResponse, ApiMapOfListsResponse, ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('生产：产品设置')
@Controller('api/productSetting')
export class ProductSettingController {
  constructor(private readonly products: ProductsService) {}

  @RequirePermissions('productSetting:list')
  @Get('list')
  @ApiPageResponse(ProductDto)
  list(@Query() query: ProductQuery) {
    return this.products.list(query);
  }

  /** Choice lists (journal form, submission dialog): any logged-in user; `editable=true`: the products whose journals the caller may write. */
  @Authenticated()
  @Get('all')
  @ApiListResponse(ProductOptionDto)
  all(@Query() query: ProductAllQuery, @CurrentUser() me: Principal) {
    return this.products.all(query, me);
  }

  @AllowQueryToken()
  @RequirePermissions('productSetting:list')
  @Get('download')
  download(@Query() query: ProductQuery): Promise<StreamableFile> {
    return this.products.download(query);
  }

  /** The sample journal template (every tag of docs/journal-template.md), offered by the product dialog. */
  @RequirePermissions('productSetting:add', 'productSetting:edit')
  @Get('templateSample')
  @ApiProduces(DOCX)
  @ApiOkResponse({ description: '期刊模板样例 .docx', schema: { type: 'string', format: 'binary' } })
  templateSample(): StreamableFile {
    return this.products.templateSample();
  }

  @RequirePermissions('productSetting:list')
  @Get(':id')
  @ApiOkResponse({ type: ProductDto })
  findOne(@Param('id', ParseIdPipe) id: number) {
    return this.products.findOne(id);
  }

  @Log('新增产品')
  @RequirePermissions('productSetting:add')
  @Post()
  @ApiCreatedResponse({ type: ProductDto })
  create(@CurrentUser() me: Principal, @Body() dto: ProductWriteDto) {
    return this.products.create(dto, me);
  }

  @Log('修改产品')
  @RequirePermissions('productSetting:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() me: Principal, @Body() dto: ProductUpdateDto) {
    return this.products.update(dto, me);
  }

  @Log('删除产品')
  @RequirePermissions('productSetting:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.products.delete(ids);
  }
}

@ApiTags('生产：产品栏目')
@Controller('api/productColumn')
export class ProductColumnController {
  constructor(private readonly columns: ProductColumnsService) {}

  @Authenticated()
  @Get('list')
  @ApiPageResponse(ColumnDto)
  list(@Query() query: ColumnQuery) {
    return this.columns.list(query);
  }

  @Authenticated()
  @Get('getColumnMap')
  @ApiMapOfListsResponse(ColumnMapEntryDto, '产品 id → 启用的栏目')
  columnMap() {
    return this.columns.columnMap();
  }

  @Log('新增栏目')
  @RequirePermissions('productSetting:edit')
  @Post()
  @ApiCreatedResponse({ type: ColumnDto })
  create(@Body() dto: ColumnCreateDto) {
    return this.columns.create(dto);
  }

  @Log('修改栏目')
  @RequirePermissions('productSetting:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: ColumnUpdateDto) {
    return this.columns.update(dto);
  }

  @Log('删除栏目')
  @RequirePermissions('productSetting:edit')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.columns.delete(ids);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AllowQueryToken, Authenticated, CurrentUser, Public, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log, SkipLog } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { DownloadTokenDto, FileDto, FileQuery, FileRenameDto, FileUploadQuery, FormFilesQuery, FormHandlerFilesQuery } from './file.dto.js';
import { attachmentDisposition } from './file-name.js';
import { type FileDownload, FilesService } from './files.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

const UPLOAD_BODY = {
  schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, name: { type: 'string', description: '文件名（可选）' } } },
};

/** Headers of a download: an attachment under its UTF-8 name, never sniffed into something executable. */
function sendFile(res: Response, { file, stream }: FileDownload): StreamableFile {
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Length', file.size);
  res.setHeader('Content-Disposition', attachmentDisposition(file.realName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(stream);
}

@ApiTags('工具：文件存储')
@Controller('api/localStorage')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Log('上传文件')
  @RequirePermissions('storage:add')
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiCreatedResponse({ type: FileDto })
  upload(@Req() req: Request, @CurrentUser() me: Principal, @Query() query: FileUploadQuery) {
    return this.files.upload(req, me, query.name);
  }

  /** The product template upload: .doc/.docx only. */
  @Log('上传产品模板')
  @RequirePermissions('productSetting:add', 'productSetting:edit')
  @Post('template')
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiCreatedResponse({ type: FileDto })
  uploadTemplate(@Req() req: Request, @CurrentUser() me: Principal) {
    return this.files.uploadTemplate(req, me);
  }

  @RequirePermissions('storage:list')
  @Get()
  @ApiPageResponse(FileDto)
  list(@Query() query: FileQuery) {
    return this.files.list(query);
  }

  /** xlsx of the stored files matching the list's filters (eladmin-web's 导出). */
  @AllowQueryToken()
  @RequirePermissions('storage:list')
  @Get('download')
  exportList(@Query() query: FileQuery): Promise<StreamableFile> {
    return this.files.download(query);
  }

  @Log('修改文件')
  @RequirePermissions('storage:edit')
  @Put()
  @HttpCode(204)
  rename(@Body() dto: FileRenameDto) {
    return this.files.rename(dto);
  }

  @Log('删除文件')
  @RequirePermissions('storage:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.files.delete(ids);
  }

  /** `storage:del`, or the uploader while the file is attached to nothing (checked in the service). */
  @Log('删除文件')
  @Authenticated()
  @Delete('deleteById/:id')
  deleteById(@CurrentUser() me: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.files.deleteById(me, id);
  }

  /** Also `?access_token=<login token>`: the spec's clients open a stored file (e.g. a statistics report) by URL. */
  @AllowQueryToken()
  @Authenticated()
  @Get('download/:id')
  async download(@CurrentUser() me: Principal, @Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return sendFile(res, await this.files.open(me, id));
  }

  /** A short-lived link for `downloadFile/{id}` (a browser download cannot send the Authorization header). */
  @SkipLog()
  @Authenticated()
  @Post('downloadToken/:id')
  @ApiCreatedResponse({ type: DownloadTokenDto })
  downloadToken(@CurrentUser() me: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.files.downloadToken(me, id);
  }

  /** Public to the guard: the signed download token in `access_token` is the credential (a login token is refused). */
  @Public()
  @Get('downloadFile/:id')
  @ApiQuery({ name: 'access_token', description: 'POST downloadToken/{id} 返回的下载令牌' })
  async downloadFile(@Param('id', ParseIdPipe) id: number, @Query('access_token') token: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return sendFile(res, await this.files.openWithToken(id, token));
  }

  @Authenticated()
  @Get('findByFormId')
  @ApiListResponse(FileDto)
  findByFormId(@CurrentUser() me: Principal, @Query() query: FormFilesQuery) {
    return this.files.findByForm(me, query);
  }

  @Authenticated()
  @Get('findByFormIdAndHandlerId')
  @ApiListResponse(FileDto)
  findByFormIdAndHandlerId(@CurrentUser() me: Principal, @Query() query: FormHandlerFilesQuery) {
    return this.files.findByForm(me, query);
  }
}

import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Logger, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/access/permissions.decorator.js';
import { attachmentDisposition } from './file-name.js';
import { type FileLinkDelivery, FileLinkService } from './file-link.service.js';

const logger = new Logger('FileLinksController');

const DOWNLOAD_HEADERS = ['Content-Type', 'Content-Length', 'Content-Disposition', 'X-Content-Type-Options', 'Cache-Control'];

/**
 * Sends a delivery: an attachment under its UTF-8 name, never sniffed, never cached. A producer that
 * fails before anything is sent gets the error answer (the download headers are taken back); a stream
 * that fails later can only cut the connection.
 */
async function deliver(res: Response, d: FileLinkDelivery): Promise<void> {
  res.setHeader('Content-Type', d.mime);
  res.setHeader('Content-Disposition', attachmentDisposition(d.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  let source: Readable | void;
  if ('stream' in d) {
    res.setHeader('Content-Length', d.size);
    source = d.stream;
  } else {
    try {
      source = await d.produce(res);
    } catch (e) {
      if (res.headersSent) {
        logger.error(`file link ${d.name}: the producer failed while sending: ${String(e)}`);
        res.destroy();
        return;
      }
      for (const h of DOWNLOAD_HEADERS) res.removeHeader(h);
      throw e;
    }
  }
  if (!source) {
    if (!res.writableEnded) res.end();
    return;
  }
  try {
    await pipeline(source, res);
  } catch (e) {
    // a client that goes away (a cancelled download) is not an error of ours
    if ((e as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.error(`file link ${d.name}: sending failed: ${String(e)}`);
    res.destroy();
  }
}

/**
 * `GET /files/<capability>/<name>` at the server root (beside `/api`): the paths `generateStatistic`,
 * `downloadZip`, ... answer (docs/workbench-api.md "Paths are capabilities").
 */
@ApiTags('工具：文件存储')
@Controller('files')
export class FileLinksController {
  constructor(private readonly links: FileLinkService) {}

  /** Public to the guard: the signed capability is the credential; an appended `?access_token=` is ignored (never read). */
  @Public()
  @Get(':capability/:name')
  @ApiParam({ name: 'capability', description: '签名的文件凭证（短期有效）' })
  @ApiParam({ name: 'name', description: '文件名（与凭证绑定）' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: '文件内容（附件）', schema: { type: 'string', format: 'binary' } })
  @ApiUnauthorizedResponse({ description: 'DOWNLOAD_LINK_INVALID 下载链接已失效，请重新下载' })
  async fetch(@Param('capability') capability: string, @Param('name') name: string, @Res() res: Response): Promise<void> {
    await deliver(res, await this.links.resolve(capability, name));
  }
}

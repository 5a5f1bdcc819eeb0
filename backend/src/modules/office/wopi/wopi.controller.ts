import { Controller, Get, Post, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../../common/access/permissions.decorator.js';
import { Log } from '../../../common/audit/log.decorator.js';
import { CurrentWopiCall, WopiGuard } from './wopi.guard.js';
import { type WopiCall, type WopiReply, WopiService } from './wopi.service.js';

/** Sends a WOPI reply: status and WOPI headers on the response, the JSON body or the file's bytes returned. */
function send(res: Response, reply: WopiReply): unknown {
  res.status(reply.status);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  return reply.stream ? new StreamableFile(reply.stream) : reply.body;
}

/**
 * The WOPI host (docs/office-design.md §3.3; docs/office-api.md "WOPI host"): called by the WOPI
 * client (Collabora Online, …), never by the browser. Public to the login guard; WopiGuard
 * authenticates every call by its `access_token` and proof keys. The file id is the target (`j<journalId>`,
 * `c<copyId>`), stable across versions. Not in the OpenAPI document: its wire format is WOPI's.
 */
@ApiExcludeController()
@Public()
@UseGuards(WopiGuard)
@Controller('api/wopi/files')
export class WopiController {
  constructor(private readonly wopi: WopiService) {}

  /** CheckFileInfo. */
  @Get(':id')
  async checkFileInfo(@CurrentWopiCall() call: WopiCall, @Res({ passthrough: true }) res: Response) {
    return send(res, await this.wopi.checkFileInfo(call));
  }

  /** GetFile: the bytes of the session's version. */
  @Get(':id/contents')
  async getFile(@CurrentWopiCall() call: WopiCall, @Res({ passthrough: true }) res: Response) {
    return send(res, await this.wopi.getFile(call));
  }

  /** PutFile: a new version. */
  @Log('在线编辑保存')
  @Post(':id/contents')
  async putFile(@CurrentWopiCall() call: WopiCall, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return send(res, await this.wopi.putFile(call, req));
  }

  /** LOCK / UnlockAndRelock / REFRESH_LOCK / UNLOCK / GET_LOCK by `X-WOPI-Override`. */
  @Log('在线编辑锁')
  @Post(':id')
  async lock(@CurrentWopiCall() call: WopiCall, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return send(res, await this.wopi.lock(call, req));
  }
}

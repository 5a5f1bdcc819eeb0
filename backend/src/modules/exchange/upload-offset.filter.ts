import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { UploadOffsetConflict } from './exchange.service.js';

/** 409 of a chunk at a stale offset: the usual error body plus `received`, where the client resumes. */
@Catch(UploadOffsetConflict)
export class UploadOffsetFilter implements ExceptionFilter {
  catch(e: UploadOffsetConflict, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.status(e.status).json({ status: e.status, message: e.message, code: e.code, received: e.received, timestamp: Date.now() });
  }
}

import { applyDecorators, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

/** Answers the handler's string as `text/plain` (on success only: an error keeps the JSON error body). */
@Injectable()
export class FilePathInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<string>): Observable<string> {
    return next.handle().pipe(
      map((path) => {
        context.switchToHttp().getResponse<Response>().type('text/plain; charset=utf-8');
        return path;
      }),
    );
  }
}

/**
 * A handler that answers a file capability path (`FileLinkService.forFile` / `forStream`) as
 * `200 text/plain` `/files/<capability>/<name>` (docs/workbench-api.md "Paths are capabilities").
 */
export const FilePathResponse = (description = '文件路径 /files/<capability>/<name>：追加到文件地址即可下载，短期有效，无需登录') =>
  applyDecorators(
    UseInterceptors(FilePathInterceptor),
    ApiProduces('text/plain'),
    ApiOkResponse({ description, schema: { type: 'string', example: '/files/eyJrIjoiZmlsZSJ9.c2lnbmF0dXJl/report.xlsx' } }),
  );

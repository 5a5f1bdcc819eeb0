import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AuditWriter } from './common/audit/audit-writer.js';
import { requestContext } from './common/audit/request-context.js';
import { ErrorFilter } from './common/errors/error.filter.js';
import { bodyLimits } from './common/http/body-limits.js';
import { corsOptions, officeSecurityHeaders, securityHeaders } from './common/http/transport.js';
import { Metrics } from './common/ops/metrics.js';
import { requestTimer } from './common/ops/request-histogram.js';
import { createValidationPipe } from './common/http/validation.js';
import { setTimeZone } from './common/time/time.js';
import type { AppConfig } from './config/config.js';

/** Everything main.ts and the tests share: pipes, filter, OpenAPI, the SPA under /horizon/. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const http = app as NestExpressApplication;
  // First: every request is timed, whatever answers it (docs/operations.md "Metrics").
  app.use(requestTimer(app.get(Metrics).requests));
  setTimeZone(config.timeZone);
  // X-Forwarded-For / -Proto only from the proxies named in TRUST_PROXY (default: loopback only).
  http.set('trust proxy', config.trustProxy);
  http.disable('x-powered-by');
  // No ETag on API answers (issue 18): a hash of every JSON body, and no client revalidates them (the
  // UI's files under /horizon/ keep theirs: express.static computes its own).
  http.set('etag', false);
  app.use(...securityHeaders(config.corsOrigins));
  if (config.corsOrigins.length) app.enableCors(corsOptions(config.corsOrigins));
  // First: a write refused before its handler (body parser, guard, unknown route) still leaves its audit row.
  app.use(app.get(AuditWriter).fallback());
  http.useBodyParser('json', { limit: '2mb' });
  http.useBodyParser('urlencoded', { extended: true });
  app.use(bodyLimits()); // depth > 32 or > 10,000 fields → 400 before any handler
  app.use((_req: Request, _res: Response, next: NextFunction) => requestContext.run({}, next));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorFilter());

  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });

  serveSpa(http, config.staticDir, officeServerOrigin(config));
}

/** The document server's browser origin (`OFFICE_URL`) when ONLYOFFICE or a WOPI client edits, for the editor page's CSP. */
function officeServerOrigin(config: AppConfig): string | undefined {
  const { editor, url } = config.office;
  return url && (editor === 'onlyoffice' || editor === 'wopi') ? new URL(url).origin : undefined;
}

/**
 * The OpenAPI document of the app: served at /api/docs-json and written to backend/openapi.json by
 * scripts/openapi.mjs (which builds it from a preview app, without a database).
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Horizon API')
    .setDescription('新闻跟踪、翻译与期刊生产平台接口。错误体统一为 {status, message, code, timestamp}。')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config);
}

/**
 * The built UI at /horizon/ with history fallback: a /horizon/* path that is not a file answers
 * index.html. The online editor page (/horizon/office/*, always a full page load) gets its own CSP.
 */
function serveSpa(app: NestExpressApplication, staticDir: string, officeOrigin: string | undefined): void {
  const index = join(staticDir, 'index.html');
  const officeCsp = officeSecurityHeaders(officeOrigin);
  app.use('/horizon/office', (req: Request, res: Response, next: NextFunction) => (req.method === 'GET' || req.method === 'HEAD' ? officeCsp(req, res, next) : next()));
  app.use('/horizon', express.static(staticDir, { index: false, fallthrough: true, maxAge: '1h' }));
  app.use('/horizon', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) return res.status(503).type('text/plain; charset=utf-8').send('界面尚未构建：请先运行 npm run build');
    res.setHeader('Cache-Control', 'no-cache');
    return res.sendFile(index);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && (req.path === '/' || req.path === '/horizon')) return res.redirect(302, '/horizon/');
    return next();
  });
}

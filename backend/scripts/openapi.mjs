#!/usr/bin/env node
// Wire types from one source: the OpenAPI document of the built backend (backend/dist) is written to
// backend/openapi.json, and the frontend's types are generated from it into frontend/src/api/schema.d.ts.
// Both files are committed.
//
//   node backend/scripts/openapi.mjs           build the backend if its dist is older than src, write both files
//   node backend/scripts/openapi.mjs --check   the same into a temp dir; exit 1 when a committed file differs
//   --no-build                                 use backend/dist as it is
//
// No database: the app is created in Nest's preview mode (modules and controllers are scanned, providers
// are not instantiated), which is all SwaggerModule needs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toTypeScript } from './openapi-types.mjs';

const backend = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(backend, '..');
const FILES = { openapi: 'backend/openapi.json', types: 'frontend/src/api/schema.d.ts' };
const STALE = 'wire types are stale: run npm run api:generate';

/** Newest modification time of the backend sources the document depends on (specs excluded). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function oldestBuild(dir) {
  let oldest = Infinity;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) oldest = Math.min(oldest, oldestBuild(path));
    else if (entry.name.endsWith('.js')) oldest = Math.min(oldest, statSync(path).mtimeMs);
  }
  return oldest;
}

function buildIfNeeded() {
  const dist = join(backend, 'dist');
  if (existsSync(join(dist, 'app.module.js')) && oldestBuild(dist) >= newestSource(join(backend, 'src'))) return;
  console.log('openapi: building the backend (dist is missing or older than src)');
  execFileSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
}

/** Objects with keys sorted where Nest's discovery order could change without a wire change. */
function stable(doc) {
  const sortKeys = (obj) => Object.fromEntries(Object.keys(obj ?? {}).sort().map((k) => [k, obj[k]]));
  return { ...doc, paths: sortKeys(doc.paths), components: { ...doc.components, schemas: sortKeys(doc.components?.schemas) } };
}

async function createDocument() {
  const require = createRequire(import.meta.url);
  const dist = join(backend, 'dist');
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = require(join(dist, 'app.module.js'));
  const { createOpenApiDocument } = require(join(dist, 'app.setup.js'));
  const { loadConfig } = require(join(dist, 'config/config.js'));
  // A fixed environment: the document must not depend on the machine that writes it.
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: tmpdir(), STATIC_DIR: tmpdir() });
  const app = await NestFactory.create(AppModule.forRoot({ ...config, databaseUrl: 'postgres://openapi@127.0.0.1:1/preview' }), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return stable(createOpenApiDocument(app));
  } finally {
    await app.close();
  }
}

function write(dir, doc) {
  const files = {
    [FILES.openapi]: `${JSON.stringify(doc, null, 2)}\n`,
    [FILES.types]: toTypeScript(doc),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  if (!process.argv.includes('--no-build')) buildIfNeeded();
  const doc = await createDocument();
  if (!check) {
    write(root, doc);
    const counts = `${Object.keys(doc.paths).length} paths, ${Object.keys(doc.components?.schemas ?? {}).length} schemas`;
    console.log(`openapi: wrote ${FILES.openapi} and ${FILES.types} (${counts})`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'horizon-openapi-'));
  try {
    const files = write(dir, doc);
    const stale = Object.entries(files)
      .filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text)
      .map(([path]) => path);
    if (stale.length) {
      console.error(`${STALE}\n  differs: ${stale.join(', ')}\n  (fresh copies in ${dir})`);
      process.exitCode = 1;
      return;
    }
    console.log('openapi: wire types are up to date');
  } finally {
    if (!process.exitCode) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

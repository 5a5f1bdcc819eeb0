import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { PrincipalService } from '../../src/common/auth/principal.service';
import { encryptWithPublicKey } from '../../src/common/auth/rsa.service';
import { type AppConfig, loadConfig } from '../../src/config/config';

export const ADMIN_PASSWORD = 'Admin@test1';
export const USER_PASSWORD = 'User@test1';

/** Server URL with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  publicKey: string;
  encrypt: (plain: string) => string;
  /** Logs in over HTTP and returns the bearer token. */
  login: (username: string, password?: string) => Promise<string>;
  /** Creates an enabled user with no role (through the admin API) and logs in as them: the 403 cases. */
  loginWithoutRoles: (username: string) => Promise<string>;
  /**
   * Creates a user through `POST api/users` (as admin, or as the holder of `token`), expects 201 and
   * marks the initial password as changed, so the user logs in with USER_PASSWORD and works at once.
   * The one place tests create ready-to-use users; the forced change itself is tested in
   * password-change.e2e-spec.ts.
   */
  createUser: (body: Record<string, unknown>, token?: string) => Promise<{ id: number; username: string; initialPassword: string } & Record<string, unknown>>;
  /**
   * Fixture shortcut: clears `password_change_required` of the users (as if they had changed the
   * initial password) — for tests that create or reset accounts and then work as them.
   */
  passwordChanged: (...userIds: number[]) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Boots the whole app against a fresh database (random name, created from template0 with a UTF-8
 * ctype, migrated and seeded exactly like a first start) and drops it on close.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('DATABASE_URL is not set (global-setup starts an embedded server when it is missing)');
  const database = `horizon_test_${randomBytes(6).toString('hex')}`;
  await admin(server, `CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  const dataDir = mkdtempSync(join(tmpdir(), 'horizon-test-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', TZ: 'Asia/Shanghai' }),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    defaultUserPassword: USER_PASSWORD,
    captchaEnabled: false,
    loginRateLimit: 1_000_000, captchaRateLimit: 1_000_000, // the suites log in a lot from 127.0.0.1; transport.e2e-spec proves the throttle
    ...overrides,
  };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...config, databaseUrl: withDatabase(server, database) })] })
    .compile();
  // Only errors reach the test output (a 500 in a test is worth seeing).
  const app = moduleRef.createNestApplication({ logger: ['error'] });
  configureApp(app, config);
  await app.init();
  const http = () => request(app.getHttpServer());
  const publicKey: string = (await http().get('/auth/code').then(() => http().get('/auth/publicKey'))).body.publicKey;
  const encrypt = (plain: string) => encryptWithPublicKey(publicKey, plain);
  const result: TestApp = {
    app,
    config,
    http,
    publicKey,
    encrypt,
    login: async (username, password) => {
      const pass = password ?? (username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD);
      const res = await http().post('/auth/login').send({ username, password: encrypt(pass), code: '', uuid: '' });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    loginWithoutRoles: async (username) => {
      await result.createUser({ username, nickName: username, enabled: true, roles: [] });
      return result.login(username);
    },
    createUser: async (body, token) => {
      const res = await http().post('/api/users').set('Authorization', `Bearer ${token ?? (await result.login('admin'))}`).send(body);
      if (res.status !== 201) throw new Error(`creating ${String(body.username)} failed: ${res.status} ${JSON.stringify(res.body)}`);
      await result.passwordChanged(res.body.id);
      return res.body;
    },
    passwordChanged: async (...userIds) => {
      await app.get(DataSource).query('UPDATE sys_user SET password_change_required = false WHERE id = ANY($1::int[])', [userIds]);
      await app.get(PrincipalService).invalidate();
    },
    close: async () => {
      await app.close();
      await admin(server, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return result;
}

/** `Authorization` header value. */
export const bearer = (token: string) => `Bearer ${token}`;

/** Requests as the holder of `token`: `requestsAs(t, token).post(url, body)`. */
export function requestsAs(t: TestApp, token: string) {
  const auth = bearer(token);
  return {
    get: (url: string) => t.http().get(url).set('Authorization', auth),
    post: (url: string, body: unknown) => t.http().post(url).set('Authorization', auth).send(body as object),
    put: (url: string, body: unknown) => t.http().put(url).set('Authorization', auth).send(body as object),
    del: (url: string, body?: unknown) => t.http().delete(url).set('Authorization', auth).send(body as object),
  };
}

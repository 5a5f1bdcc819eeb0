import { Controller, Get, type INestApplication, type LoggerService, Post, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_PERMISSION, PERMISSIONS } from '../src/common/access/permission';
import { ACCESS_KEY, type AccessRule, Public } from '../src/common/access/permissions.decorator';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Every route of the app × {no token, a user without any permission, admin}.
 * A route without an access rule fails the suite: the guard denies it at run time, but an
 * undeclared route is a forgotten decision, not a policy.
 */

interface RouteInfo {
  method: string;
  path: string;
  handler: string;
  rule: AccessRule | undefined;
}

const asArray = (value: unknown): string[] => (value === undefined ? [''] : Array.isArray(value) ? value.map(String) : [String(value)]);

/** `/a/b` without a trailing slash, like Nest's RoutePathFactory builds it. */
function joinPath(...parts: string[]): string {
  const joined = parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/** The routes Nest registered from controllers, with the access rule the guard will read. */
function collectRoutes(app: INestApplication): RouteInfo[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes = new Map<string, RouteInfo>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!controller || typeof controller !== 'function') continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const methodPaths: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (methodPaths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const rule = (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller)) as AccessRule | undefined;
      for (const prefix of asArray(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const path of asArray(methodPaths)) {
          const full = joinPath(prefix, path);
          routes.set(`${method} ${full}`, { method, path: full, handler: `${controller.name}.${name}`, rule });
        }
      }
    }
  }
  return [...routes.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

interface ExpressLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** The routes the HTTP server actually answers (express router), to catch anything discovery misses. */
function expressRoutes(app: INestApplication): string[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack: ExpressLayer[] }; _router?: { stack: ExpressLayer[] } };
  const stack = (instance.router ?? instance._router)?.stack ?? [];
  const out = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const path of asArray(layer.route.path)) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.add(`${method.toUpperCase()} ${joinPath(path)}`);
      }
    }
  }
  return [...out].sort();
}

/** Served by @nestjs/swagger outside the controllers: public API documentation. */
const DOCS_ROUTE = /^(GET|HEAD) \/api\/docs(\/|-json|-yaml|$)/;

const undeclared = (routes: RouteInfo[]) => routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.path} (${r.handler})`);

/** A concrete URL: path params → 1, wildcards → x. */
const concrete = (path: string) =>
  path
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/:\w+/g, '1')
    .replace(/\*\w*/g, 'x');

describe('permission matrix', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let admin: string;
  let nobody: string;

  /** Sends the request with a body/query the handler would reject, so a 400 means the guard came too late. */
  const call = (route: RouteInfo, token?: string): Promise<Response> => {
    const url = concrete(route.path);
    const agent = t.http();
    let req;
    switch (route.method) {
      case 'GET':
      case 'ALL':
        req = agent.get(url).query({ page: -1, size: 99999, sort: 'nope,asc' });
        break;
      case 'HEAD':
        req = agent.head(url);
        break;
      case 'POST':
        req = agent.post(url).send([]);
        break;
      case 'PUT':
        req = agent.put(url).send([]);
        break;
      case 'PATCH':
        req = agent.patch(url).send([]);
        break;
      case 'DELETE':
        req = agent.delete(url).send({});
        break;
      case 'OPTIONS':
        req = agent.options(url);
        break;
      default:
        throw new Error(`unsupported method ${route.method} for ${route.path}`);
    }
    if (token) req = req.set('Authorization', bearer(token));
    return req.then((res) => res);
  };

  /** Runs `check` on every route and reports all offenders in one failure. */
  const sweep = async (list: RouteInfo[], token: string | undefined, check: (res: Response) => boolean): Promise<string[]> => {
    const bad: string[] = [];
    for (const route of list) {
      const res = await call(route, token);
      if (!check(res)) bad.push(`${route.method} ${route.path} (${route.handler}) → ${res.status} ${JSON.stringify(res.body)}`);
    }
    return bad;
  };

  beforeAll(async () => {
    t = await createTestApp();
    routes = collectRoutes(t.app);
    admin = await t.login('admin');
    await t.createUser({ username: 'noperm', nickName: '无权限用户', enabled: true, roles: [] }, admin);
    nobody = await t.login('noperm');
  });
  afterAll(() => t.close());

  it('discovers the routes of the app', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /auth/login', 'GET /auth/info', 'GET /api/users', 'DELETE /api/users', 'GET /api/job', 'GET /api/health']));
    expect(routes.find((r) => r.path === '/api/users' && r.method === 'GET')?.rule).toEqual({ kind: 'permissions', codes: ['user:list'] });
  });

  it('speaks one permission vocabulary: every code a handler requires is in it, and it is exactly the codes of the seeded menus', async () => {
    const rows: Array<{ permission: string }> = await t.app.get(DataSource).query("SELECT permission FROM sys_menu WHERE permission IS NOT NULL AND permission <> ''");
    const seeded = new Set(rows.flatMap((r) => r.permission.split(',').map((c) => c.trim())).filter((c) => c && c !== ADMIN_PERMISSION));
    const vocabulary = new Set<string>(PERMISSIONS);
    const declared = new Set(routes.flatMap((r) => (r.rule?.kind === 'permissions' ? r.rule.codes : [])));
    expect(declared.size).toBeGreaterThan(40);
    expect([...declared].filter((c) => !vocabulary.has(c))).toEqual([]);
    expect([...declared].filter((c) => !seeded.has(c))).toEqual([]);
    expect([...vocabulary].filter((c) => !seeded.has(c))).toEqual([]);
    expect([...seeded].filter((c) => !vocabulary.has(c)).sort()).toEqual([]);
  });

  it('every registered route declares an access rule', () => {
    expect(undeclared(routes)).toEqual([]);
  });

  it('discovery sees every route the HTTP server answers', () => {
    const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const unknown = expressRoutes(t.app).filter((key) => !known.has(key) && !DOCS_ROUTE.test(key));
    expect(unknown).toEqual([]);
  });

  it('the user without roles holds no permission', async () => {
    const info = await t.http().get('/auth/info').set('Authorization', bearer(nobody));
    expect(info.status).toBe(200);
    expect(info.body.roles).toEqual([]);
  });

  it('answers 401 {status, message} without a token on every non-public route, before validation', async () => {
    const guarded = routes.filter((r) => r.rule && r.rule.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    const bad = await sweep(guarded, undefined, (res) => res.status === 401 && res.body.status === 401 && typeof res.body.message === 'string' && res.body.message.length > 0);
    expect(bad).toEqual([]);
  });

  it('answers 403 on every permission route to a user holding none of its codes, before validation', async () => {
    const restricted = routes.filter((r) => r.rule?.kind === 'permissions');
    expect(restricted.length).toBeGreaterThan(5);
    const bad = await sweep(restricted, nobody, (res) => res.status === 403 && res.body.status === 403 && typeof res.body.message === 'string');
    expect(bad).toEqual([]);
  });

  it('lets any logged-in user through the guard on authenticated routes', async () => {
    const open = routes.filter((r) => r.rule?.kind === 'authenticated');
    const bad = await sweep(open, nobody, (res) => res.status !== 401 && !(res.status === 403 && res.body.message === '没有权限执行此操作') && res.status < 500);
    expect(bad).toEqual([]);
  });

  it('lets the admin through the guard everywhere, and bad input never ends in 500', async () => {
    const guarded = routes.filter((r) => r.rule && r.rule.kind !== 'public');
    const bad = await sweep(guarded, admin, (res) => res.status !== 401 && !(res.status === 403 && res.body.message === '没有权限执行此操作') && res.status < 500);
    expect(bad).toEqual([]);
  });
});

describe('permission matrix self-check', () => {
  const silent: LoggerService = { log: () => undefined, error: () => undefined, warn: () => undefined };

  @Controller('probe')
  class ProbeController {
    @Public()
    @Get('declared')
    declared() {
      return 'ok';
    }

    @Post(['forgotten', 'forgotten/:id'])
    forgotten() {
      return 'oops';
    }
  }

  it('reports a route without an access rule', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).setLogger(silent).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const routes = collectRoutes(app);
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /probe/declared', 'POST /probe/forgotten', 'POST /probe/forgotten/:id']);
      expect(undeclared(routes)).toEqual(['POST /probe/forgotten (ProbeController.forgotten)', 'POST /probe/forgotten/:id (ProbeController.forgotten)']);
      expect(expressRoutes(app)).toEqual(['GET /probe/declared', 'POST /probe/forgotten', 'POST /probe/forgotten/:id']);
      expect(concrete('/api/x/:id/y/:name')).toBe('/api/x/1/y/1');
    } finally {
      await app.close();
    }
  });
});

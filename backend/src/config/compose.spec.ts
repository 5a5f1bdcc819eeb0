import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docker-compose.yml against the code it deploys (CI also parses it with `docker-compose config`,
 * which checks the syntax but not these). The file is read line by line: its layout is ours, and a
 * change of layout fails here with the part that was not found.
 */
const repo = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const compose = read('docker-compose.yml');

/** The lines of the block that starts at the line matching `start`, up to the next line indented as much or less. */
function block(text: string, start: RegExp): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => start.test(l));
  if (at < 0) throw new Error(`docker-compose.yml: no line matching ${String(start)}`);
  const indent = lines[at].search(/\S/);
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() && line.search(/\S/) <= indent) break;
    out.push(line);
  }
  return out;
}

/** `KEY: value` pairs of a block (comments skipped). */
function mapping(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines) {
    const m = /^\s+([A-Za-z_][A-Za-z0-9_]*):\s*(.*?)\s*(#.*)?$/.exec(line);
    if (m && !line.trim().startsWith('#')) out.set(m[1], m[2]);
  }
  return out;
}

describe('docker-compose.yml', () => {
  const env = mapping(block(compose, /^\s+environment: &horizon-env\s*$/));

  it('passes the app only variables it reads (each documented in .env.example)', () => {
    const example = read('.env.example');
    expect(env.size).toBeGreaterThan(10);
    const unknown = [...env.keys()].filter((key) => !new RegExp(`^#? ?${key}=`, 'm').test(example));
    expect(unknown).toEqual([]);
  });

  it('runs the API replicas as producers and the worker as the consumer of the queues', () => {
    const api = block(compose, /^ {2}api:\s*$/).join('\n');
    const worker = block(compose, /^ {2}worker:\s*$/).join('\n');
    expect(api).toMatch(/QUEUE_CONSUME: "false"/);
    expect(api).toMatch(/replicas: [2-9]/);
    expect(worker).toContain('command: ["node", "backend/dist/worker.js"]');
    expect(existsSync(join(repo, 'backend/src/worker.ts'))).toBe(true);
    // the image's HEALTHCHECK asks :8000, which the worker does not serve: its own check asks its
    // metrics listener's liveness, on the METRICS_PORT it is given (docs/operations.md)
    const metricsPort = /METRICS_PORT: "(\d+)"/.exec(worker)?.[1];
    expect(metricsPort).toBeDefined();
    expect(worker).toMatch(new RegExp(`healthcheck:\\s*\\n\\s+test: \\["CMD", "curl", "-fs", "http://127\\.0\\.0\\.1:${metricsPort}/health"\\]`));
    expect(worker).not.toMatch(/127\.0\.0\.1:8000/);
  });

  it('checks the API replicas by readiness, drains them before a kill, and keeps the metrics off the public door', () => {
    const api = block(compose, /^ {2}api:\s*$/).join('\n');
    expect(api).toContain('test: ["CMD", "curl", "-fs", "http://127.0.0.1:8000/api/health/ready"]');
    expect(read('docker/Dockerfile')).toContain('http://127.0.0.1:8000/api/health/ready');
    expect(block(compose, /^ {2}nginx:\s*$/).join('\n')).toMatch(/api: \{ condition: service_healthy \}/);
    // SHUTDOWN_DELAY_MS (0) + SHUTDOWN_TIMEOUT_MS + Nest's hooks (≤ 5 s) must fit before Docker kills
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    const timeout = Number(/SHUTDOWN_TIMEOUT_MS: \$\{SHUTDOWN_TIMEOUT_MS:-(\d+)\}/.exec(compose)?.[1]);
    expect(grace * 1000).toBeGreaterThanOrEqual(timeout + 5_000);
    expect(read('docker/nginx.conf')).toMatch(/location ~\* \^\/api\/metrics \{\s*deny all;\s*\}/);
  });

  it('points nginx at the port the image serves, and the API trusts it as a proxy', () => {
    const dockerfile = read('docker/Dockerfile');
    const nginx = read('docker/nginx.conf');
    const port = /ENV [^\n]*\bPORT=(\d+)/.exec(dockerfile)?.[1];
    expect(port).toBeDefined();
    expect(nginx).toContain(`server api:${port} `);
    expect(block(compose, /^ {2}api:\s*$/).join('\n')).toContain(`expose: ["${port}"]`);
    expect(dockerfile).toContain('CMD ["node", "backend/dist/main.js"]');
    // nginx is another container: the default (loopback) would make every user nginx's address
    expect(env.get('TRUST_PROXY')).toMatch(/uniquelocal/);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });
});

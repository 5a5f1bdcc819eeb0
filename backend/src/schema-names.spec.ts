import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The OpenAPI document names a schema after its class, so two exported classes of one name (say a
 * `JobDto` of the jobs module and one of the exchange module) silently become one schema: the
 * generated frontend types of one module then describe the other's payload. Every exported class
 * name is unique across the backend sources.
 */
const SRC = __dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : files(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('exported class names', () => {
  it('are unique across the backend (OpenAPI schema names)', () => {
    const seen = new Map<string, string[]>();
    for (const path of files(SRC)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/^export (?:abstract )?class (\w+)/gm)) {
        seen.set(m[1], [...(seen.get(m[1]) ?? []), relative(SRC, path)]);
      }
    }
    const duplicates = [...seen].filter(([, where]) => where.length > 1).map(([name, where]) => `${name}: ${where.join(', ')}`);
    expect(seen.size).toBeGreaterThan(100);
    expect(duplicates).toEqual([]);
  });
});

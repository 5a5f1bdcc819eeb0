import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * "Only the owner writes a table" (docs/architecture.md, tables by owning module), checked on the
 * source: every INSERT / UPDATE / DELETE statement of a module (or the kernel) names a table that
 * module (or the kernel) declares with `@Entity` or a `@JoinTable`. Reads may join other modules'
 * tables; deletions that reach across go through the kernel's RemovalHooks. `modules/seed` (demo
 * data of every module, run once on an empty database) is the one declared exception.
 */
const SRC = __dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : files(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** `modules/<m>/…` → `<m>`; `common/…` → `kernel`; else undefined (composition root, config). */
function ownerOf(path: string): string | undefined {
  const parts = relative(SRC, path).split(sep);
  if (parts[0] === 'modules') return parts[1];
  if (parts[0] === 'common') return 'kernel';
  return undefined;
}

const all = files(SRC);
const declared = new Map<string, string>();
for (const path of all) {
  const owner = ownerOf(path);
  if (!owner) continue;
  const text = readFileSync(path, 'utf8');
  for (const m of text.matchAll(/@Entity\('(\w+)'\)|@JoinTable\(\{\s*name:\s*'(\w+)'/g)) declared.set(m[1] ?? m[2], owner);
}

/** Tables kept by SQL alone (no entity): trigger-maintained counters and the like, by owner. */
const WITHOUT_ENTITY: Record<string, string> = { news_stats: 'news' };

describe('table ownership', () => {
  it('finds the declared tables', () => {
    expect(declared.size).toBeGreaterThan(30);
    expect(declared.get('sys_session')).toBe('kernel');
    expect(declared.get('sys_user')).toBe('users');
  });

  it('every write names a table its own module declares', () => {
    const foreign: string[] = [];
    for (const path of all) {
      const owner = ownerOf(path);
      if (!owner || owner === 'seed') continue;
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+"?([a-z][a-z0-9_]*)"?/g)) {
        const table = m[1];
        const tableOwner = declared.get(table) ?? WITHOUT_ENTITY[table];
        // a word that is no table (ON CONFLICT DO UPDATE SET, FOR UPDATE OF …, prose in comments)
        if (!tableOwner) continue;
        if (tableOwner !== owner) foreign.push(`${relative(SRC, path)} writes ${table} (owner: ${tableOwner ?? 'none'})`);
      }
    }
    expect(foreign).toEqual([]);
  });
});

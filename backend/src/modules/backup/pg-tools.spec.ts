import { parseVersion, resolvePgTools, splitPassword } from './pg-tools.js';

describe('backup: pg tools', () => {
  it('reads pg_dump --version', () => {
    expect(parseVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual([15, '15.20']);
    expect(parseVersion('pg_dump (PostgreSQL) 17.2\n')).toEqual([17, '17.2']);
    expect(parseVersion('something else')).toBeUndefined();
  });

  it('keeps the password out of the URL (it goes into PGPASSWORD)', () => {
    expect(splitPassword('postgres://postgres:s%40cret@127.0.0.1:5433/horizon')).toEqual({ url: 'postgres://postgres@127.0.0.1:5433/horizon', password: 's@cret' });
    expect(splitPassword('postgres://postgres@127.0.0.1:5432/test')).toEqual({ url: 'postgres://postgres@127.0.0.1:5432/test', password: undefined });
  });

  it('refuses a pg_dump older than the server, and says how to get one', async () => {
    const found = await resolvePgTools('/nonexistent', 99);
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.reason).toMatch(/pg_dump/);
  });
});

import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with argon2id, salted', async () => {
    const a = await hashPassword('Secret@123');
    const b = await hashPassword('Secret@123');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret@123');
  });

  it('verifies the right password only', async () => {
    const hashed = await hashPassword('Secret@123');
    expect(await verifyPassword(hashed, 'Secret@123')).toBe(true);
    expect(await verifyPassword(hashed, 'secret@123')).toBe(false);
    expect(await verifyPassword(hashed, '')).toBe(false);
  });

  it('answers false (never throws) for a malformed hash', async () => {
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('$2a$10$abcdefghijklmnopqrstuv', 'x')).toBe(false);
  });
});

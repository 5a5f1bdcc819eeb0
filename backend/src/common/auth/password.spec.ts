import { generatePassword, hashPassword, verifyPassword } from './password.js';

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

describe('generatePassword', () => {
  it('gives 14 characters by default, never fewer than 12, with lower, upper, digit and symbol', () => {
    expect(generatePassword()).toHaveLength(14);
    expect(generatePassword(4)).toHaveLength(12);
    expect(generatePassword(20)).toHaveLength(20);
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(p).not.toMatch(/[0O1lIo\s]/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 500 }, () => generatePassword()));
    expect(seen.size).toBe(500);
  });
});

import { constants, createPublicKey, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { encryptWithPublicKey, RsaService } from './rsa.service.js';
import type { SettingsStore } from './settings.store.js';

const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('RsaService', () => {
  let rsa: RsaService;

  beforeAll(async () => {
    rsa = new RsaService({ rsaPrivateKey: pem() } as AppConfig, {} as SettingsStore);
    await rsa.onModuleInit();
  });

  const rejection = (fn: () => unknown): DomainException => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainException);
      return e as DomainException;
    }
    throw new Error('expected a DomainException');
  };

  it('publishes a 2048-bit SPKI public key', () => {
    expect(rsa.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(createPublicKey(rsa.publicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('decrypts what a client encrypts with RSA-OAEP-SHA256, UTF-8 included', () => {
    for (const plain of ['Admin@test1', '密码：中文 ✓', 'x'.repeat(190)]) {
      const cipher = encryptWithPublicKey(rsa.publicKey, plain);
      expect(cipher).not.toContain(plain);
      expect(rsa.decrypt(cipher)).toBe(plain);
    }
    expect(rsa.decrypt(rsa.encrypt('same'))).toBe('same');
    expect(rsa.encrypt('same')).not.toBe(rsa.encrypt('same'));
  });

  it('refuses plain text and non-strings, naming the field', () => {
    for (const value of ['Admin@test1', '', 12345, null, undefined, { a: 1 }, 'A'.repeat(299)]) {
      const e = rejection(() => rsa.decrypt(value));
      expect(e).toMatchObject({ status: 400, code: ErrorCode.PasswordEncoding, message: '密码必须使用公钥加密后传输' });
    }
    expect(rejection(() => rsa.decrypt('plain', '旧密码')).message).toBe('旧密码必须使用公钥加密后传输');
  });

  it('refuses a ciphertext of another key or another padding', () => {
    const other = createPublicKey(pem()).export({ type: 'spki', format: 'pem' }).toString();
    expect(rejection(() => rsa.decrypt(encryptWithPublicKey(other, 'x'))).message).toBe('密码解密失败，请刷新页面后重试');
    const pkcs1 = publicEncrypt({ key: rsa.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('x')).toString('base64');
    expect(rejection(() => rsa.decrypt(pkcs1)).code).toBe(ErrorCode.PasswordEncoding);
    expect(rejection(() => rsa.decrypt(Buffer.alloc(256, 1).toString('base64'), '新密码')).message).toBe('新密码解密失败，请刷新页面后重试');
  });

  it('generates and persists a key pair when none is configured', async () => {
    const getOrCreate = jest.fn(async (_key: string, create: () => string) => create());
    const generated = new RsaService({} as AppConfig, { getOrCreate } as unknown as SettingsStore);
    await generated.onModuleInit();
    expect(getOrCreate).toHaveBeenCalledWith('rsa.private_key', expect.any(Function));
    expect(createPublicKey(generated.publicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(generated.decrypt(generated.encrypt('ok'))).toBe('ok');
  });
});

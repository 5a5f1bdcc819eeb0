import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { encryptPassword } from './rsa';

describe('encryptPassword', () => {
  it('produces what the server decrypts with OAEP + SHA-256 (hash and MGF1)', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const cipher = encryptPassword('密码 Passw0rd!', pem);
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipher, 'base64'),
    ).toString('utf8');
    expect(plain).toBe('密码 Passw0rd!');
    expect(cipher.length).toBeGreaterThanOrEqual(300); // the server rejects anything shorter
  });
});

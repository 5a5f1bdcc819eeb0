import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { SettingsStore } from './settings.store.js';

/**
 * Password transport: clients encrypt with the public key, base64(RSA-OAEP-SHA256(plain)).
 * The 2048-bit key pair is generated once per deployment (or given as RSA_PRIVATE_KEY).
 */
@Injectable()
export class RsaService implements OnModuleInit {
  private privateKeyPem: string;
  private publicKeyPem: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.privateKeyPem =
      this.config.rsaPrivateKey ??
      (await this.settings.getOrCreate('rsa.private_key', () =>
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ));
    this.publicKeyPem = createPublicKey(createPrivateKey(this.privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
  }

  get publicKey(): string {
    return this.publicKeyPem;
  }

  /** Decrypts a password sent by a client; anything that is not our ciphertext is refused. */
  decrypt(cipherText: unknown, field = '密码'): string {
    if (typeof cipherText !== 'string' || !/^[A-Za-z0-9+/=\s]+$/.test(cipherText) || cipherText.length < 300) {
      throw DomainException.badRequest(`${field}必须使用公钥加密后传输`, ErrorCode.PasswordEncoding);
    }
    try {
      return privateDecrypt(
        { key: this.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipherText, 'base64'),
      ).toString('utf8');
    } catch {
      throw DomainException.badRequest(`${field}解密失败，请刷新页面后重试`, ErrorCode.PasswordEncoding);
    }
  }

  /** For tests and scripts: what a client does. */
  encrypt(plain: string): string {
    return encryptWithPublicKey(this.publicKeyPem, plain);
  }
}

export function encryptWithPublicKey(publicKeyPem: string, plain: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain, 'utf8')).toString('base64');
}

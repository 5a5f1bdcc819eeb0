import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SettingsStore } from '../../common/auth/settings.store.js';
import { fingerprintOf } from './package-format.js';

/** Setting key of this installation's Ed25519 private key (PKCS#8 PEM), shared by every replica. */
const SETTING = 'exchange.ed25519_private_key';

export interface OwnKey {
  privateKey: KeyObject;
  publicKey: string;
  fingerprint: string;
}

/**
 * This installation's package-signing key (docs/collect-design.md §8.1): Ed25519, generated on first
 * use and kept in the kernel's SettingsStore like the RSA transport key.
 */
@Injectable()
export class ExchangeKeys {
  private cached?: Promise<OwnKey>;

  constructor(private readonly settings: SettingsStore) {}

  own(): Promise<OwnKey> {
    this.cached ??= this.settings
      .getOrCreate(SETTING, () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())
      .then((pem) => {
        const privateKey = createPrivateKey(pem);
        const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
        return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey) };
      });
    this.cached.catch(() => (this.cached = undefined));
    return this.cached;
  }
}

// Password transport: base64(RSA-OAEP(SHA-256, MGF1-SHA-256)) with the server's public key.
// node-forge rather than WebCrypto: crypto.subtle does not exist on plain-http intranet origins.
import forge from 'node-forge';

export function encryptPassword(plain: string, publicKeyPem: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Small secrets kept encrypted at rest (AES-256-GCM, a fresh nonce each time): a copy of the
 * database alone does not give away administrators' second factors. Node's crypto does the work;
 * this only packs nonce, tag and text into one string (or, for files, one buffer).
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes');
  /** nonce (12 bytes), tag (16), then the encrypted bytes. */
  const sealBytes = (plain: Uint8Array): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const text = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), text]);
  };
  /** Throws when the bytes were not sealed under this key or were changed since. */
  const openBytes = (sealed: Uint8Array): Buffer => {
    const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
  };
  return {
    seal: (plain: string): string => sealBytes(Buffer.from(plain, 'utf8')).toString('base64url'),
    open: (sealed: string): string => openBytes(Buffer.from(sealed, 'base64url')).toString('utf8'),
    /** Files (a resident's documents): the same sealing, kept as bytes (BLOB, bytea). */
    sealBytes,
    openBytes,
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

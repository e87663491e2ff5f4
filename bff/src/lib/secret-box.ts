import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Small secrets kept encrypted at rest (AES-256-GCM, a fresh nonce each time): a copy of the
 * database alone does not give away administrators' second factors. Node's crypto does the work;
 * this only packs nonce, tag and text into one string.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
    },
    open(sealed: string): string {
      const data = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

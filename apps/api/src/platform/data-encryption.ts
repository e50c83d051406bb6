// Secrets the product must read back (authenticator-app secrets) are kept in the database sealed with
// AES-256-GCM under a key that lives outside it (DATA_ENCRYPTION_KEY, decision 0050): a copy of the
// database alone does not give anyone the codes of staff accounts. Each value is bound to where it
// belongs (its `context`, e.g. the account), so a sealed value moved to another row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The clear value of a sealed one; a value stored before sealing existed comes back as it is. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
}

export class SealedValueError extends Error {}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== DATA_KEY_BYTES) throw new Error(`the data encryption key must be ${DATA_KEY_BYTES} bytes`);
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    isSealed,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // Another key (DATA_ENCRYPTION_KEY changed) or a value moved from another row.
        throw new SealedValueError('sealed value does not open with this key and context');
      }
    },
  };
}

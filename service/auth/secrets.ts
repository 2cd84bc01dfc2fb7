/** Secrets are random, high-entropy strings: a sha256 digest is a sufficient stored form. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(prefix: 'xaat-' | 'xapt-'): string {
  return prefix + randomBytes(24).toString('base64url');
}

export function sha256(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two digests (equal length hex) without an early exit. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

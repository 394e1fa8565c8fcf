import crypto from 'node:crypto'
import argon2 from 'argon2'

/**
 * Password hashing with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane):
 * about 30 ms a hash on one core here. Hashes carry their parameters, so raising the cost
 * later rehashes each password at its owner's next login (needsRehash).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS)
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, OPTIONS)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password. Without a stored hash (unknown email) it still does the same work
 * against a throw-away hash, so the answer takes as long as for a wrong password.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
    await argon2.verify(await dummyHash, password)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    // A malformed stored hash never lets anyone in.
    return false
  }
}

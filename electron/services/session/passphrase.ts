// A person's passphrase as a project keeps it: scrypt (node:crypto) over a random salt of its own,
// with its parameters stored beside the hash so that stronger ones can come later without breaking
// what is stored. Compared in constant time. The passphrase itself is never stored or logged.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** N = 2^15, r = 8, p = 1: some 32 MiB and a few tens of milliseconds per check. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

// What a stored value may ask for: a project file is data, and its parameters must not exhaust memory.
const MAX_N = 2 ** 16;
const MAX_R = 16;

const storedSchema = z
  .object({
    algorithm: z.literal('scrypt'),
    N: z
      .number()
      .int()
      .min(2)
      .max(MAX_N)
      .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
    r: z.number().int().min(1).max(MAX_R),
    p: z.number().int().min(1).max(4),
    salt: z.string().base64().min(4).max(200),
    // a key of 16 to 128 bytes
    hash: z.string().base64().min(24).max(172),
  })
  .strict();

type Stored = z.infer<typeof storedSchema>;

/** The same passphrase typed on another keyboard (é as one character, or e and an accent) is one passphrase. */
const normalized = (passphrase: string): string => passphrase.normalize('NFC');

function derive(passphrase: string, salt: Buffer, params: Pick<Stored, 'N' | 'r' | 'p'>, keyLength: number): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that for N=2^15, r=8 and refuses it
  const maxmem = 2 * 128 * params.N * params.r;
  return new Promise((resolve, reject) => {
    scrypt(normalized(passphrase), salt, keyLength, { N: params.N, r: params.r, p: params.p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** What the people table's passphrase column holds for this passphrase (JSON). */
export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = await derive(passphrase, salt, SCRYPT, SCRYPT.keyLength);
  const stored: Stored = { algorithm: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64'), hash: hash.toString('base64') };
  return JSON.stringify(stored);
}

/** Whether `given` is the passphrase `stored` was made from. A stored value that cannot be read is an error, not a mismatch. */
export async function passphraseMatches(stored: string, given: string): Promise<boolean> {
  let parsed: Stored;
  try {
    parsed = storedSchema.parse(JSON.parse(stored));
  } catch {
    throw new Error('A stored passphrase is not in the form Tidemark keeps (scrypt with N, r, p, salt and hash, N at most 2^16).');
  }
  const expected = Buffer.from(parsed.hash, 'base64');
  const key = await derive(given, Buffer.from(parsed.salt, 'base64'), parsed, expected.length);
  return timingSafeEqual(key, expected);
}

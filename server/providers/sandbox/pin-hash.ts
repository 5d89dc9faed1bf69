import { randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/**
 * A card PIN as the simulated provider keeps it: "scrypt$<salt>$<hash>" (base64url). Four
 * digits are 10,000 guesses whatever the hash, so the salt and scrypt's cost only keep a
 * leaked table from being read off at a glance; the PIN itself never leaves the secure page.
 */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(pin, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(pin, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

/** As upstream: a card created without a PIN gets a random one. */
export function randomPin(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}

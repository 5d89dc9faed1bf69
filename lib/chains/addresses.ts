import { bech32, bech32m } from "bech32";
import { Network, validate as validateBitcoin } from "bitcoin-address-validation";
import bs58 from "bs58";
import { bytesToHex, getAddress, isAddress, sha256 } from "viem";
import { ADDRESS_FORMATS, type AddressFormat, type ChainId, CHAINS } from "./chains";

/**
 * Blockchain address validation with the real encodings (docs/crypto.md "Chains and address
 * formats"), shared by screening, swaps and the crypto gateway:
 * - evm: 0x + 40 hex (viem); mixed case must carry a valid EIP-55 checksum.
 * - bitcoin: base58 P2PKH/P2SH and bech32/bech32m segwit, mainnet (bitcoin-address-validation).
 * - litecoin: base58check with version 0x30 (L), 0x32 (M) or 0x05 (3), or bech32/bech32m "ltc1".
 * - solana: base58 of a 32-byte public key (bs58).
 * - tron: base58check of 21 bytes starting 0x41 (T...).
 */

export type AddressCheck = { valid: true; normalized: string } | { valid: false; reason: string };

function doubleSha256(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes, "bytes"), "bytes");
}

/** base58check payload (without its 4-byte checksum), or null when the text or checksum is wrong. */
export function decodeBase58Check(text: string): Uint8Array | null {
  let raw: Uint8Array;
  try {
    raw = bs58.decode(text);
  } catch {
    return null;
  }
  if (raw.length < 5) return null;
  const payload = raw.slice(0, -4);
  const checksum = doubleSha256(payload).slice(0, 4);
  return checksum.every((b, i) => b === raw[raw.length - 4 + i]) ? payload : null;
}

export function encodeBase58Check(payload: Uint8Array): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(doubleSha256(payload).slice(0, 4), payload.length);
  return bs58.encode(out);
}

function checkEvm(address: string): AddressCheck {
  if (!isAddress(address, { strict: false }))
    return { valid: false, reason: "not 0x followed by 40 hexadecimal digits" };
  // EIP-55: all-lowercase or all-uppercase hex carries no checksum; mixed case must match it.
  const hex = address.slice(2);
  if (hex !== hex.toUpperCase() && !isAddress(address, { strict: true }))
    return { valid: false, reason: "mixed case with a wrong EIP-55 checksum" };
  return { valid: true, normalized: address.toLowerCase() };
}

function checkBitcoin(address: string): AddressCheck {
  return validateBitcoin(address, Network.mainnet)
    ? { valid: true, normalized: /^bc1/i.test(address) ? address.toLowerCase() : address }
    : { valid: false, reason: "not a mainnet base58 or bech32/bech32m Bitcoin address" };
}

const LITECOIN_VERSIONS = new Set([0x30, 0x32, 0x05]);

function checkLitecoin(address: string): AddressCheck {
  if (/^ltc1/i.test(address)) {
    const lower = address.toLowerCase();
    for (const codec of [bech32, bech32m]) {
      const decoded = codec.decodeUnsafe(lower, 90);
      if (!decoded || decoded.prefix !== "ltc" || decoded.words.length === 0) continue;
      const version = decoded.words[0]!;
      // Witness v0 uses bech32, v1+ bech32m (BIP-350).
      if ((version === 0) !== (codec === bech32)) continue;
      const program = codec.fromWordsUnsafe(decoded.words.slice(1));
      if (program && program.length >= 2 && program.length <= 40) return { valid: true, normalized: lower };
    }
    return { valid: false, reason: "not a valid ltc1 bech32/bech32m address" };
  }
  const payload = decodeBase58Check(address);
  if (payload && payload.length === 21 && LITECOIN_VERSIONS.has(payload[0]!))
    return { valid: true, normalized: address };
  return { valid: false, reason: "not a Litecoin base58check (L, M, 3) or ltc1 address" };
}

function checkSolana(address: string): AddressCheck {
  if (address.length < 32 || address.length > 44)
    return { valid: false, reason: "not 32 to 44 base58 characters" };
  try {
    if (bs58.decode(address).length === 32) return { valid: true, normalized: address };
  } catch {
    return { valid: false, reason: "not base58" };
  }
  return { valid: false, reason: "does not decode to a 32-byte public key" };
}

function checkTron(address: string): AddressCheck {
  const payload = decodeBase58Check(address);
  if (payload && payload.length === 21 && payload[0] === 0x41) return { valid: true, normalized: address };
  return { valid: false, reason: "not a base58check address with the 0x41 prefix (T...)" };
}

const CHECKS: Record<AddressFormat, (address: string) => AddressCheck> = {
  evm: checkEvm,
  bitcoin: checkBitcoin,
  litecoin: checkLitecoin,
  solana: checkSolana,
  tron: checkTron,
};

export function checkAddress(format: AddressFormat, address: string): AddressCheck {
  return CHECKS[format](address.trim());
}

export function checkAddressOnChain(chain: ChainId, address: string): AddressCheck {
  return checkAddress(CHAINS[chain].format, address);
}

/** Every format the address is valid in (a P2SH "3..." address is both Bitcoin and Litecoin). */
export function detectAddressFormats(address: string): AddressFormat[] {
  return ADDRESS_FORMATS.filter((format) => checkAddress(format, address).valid);
}

/** The key an address is compared by: EVM and bech32 addresses case-insensitively, base58 exactly. */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  return /^0x[0-9a-f]{40}$/i.test(trimmed) || /^(bc1|ltc1)/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * A valid address of the format built from random (or derived) bytes: 20 for EVM/Tron/BTC/LTC, 32 for Solana.
 */
export function addressFromBytes(format: AddressFormat, bytes: Uint8Array): string {
  switch (format) {
    case "evm":
      return getAddress(bytesToHex(bytes.slice(0, 20)));
    case "tron":
      return encodeBase58Check(Uint8Array.from([0x41, ...bytes.slice(0, 20)]));
    case "bitcoin":
      return bech32.encode("bc", [0, ...bech32.toWords(bytes.slice(0, 20))]);
    case "litecoin":
      return bech32.encode("ltc", [0, ...bech32.toWords(bytes.slice(0, 20))]);
    case "solana":
      return bs58.encode(bytes.slice(0, 32));
  }
}

export function randomAddress(format: AddressFormat): string {
  return addressFromBytes(format, globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** A transaction hash written as the chain writes them (see isTxHashOf). */
export function randomTxHash(chain: ChainId): string {
  const format = CHAINS[chain].txHashFormat;
  if (format === "base58-sig") {
    const sig = globalThis.crypto.getRandomValues(new Uint8Array(64));
    sig[0] = sig[0]! | 0x80;
    return bs58.encode(sig);
  }
  const hex = bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  return format === "0x-hex64" ? hex : hex.slice(2);
}

import { describe, expect, it } from "vitest";
import { isServiceError } from "@/lib/errors";
import { addressKey, checkAddress, detectAddressFormats, randomAddress, randomTxHash } from "./addresses";
import { ADDRESS_FORMATS, CHAIN_IDS, isTxHashOf } from "./chains";
import { ADDRESS_FORMAT_NAMES, requireAddressOn, requireKnownAddress } from "./require-address";

const VALID = {
  evm: [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    "0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48",
  ],
  bitcoin: [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
  ],
  litecoin: ["LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb", "M8yFL6SFC6TreATegTyuSYkDfDRbisdpT3"],
  solana: ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "11111111111111111111111111111111"],
  tron: ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre"],
} as const;

describe("address formats", () => {
  for (const [format, samples] of Object.entries(VALID))
    for (const sample of samples)
      it(`${format}: ${sample} is valid`, () => {
        expect(checkAddress(format as keyof typeof VALID, sample)).toMatchObject({ valid: true });
      });

  it("rejects an EVM address whose mixed case breaks the EIP-55 checksum", () => {
    const check = checkAddress("evm", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB49".replace("eB49", "Eb48"));
    expect(check).toEqual({ valid: false, reason: "mixed case with a wrong EIP-55 checksum" });
  });
  it("rejects a Bitcoin address with one character changed (checksum)", () => {
    expect(checkAddress("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb").valid).toBe(false);
    expect(checkAddress("bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr").valid).toBe(false);
  });
  it("rejects a Tron address with a broken checksum or another prefix", () => {
    expect(checkAddress("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u").valid).toBe(false);
    // A Bitcoin P2PKH address is base58check too, but with version 0x00, not 0x41.
    expect(checkAddress("tron", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").valid).toBe(false);
  });
  it("rejects a Solana string that does not decode to 32 bytes", () => {
    expect(checkAddress("solana", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").valid).toBe(false);
    expect(checkAddress("solana", "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl").valid).toBe(false);
  });
  it("rejects a Litecoin address with a broken checksum", () => {
    expect(checkAddress("litecoin", "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfc").valid).toBe(false);
    expect(checkAddress("litecoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").valid).toBe(false);
  });
  it("finds the formats an address belongs to", () => {
    expect(detectAddressFormats("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toEqual(["tron"]);
    expect(detectAddressFormats("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")).toEqual(["evm"]);
    expect(detectAddressFormats("hello")).toEqual([]);
  });
  it("an address of no format is 422 INVALID_ADDRESS naming, in words, the formats it may be in", () => {
    try {
      requireKnownAddress("not-an-address");
      expect.unreachable();
    } catch (err) {
      expect(isServiceError(err) && err.code).toBe("INVALID_ADDRESS");
      const field = isServiceError(err) ? err.details?.[0]?.message : undefined;
      expect(field).toBe(
        "This is not an address we recognise. Enter an Ethereum-style (0x…), Bitcoin, Litecoin, " +
          "Solana or Tron address.",
      );
      for (const format of ADDRESS_FORMATS) expect(field).toContain(ADDRESS_FORMAT_NAMES[format]);
    }
  });
  it("a Tron address as an EVM recipient is refused, saying what it looks like", () => {
    expect(() => requireAddressOn("base", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "to_address")).toThrow(
      /not a valid Base address.*looks like a Tron address/,
    );
    expect(requireAddressOn("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "to_address")).toBe(
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
  });
  it("compares EVM and bech32 addresses case-insensitively, base58 exactly", () => {
    expect(addressKey("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")).toBe(
      "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    );
    expect(addressKey("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  });
  it("makes valid random addresses and chain-shaped transaction hashes", () => {
    for (const format of ADDRESS_FORMATS)
      for (let i = 0; i < 20; i++) expect(checkAddress(format, randomAddress(format)).valid).toBe(true);
    for (const chain of CHAIN_IDS)
      for (let i = 0; i < 20; i++) expect(isTxHashOf(chain, randomTxHash(chain))).toBe(true);
  });
});

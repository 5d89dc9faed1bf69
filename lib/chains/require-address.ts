import { ServiceError } from "@/lib/errors";
import { checkAddress, detectAddressFormats } from "./addresses";
import { ADDRESS_FORMATS, type ChainId, CHAINS } from "./chains";

/**
 * An address that must be valid in some known format: 422 INVALID_ADDRESS naming every format
 * tried. Returns the formats it is valid in.
 */
export function requireKnownAddress(address: string, path = "address") {
  const formats = detectAddressFormats(address);
  if (formats.length === 0)
    throw new ServiceError(
      "INVALID_ADDRESS",
      `Not an address of any known format (tried: ${ADDRESS_FORMATS.join(", ")}).`,
      { details: [{ path, message: `Tried: ${ADDRESS_FORMATS.join(", ")}.` }] },
    );
  return formats;
}

/**
 * An address that must be valid on this chain: 422 INVALID_ADDRESS saying why, and what it looks like
 * instead.
 */
export function requireAddressOn(chain: ChainId, address: string, path: string): string {
  const info = CHAINS[chain];
  const check = checkAddress(info.format, address);
  if (check.valid) return address.trim();
  const other = detectAddressFormats(address);
  const hint = other.length ? ` It looks like a ${other.join("/")} address.` : "";
  throw new ServiceError(
    "INVALID_ADDRESS",
    `${path} is not a valid ${info.name} address (${info.format}: ${check.reason}).${hint}`,
    { details: [{ path, message: `Tried ${info.format}: ${check.reason}.${hint}` }] },
  );
}

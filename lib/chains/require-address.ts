import { ServiceError } from "@/lib/errors";
import { checkAddress, detectAddressFormats } from "./addresses";
import { ADDRESS_FORMATS, type AddressFormat, type ChainId, CHAINS } from "./chains";

/** The address formats as a person names them (the ids stay in the API's data). */
export const ADDRESS_FORMAT_NAMES: Record<AddressFormat, string> = {
  evm: "Ethereum-style (0x…)",
  bitcoin: "Bitcoin",
  litecoin: "Litecoin",
  solana: "Solana",
  tron: "Tron",
};

function listOfFormats(formats: readonly AddressFormat[]): string {
  const names = formats.map((f) => ADDRESS_FORMAT_NAMES[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * An address that must be valid in some known format: 422 INVALID_ADDRESS naming, in words, the
 * formats it may be in. Returns the formats it is valid in.
 */
export function requireKnownAddress(address: string, path = "address") {
  const formats = detectAddressFormats(address);
  if (formats.length === 0)
    throw new ServiceError(
      "INVALID_ADDRESS",
      `Not an address we recognise: enter an ${listOfFormats(ADDRESS_FORMATS)} address.`,
      {
        details: [
          {
            path,
            message: `This is not an address we recognise. Enter an ${listOfFormats(ADDRESS_FORMATS)} address.`,
          },
        ],
      },
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
  const hint = other.length ? ` It looks like a ${listOfFormats(other)} address.` : "";
  throw new ServiceError(
    "INVALID_ADDRESS",
    `${path} is not a valid ${info.name} address (${info.format}: ${check.reason}).${hint}`,
    { details: [{ path, message: `This is not a ${info.name} address.${hint}` }] },
  );
}

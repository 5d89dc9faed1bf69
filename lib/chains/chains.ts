/**
 * The chains the service knows (docs/crypto.md "Chains and address formats"): which address
 * format each uses, how its transaction hashes look and where an explorer shows them. Shared by
 * address validation, screening, swaps, the crypto gateway and the dashboard's explorer links.
 */

export const ADDRESS_FORMATS = ["evm", "bitcoin", "litecoin", "solana", "tron"] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export const CHAIN_IDS = [
  "ethereum",
  "gnosis",
  "polygon",
  "arbitrum",
  "base",
  "solana",
  "tron",
  "bitcoin",
  "litecoin",
] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

/**
 * How a chain writes a transaction hash: 0x + 64 hex (EVM), 64 hex (Tron, Bitcoin), base58 signature
 * (Solana).
 */
export type TxHashFormat = "0x-hex64" | "hex64" | "base58-sig";

export interface ChainInfo {
  id: ChainId;
  name: string;
  format: AddressFormat;
  txHashFormat: TxHashFormat;
  /** Explorer page of a transaction: the hash replaces {hash}. */
  explorerTx: string;
}

const evm = (id: ChainId, name: string, host: string): ChainInfo => ({
  id,
  name,
  format: "evm",
  txHashFormat: "0x-hex64",
  explorerTx: `https://${host}/tx/{hash}`,
});

export const CHAINS: Readonly<Record<ChainId, ChainInfo>> = {
  ethereum: evm("ethereum", "Ethereum", "etherscan.io"),
  gnosis: evm("gnosis", "Gnosis", "gnosisscan.io"),
  polygon: evm("polygon", "Polygon", "polygonscan.com"),
  arbitrum: evm("arbitrum", "Arbitrum One", "arbiscan.io"),
  base: evm("base", "Base", "basescan.org"),
  solana: {
    id: "solana",
    name: "Solana",
    format: "solana",
    txHashFormat: "base58-sig",
    explorerTx: "https://solscan.io/tx/{hash}",
  },
  tron: {
    id: "tron",
    name: "Tron",
    format: "tron",
    txHashFormat: "hex64",
    explorerTx: "https://tronscan.org/#/transaction/{hash}",
  },
  bitcoin: {
    id: "bitcoin",
    name: "Bitcoin",
    format: "bitcoin",
    txHashFormat: "hex64",
    explorerTx: "https://mempool.space/tx/{hash}",
  },
  litecoin: {
    id: "litecoin",
    name: "Litecoin",
    format: "litecoin",
    txHashFormat: "hex64",
    explorerTx: "https://litecoinspace.org/tx/{hash}",
  },
};

export function isChainId(value: string): value is ChainId {
  return (CHAIN_IDS as readonly string[]).includes(value);
}

export function explorerTxUrl(chain: ChainId, hash: string): string {
  return CHAINS[chain].explorerTx.replace("{hash}", encodeURIComponent(hash));
}

const TX_HASH_PATTERN: Record<TxHashFormat, RegExp> = {
  "0x-hex64": /^0x[0-9a-f]{64}$/,
  hex64: /^[0-9a-f]{64}$/,
  "base58-sig": /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
};

/** Whether a hash is written the way this chain writes transaction hashes. */
export function isTxHashOf(chain: ChainId, hash: string): boolean {
  return TX_HASH_PATTERN[CHAINS[chain].txHashFormat].test(hash);
}

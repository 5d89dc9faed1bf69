/** API permission scopes; what each grants: docs/api-scopes.md. */
export const SCOPES = ["read", "write", "transactions", "webhooks"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_MEANINGS: Record<Scope, string> = {
  read: "Read-only access to account data, balances and transaction history.",
  write: "Create accounts and assets; configure platform settings.",
  transactions: "Initiate and manage fund transfers.",
  webhooks: "Create, update and delete webhook subscriptions.",
};

export const ROLES = ["admin", "operator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** A user token acts with its role's scopes. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  operator: ["read", "write", "transactions"],
  viewer: ["read"],
};

export const ROLE_RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

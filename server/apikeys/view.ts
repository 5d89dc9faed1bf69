import type { ApiKeyView } from "@/lib/contracts/api-keys";
import type { apiKeys } from "@/server/db/schema/apikeys";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public form of a key: never the secret or its hash. */
export function apiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    api_key: row.apiKey,
    permissions: row.permissions,
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    created_at: row.createdAt.toISOString(),
    rotated_at: iso(row.rotatedAt),
    revoked_at: iso(row.revokedAt),
    status: row.status,
  };
}

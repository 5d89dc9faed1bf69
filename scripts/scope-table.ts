// Prints docs/api-scopes.md from the route declarations: npx tsx scripts/scope-table.ts > docs/api-scopes.md
import { createApiApp } from "@/server/api/app";
import { scopeTable } from "@/server/api/scope-table";
import { documentCache } from "@/server/http/openapi";

process.stdout.write(scopeTable(JSON.parse(documentCache(createApiApp())())));

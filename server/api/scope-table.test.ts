import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentCache } from "@/server/http/openapi";
import { createApiApp } from "./app";
import { scopeTable } from "./scope-table";

describe("docs/api-scopes.md", () => {
  const doc = JSON.parse(documentCache(createApiApp())());

  it("lists every endpoint with the credential its declaration requires", () => {
    const file = readFileSync(path.resolve(import.meta.dirname, "../../docs/api-scopes.md"), "utf8");
    expect(file).toBe(scopeTable(doc));
  });

  it("declares a credential for every operation", () => {
    for (const [p, ops] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [m, op] of Object.entries(ops)) {
        const declared =
          Boolean(op["x-required-scope"]) || op["x-user-token-only"] === true || op["x-public"] === true;
        expect(declared, `${m.toUpperCase()} ${p}`).toBe(true);
      }
    }
    expect(doc.paths["/api/apikey/create"].post["x-user-token-only"]).toBe(true);
    expect(doc.paths["/api/v1/me"].get["x-required-scope"]).toBe("read");
  });
});

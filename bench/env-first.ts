/**
 * Every bench's first import (a side-effect import, which the import order keeps first): with
 * DATABASE_URL set and no ENCRYPTION_KEY / AUTH_SECRET given, a pair is made here, before any
 * module of the app reads the environment. Set later, in the bench's own code, it came too late:
 * imports run first, and the environment read on the way was kept (lib/env.ts parses it once).
 * The bench's app processes inherit the pair, so they decrypt what the bench sealed.
 */
import { randomBytes } from "node:crypto";
import { env, setEnvForTests } from "@/lib/env";

const given = env();
if (given.DATABASE_URL && !(given.ENCRYPTION_KEY && given.AUTH_SECRET))
  setEnvForTests({
    ENCRYPTION_KEY: given.ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
    AUTH_SECRET: given.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  });

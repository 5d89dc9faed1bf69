import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

interface Secrets {
  /** AES-256-GCM key for secrets at rest (TOTP secrets, webhook signing secrets). */
  encryptionKey: Buffer;
  /** next-auth's JWT secret. */
  authSecret: string;
  /** Where they came from, for the start-up log. */
  source: "environment" | "dev-file" | "ephemeral";
}

const KEY = Symbol.for("svc.secrets");
type Holder = { [KEY]?: Secrets };

/**
 * Secrets come from the environment. In sandbox mode a missing one is generated once into the
 * data folder (so restarts keep decrypting); live mode refuses to start without them.
 */
export function secrets(): Secrets {
  const holder = globalThis as Holder;
  holder[KEY] ??= loadSecrets();
  return holder[KEY];
}

function loadSecrets(): Secrets {
  const e = env();
  if (e.ENCRYPTION_KEY && e.AUTH_SECRET) {
    return {
      encryptionKey: Buffer.from(e.ENCRYPTION_KEY, "base64"),
      authSecret: e.AUTH_SECRET,
      source: "environment",
    };
  }
  if (e.SVC_MODE === "live") {
    throw new Error(
      "SVC_MODE=live needs ENCRYPTION_KEY (32 bytes, base64) and " +
        "AUTH_SECRET: no development key is generated in live mode.",
    );
  }
  if (e.NODE_ENV === "test" || e.DATABASE_URL) {
    // Tests and shared servers: a per-process key would not be shared, so only tests may use one.
    if (e.NODE_ENV !== "test")
      throw new Error(
        "With DATABASE_URL set, ENCRYPTION_KEY and AUTH_SECRET must be set " +
          "too, so that every instance shares them.",
      );
    return {
      encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, "base64") : randomBytes(32),
      authSecret: e.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
      source: "ephemeral",
    };
  }
  const file = path.resolve(e.DATA_DIR, "dev-secrets.json");
  let stored: { encryptionKey: string; authSecret: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, "utf8"));
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    stored = {
      encryptionKey: randomBytes(32).toString("base64"),
      authSecret: randomBytes(32).toString("base64url"),
    };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    encryptionKey: e.ENCRYPTION_KEY
      ? Buffer.from(e.ENCRYPTION_KEY, "base64")
      : Buffer.from(stored.encryptionKey, "base64"),
    authSecret: e.AUTH_SECRET ?? stored.authSecret,
    source: "dev-file",
  };
}

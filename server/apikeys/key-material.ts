import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";

/** pk_test_/pk_live_ + 24 base62; sk_test_/sk_live_ + 40 base62. */
export function newKeyPair(): { apiKey: string; apiSecret: string } {
  const mode = env().SVC_MODE === "live" ? "live" : "test";
  return { apiKey: `pk_${mode}_${randomBase62(24)}`, apiSecret: newSecret() };
}

export function newSecret(): string {
  return `sk_${env().SVC_MODE === "live" ? "live" : "test"}_${randomBase62(40)}`;
}

export const API_TOKEN_PREFIX = "svc_at_";

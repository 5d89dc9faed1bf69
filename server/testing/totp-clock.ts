import { vi } from "vitest";
import { totpCode } from "@/server/auth/totp";

/**
 * Every 2FA-guarded call needs a code of a new time step (replays are refused). Tests fake only
 * Date and move it 30 s forward per code, instead of sleeping.
 */
export function startTotpClock() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  return {
    nextCode(secret: string): string {
      vi.setSystemTime(Date.now() + 30_000);
      return totpCode(secret);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}

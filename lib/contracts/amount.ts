import { z } from "zod";
import { parseAmountToMinor } from "@/lib/money";

/**
 * zod: a positive amount with at most 2 decimals, given as a number or a decimal string; output in minor
 * units.
 */
export const amountSchema = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    const minor = parseAmountToMinor(value);
    if (minor === null) {
      ctx.addIssue({
        code: "custom",
        message: "Give a positive amount with at most 2 decimals, e.g. 25.50.",
      });
      return z.NEVER;
    }
    return minor;
  })
  .describe("Amount in major units (e.g. 25.5 = 25.50), at most 2 decimals.");

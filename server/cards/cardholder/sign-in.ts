import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { emailSchema, sixDigitCodeSchema } from "@/lib/contracts/cards";
import { isServiceError, ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers, type FlowStatus } from "@/server/db/schema/cards";
import { newRequestId } from "@/server/http/request-id";
import { enforceRateLimits } from "@/server/platform/rate-limit";
import { CARDHOLDER_SIGN_UP } from "../onboarding/audit";
import { startOnboarding } from "../onboarding/start";
import { verifyEmailOtp } from "../onboarding/verify-email";
import { consumeOneTimeCode } from "../one-time-codes";
import { findCardProgram } from "./program";
import { type CardholderSessionToken, createCardholderSession } from "./session";
import { sendSignInCode } from "./sign-in-email";

/**
 * Code requests per email (in this program) and per client IP, in 15-minute windows. Each request
 * sends an email, so the email limit is what keeps an inbox from being flooded.
 */
export const CARDHOLDER_CODE_LIMITS = { perEmail: 5, perIp: 30, windowSeconds: 900 };

export const requestCodeSchema = z.object({ email: emailSchema });
export const verifyCodeSchema = z.object({ email: emailSchema, code: sixDigitCodeSchema });

async function requireOrganization(db: Db, orgId: string): Promise<void> {
  if (!(await findCardProgram(db, orgId)))
    throw new ServiceError("NOT_FOUND", "No card program with this id.");
}

async function customerByEmail(db: Db, orgId: string, email: string) {
  const [row] = await db
    .select({
      id: cardCustomers.id,
      svcCardId: cardCustomers.svcCardId,
      flowStatus: cardCustomers.flowStatus,
      email: cardCustomers.email,
    })
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.email, email)));
  return row ?? null;
}

function systemCtx(db: Db, orgId: string, ip: string | undefined): Ctx {
  return { db, orgId, ip, requestId: newRequestId(), actor: { type: "system", reason: CARDHOLDER_SIGN_UP } };
}

/**
 * Step 1 of the cardholder sign-in (docs/card-program.md, Cardholder pages). An unknown email starts
 * own-account onboarding, which emails its step-1 code; a customer still at step 1 gets a fresh step-1
 * code the same way (startOnboarding resends for them); anyone further along gets a sign-in code. The
 * answer is the same in every case, so it does not tell who has an account. Rate limited per email and
 * per client IP (and by the codes' own 30-second resend throttle).
 */
export async function requestCardholderCode(args: {
  db: Db;
  orgId: string;
  email: string;
  ip: string;
}): Promise<{ sent: true }> {
  const { db, orgId, ip } = args;
  const { email } = requestCodeSchema.parse({ email: args.email });
  await requireOrganization(db, orgId);
  await enforceRateLimits(
    db,
    [
      {
        bucket: `cardholder-code:email:${orgId}:${email}`,
        limit: CARDHOLDER_CODE_LIMITS.perEmail,
        windowSeconds: CARDHOLDER_CODE_LIMITS.windowSeconds,
      },
      {
        bucket: `cardholder-code:ip:${ip}`,
        limit: CARDHOLDER_CODE_LIMITS.perIp,
        windowSeconds: CARDHOLDER_CODE_LIMITS.windowSeconds,
      },
    ],
    "Too many code requests. Wait a few minutes and try again.",
  );
  let customer = await customerByEmail(db, orgId, email);
  if (!customer || customer.flowStatus === "email_verification") {
    try {
      await startOnboarding({ ctx: systemCtx(db, orgId, ip), input: { email } });
      return { sent: true };
    } catch (err) {
      if (!(isServiceError(err) && err.code === "EMAIL_IN_USE")) throw err;
      // A concurrent request created the customer (and sent its code), or the customer has just
      // finished step 1 and signs in from now on.
      customer = await customerByEmail(db, orgId, email);
      if (!customer) throw err;
      if (customer.flowStatus === "email_verification") return { sent: true };
    }
  }
  await sendSignInCode(db, { orgId, customerId: customer.id, email: customer.email });
  return { sent: true };
}

function purposeFor(flowStatus: FlowStatus): "email_verification" | "cardholder_sign_in" {
  return flowStatus === "email_verification" ? "email_verification" : "cardholder_sign_in";
}

export interface CardholderSignedIn extends CardholderSessionToken {
  svcCardId: string;
  flowStatus: FlowStatus;
}

/**
 * Step 2: the code from the email -> a 12-hour session. While the customer is at step 1 the code
 * is the email-verification code and verifying it completes step 1 (verifyEmailOtp); later it is
 * a sign-in code. A wrong code counts towards the code's lockout (5 tries, then OTP_LOCKED).
 * An unknown email gets the same INVALID_OTP as a wrong code.
 */
export async function verifyCardholderCode(args: {
  db: Db;
  orgId: string;
  email: string;
  code: string;
  /** The client's address, for the audit entry of a completed step 1. */
  ip?: string;
}): Promise<CardholderSignedIn> {
  const { db, orgId } = args;
  const { email, code } = verifyCodeSchema.parse({ email: args.email, code: args.code });
  await requireOrganization(db, orgId);
  const customer = await customerByEmail(db, orgId, email);
  if (!customer)
    throw new ServiceError("INVALID_OTP", "The code is not valid. Check it or ask for a new one.");
  if (purposeFor(customer.flowStatus) === "email_verification") {
    const ctx: Ctx = {
      db,
      orgId,
      ip: args.ip,
      requestId: newRequestId(),
      actor: { type: "cardholder", customerId: customer.id },
    };
    await verifyEmailOtp({ ctx, input: { svcCardId: customer.svcCardId, otp: code } });
  } else {
    await consumeOneTimeCode(db, { orgId, customerId: customer.id, purpose: "cardholder_sign_in", code });
  }
  const session = await createCardholderSession(db, { orgId, customerId: customer.id });
  const [now] = await db
    .select({ flowStatus: cardCustomers.flowStatus })
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.id, customer.id)));
  return { ...session, svcCardId: customer.svcCardId, flowStatus: now?.flowStatus ?? customer.flowStatus };
}

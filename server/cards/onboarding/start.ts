import { and, eq, or, sql } from "drizzle-orm";
import type { Metadata } from "@/lib/contracts/metadata";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import { countNewCustomer } from "@/server/balances/open";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { providers } from "@/server/providers/current";
import { type CardCustomerRow, findCustomer } from "../customers/find";
import { nextActionOf } from "../flow";
import { CODE_TTL_SECONDS, issueOneTimeCode } from "../one-time-codes";
import { auditOnboardingStep } from "./audit";

/** The answer of an onboarding start (and of a code resend). */
export interface OnboardingStarted {
  svc_card_id: string;
  email: string;
  external_id: string | null;
  step: number;
  flow_status: CardCustomerRow["flowStatus"];
  next_action: string;
  code_expires_at: string;
  metadata: Metadata;
}

type StartInput = { email: string; external_id?: string; metadata?: Metadata };

/** POST /v1/svc-card/onboarding: the program's own account holders (origin "own"). */
export async function startOnboarding({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: StartInput;
}): Promise<OnboardingStarted> {
  // A cardholder acts on their own account only; a new account is started by the program (or
  // by the cardholder pages as the system, before anyone is signed in).
  authorize(ctx, "startOnboarding");
  return start(ctx, input, "own");
}

/** POST /v1/card-issuer/customers: an issuer onboards its B2B customer; the same flow as own-account. */
export async function createIssuerCustomer({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { email: string; external_id: string; metadata?: Metadata };
}): Promise<OnboardingStarted> {
  authorize(ctx, "createIssuerCustomer");
  return start(ctx, input, "issuer");
}

/**
 * Step 1 starts: a card customer and a 6-digit code emailed to it, in one transaction.
 *
 * An email (or external_id) already used by a customer past step 1 is 409 EMAIL_IN_USE. One still
 * at step 1 (email_verification) is the same person starting again, e.g. after losing the code:
 * that customer is returned with a fresh code (subject to the resend throttle), and an
 * external_id is attached if it had none. A different external_id for it is EMAIL_IN_USE.
 */
async function start(ctx: Ctx, input: StartInput, origin: "own" | "issuer"): Promise<OnboardingStarted> {
  const email = input.email.trim().toLowerCase();
  const externalId = input.external_id?.trim() || null;
  return ctx.db.transaction(async (tx) => {
    const matches = await tx
      .select()
      .from(cardCustomers)
      .where(
        and(
          eq(cardCustomers.orgId, ctx.orgId),
          externalId
            ? or(eq(cardCustomers.email, email), eq(cardCustomers.externalId, externalId))
            : eq(cardCustomers.email, email),
        ),
      )
      .for("update");
    const byEmail = matches.find((m) => m.email === email);
    const byExternal = externalId ? matches.find((m) => m.externalId === externalId) : undefined;
    if (byExternal && byExternal.id !== byEmail?.id)
      throw new ServiceError("EMAIL_IN_USE", "This external_id already belongs to another card customer.");
    let customer: CardCustomerRow;
    if (byEmail) {
      if (byEmail.flowStatus !== "email_verification")
        throw new ServiceError(
          "EMAIL_IN_USE",
          "This email address already belongs to a card customer of this program.",
        );
      if (externalId && byEmail.externalId && byEmail.externalId !== externalId) {
        throw new ServiceError(
          "EMAIL_IN_USE",
          "This email address is already being onboarded under another external_id.",
        );
      }
      customer =
        externalId && !byEmail.externalId ? await attachExternalId(tx, byEmail, externalId) : byEmail;
      // The same person starting again: the metadata given now replaces the first start's.
      if (input.metadata) customer = await setStartMetadata(tx, customer, input.metadata);
    } else {
      const metadata = input.metadata ?? {};
      customer = await insertCustomer(tx, { orgId: ctx.orgId, email, externalId, origin, metadata });
      // Staff, API callers and a cardholder signing up are audited (not the demo program's walks).
      await auditOnboardingStep(ctx, tx, customer, {
        action: "card_customer.created",
        after: { email, external_id: externalId, origin },
      });
    }
    const code = await sendEmailCode(tx, customer);
    return started(customer, code.expiresAt);
  });
}

async function insertCustomer(
  tx: Db,
  v: {
    orgId: string;
    email: string;
    externalId: string | null;
    origin: "own" | "issuer";
    metadata: Metadata;
  },
): Promise<CardCustomerRow> {
  // A concurrent start of the same email or external_id loses on the unique indexes: no row.
  const [row] = await tx
    .insert(cardCustomers)
    .values({
      id: newId("cus"),
      svcCardId: newId("sc"),
      orgId: v.orgId,
      email: v.email,
      externalId: v.externalId,
      origin: v.origin,
      metadata: v.metadata,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new ServiceError(
      "EMAIL_IN_USE",
      "This email address or external_id already belongs to a card customer of this program.",
    );
  // program_counters.total_customers is kept on write (aggregate-balances reads it, never counts).
  await countNewCustomer(tx, v.orgId);
  return row;
}

async function setStartMetadata(tx: Db, customer: CardCustomerRow, metadata: Metadata) {
  const [row] = await tx
    .update(cardCustomers)
    .set({ metadata, updatedAt: sql`now()` })
    .where(and(eq(cardCustomers.id, customer.id), eq(cardCustomers.orgId, customer.orgId)))
    .returning();
  return row!;
}

async function attachExternalId(
  tx: Db,
  customer: CardCustomerRow,
  externalId: string,
): Promise<CardCustomerRow> {
  const [row] = await tx
    .update(cardCustomers)
    .set({ externalId, updatedAt: sql`now()` })
    .where(and(eq(cardCustomers.id, customer.id), eq(cardCustomers.orgId, customer.orgId)))
    .returning();
  return row!;
}

/** Emails a new step-1 code, through the messaging port in the caller's transaction. */
async function sendEmailCode(tx: Db, customer: CardCustomerRow): Promise<{ expiresAt: Date }> {
  const { code, expiresAt } = await issueOneTimeCode(tx, {
    orgId: customer.orgId,
    customerId: customer.id,
    purpose: "email_verification",
    target: customer.email,
  });
  await providers().messaging.sendEmail(tx, {
    orgId: customer.orgId,
    to: customer.email,
    subject: "Your verification code",
    text:
      `Your verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.\n\n` +
      "If you did not ask for a card account, ignore this email.",
  });
  return { expiresAt };
}

function started(c: CardCustomerRow, codeExpiresAt: Date): OnboardingStarted {
  return {
    svc_card_id: c.svcCardId,
    email: c.email,
    external_id: c.externalId,
    metadata: c.metadata,
    step: c.step,
    flow_status: c.flowStatus,
    next_action: nextActionOf(c, false),
    code_expires_at: codeExpiresAt.toISOString(),
  };
}

/** POST /v1/svc-card/{svcCardId}/otp/resend: a new step-1 code (the previous one stops working). */
export async function resendEmailCode({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<OnboardingStarted> {
  authorize(ctx, "resendEmailCode");
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    if (customer.emailVerifiedAt)
      throw new ServiceError("ONBOARDING_STEP_DONE", "The email address is already verified.");
    const code = await sendEmailCode(tx, customer);
    await auditOnboardingStep(ctx, tx, customer, { action: "onboarding.email_code_resent" });
    return started(customer, code.expiresAt);
  });
}

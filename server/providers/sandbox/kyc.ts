import { and, eq } from "drizzle-orm";
import { KYC_DECISIONS, type KycDecision } from "@/lib/contracts/sandbox";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import type { CardCurrency, KycStatus } from "@/server/db/schema/cards";
import { simKycApplicants } from "@/server/db/schema/providers";
import { enqueueJob } from "@/server/jobs/queue";
import type { KycPort } from "@/server/providers/ports";
import { currencyOfCountry, DEFAULT_KYC_COUNTRY, isKycCountry } from "./kyc-regions";
import { raiseInbound } from "./upstream-events";

/**
 * The simulated KYC provider: applicants, the hosted page's link, and the decisions taken on
 * that page or through POST /api/v1/sandbox/kyc/{svcCardId}. Every status change reports
 * `kyc.status.changed` in its own transaction; our side then asks getStatus, as with a real one.
 */

/** The provider's identity verification statuses, plus expired (the link ran out before a decision). */
export const UPSTREAM_KYC_STATUSES = [
  "notStarted",
  "documentsRequested",
  "pending",
  "processing",
  "requiresAction",
  "resubmissionRequested",
  "approved",
  "rejected",
  "expired",
] as const;
export type UpstreamKycStatus = (typeof UPSTREAM_KYC_STATUSES)[number];

/**
 * The one mapping to our kyc_status (docs/card-program.md, The upstream the simulators imitate).
 * Upstream "pending" and "processing" mean the documents are in and being checked, so they read as
 * pending_review with manual review (requiresAction); resubmissionRequested asks the applicant to act
 * again: in_progress.
 */
export const KYC_STATUS_OF_UPSTREAM: Record<UpstreamKycStatus, KycStatus> = {
  notStarted: "pending",
  documentsRequested: "in_progress",
  pending: "pending_review",
  processing: "pending_review",
  requiresAction: "pending_review",
  resubmissionRequested: "in_progress",
  approved: "approved",
  rejected: "rejected",
  expired: "expired",
};

export function kycStatusOf(upstream: string): KycStatus {
  // An unknown upstream status (a newer provider version) is treated as still under way.
  return KYC_STATUS_OF_UPSTREAM[upstream as UpstreamKycStatus] ?? "in_progress";
}

export { KYC_DECISIONS, type KycDecision };
const UPSTREAM_OF_DECISION: Record<KycDecision, UpstreamKycStatus> = {
  approved: "approved",
  rejected: "rejected",
  pending_review: "requiresAction",
};

/** Statuses in which the applicant has not submitted anything yet: the link running out expires them. */
const NOT_SUBMITTED: readonly string[] = ["notStarted", "documentsRequested"];

export const KYC_LINK_EXPIRY_JOB = "sandbox.kyc.link_expired";
const LINK_TTL_MS = 60 * 60 * 1000;

export type ApplicantRow = typeof simKycApplicants.$inferSelect;

/** The currency the applicant's region implies, once approved (before that the region is not settled). */
function currencyOf(row: ApplicantRow): CardCurrency | null {
  return row.status === "approved" ? currencyOfCountry(row.country) : null;
}

export interface ApplicantState {
  applicantId: string;
  externalRef: string;
  status: UpstreamKycStatus;
  kycStatus: KycStatus;
  country: string | null;
  currency: CardCurrency | null;
}

export function stateOf(row: ApplicantRow): ApplicantState {
  return {
    applicantId: row.id,
    externalRef: row.externalRef,
    status: row.status as UpstreamKycStatus,
    kycStatus: kycStatusOf(row.status),
    country: row.country,
    currency: currencyOf(row),
  };
}

/**
 * The applicant (by id, else by our reference), created if there is none, locked for the rest
 * of the transaction. A new one gets an already expired placeholder link: only createLink hands
 * out a usable one.
 */
async function lockOrCreateApplicant(
  tx: Db,
  input: { orgId: string; externalRef: string; email: string; applicantId?: string | null },
): Promise<ApplicantRow> {
  const byId = input.applicantId
    ? and(eq(simKycApplicants.orgId, input.orgId), eq(simKycApplicants.id, input.applicantId))
    : undefined;
  const byRef = and(
    eq(simKycApplicants.orgId, input.orgId),
    eq(simKycApplicants.externalRef, input.externalRef),
  );
  const lock = async () => {
    const [row] = byId ? await tx.select().from(simKycApplicants).where(byId).for("update") : [];
    if (row) return row;
    const [byRefRow] = await tx.select().from(simKycApplicants).where(byRef).for("update");
    return byRefRow;
  };
  const found = await lock();
  if (found) return found;
  await tx
    .insert(simKycApplicants)
    .values({
      id: newId("kyc"),
      orgId: input.orgId,
      externalRef: input.externalRef,
      email: input.email,
      linkTokenHash: sha256Hex(newOpaqueToken("kyl_")),
      linkExpiresAt: new Date(),
    })
    .onConflictDoNothing({ target: [simKycApplicants.orgId, simKycApplicants.externalRef] });
  // Ours, or the one a concurrent call created first.
  return (await lock())!;
}

export async function setStatus(
  tx: Db,
  row: ApplicantRow,
  change: { status: UpstreamKycStatus; country?: string | null },
): Promise<ApplicantRow> {
  const [updated] = await tx
    .update(simKycApplicants)
    .set({
      status: change.status,
      country: change.country === undefined ? row.country : change.country,
      updatedAt: new Date(),
    })
    .where(eq(simKycApplicants.id, row.id))
    .returning();
  await raiseInbound(tx, {
    type: "kyc.status.changed",
    orgId: row.orgId,
    data: { applicant_id: row.id, external_ref: row.externalRef },
  });
  return updated!;
}

export const sandboxKyc: KycPort = {
  async createLink(db, input) {
    return db.transaction(async (tx) => {
      let row = await lockOrCreateApplicant(tx, input);
      const token = newOpaqueToken("kyl_");
      const expiresAt = new Date(Date.now() + LINK_TTL_MS);
      await tx
        .update(simKycApplicants)
        .set({ linkTokenHash: sha256Hex(token), linkExpiresAt: expiresAt, email: input.email })
        .where(eq(simKycApplicants.id, row.id));
      // After expiry a new link may be requested, and verification starts over.
      if (row.status === "expired") row = await setStatus(tx, row, { status: "notStarted" });
      // One pending expiry check per applicant; a newer link found when it runs moves it (see
      // expireApplicantLink).
      await enqueueJob(tx, {
        kind: KYC_LINK_EXPIRY_JOB,
        payload: { applicantId: row.id },
        orgId: row.orgId,
        runAt: expiresAt,
        dedupeKey: `${KYC_LINK_EXPIRY_JOB}:${row.id}`,
      });
      return { applicantId: row.id, url: `${appUrl()}/kyc/${token}`, expiresAt };
    });
  },

  async getStatus(db, { orgId, applicantId }) {
    const [row] = await db
      .select()
      .from(simKycApplicants)
      .where(and(eq(simKycApplicants.orgId, orgId), eq(simKycApplicants.id, applicantId)));
    return row ? { kycStatus: kycStatusOf(row.status), currency: currencyOf(row) } : null;
  },
};

export interface DecideApplicantInput {
  orgId: string;
  applicantId?: string | null;
  externalRef: string;
  email: string;
  decision: KycDecision;
  /** ISO code of a supported country (kyc-regions.ts); default the applicant's own, else DE. */
  country?: string | null;
}

/**
 * A reviewer's decision (the hosted page's buttons, the sandbox endpoint). Finds or creates the
 * applicant by our reference. Upstream a rejection is final, and so is an approval here (the
 * currency hangs on it): a different decision afterwards is refused; the same one again changes nothing.
 */
export async function decideApplicant(db: Db, input: DecideApplicantInput): Promise<ApplicantState> {
  const country = input.country?.toUpperCase();
  if (country && !isKycCountry(country)) {
    throw new ServiceError("VALIDATION_ERROR", "This country is not served by the card program.", {
      details: [{ path: "country", message: "Pick a listed country." }],
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockOrCreateApplicant(tx, input);
    const status = UPSTREAM_OF_DECISION[input.decision];
    if (row.status === "rejected" || row.status === "approved") {
      // The same decision again changes nothing; another one (or approval in another region, which would
      // change the currency) is refused.
      const same = row.status === status && (status === "rejected" || !country || country === row.country);
      if (same) return stateOf(row);
      if (row.status === "rejected")
        throw new ServiceError("KYC_REJECTED", "Identity verification was rejected; that decision is final.");
      throw new ServiceError(
        "ONBOARDING_STEP_DONE",
        "Identity verification is already approved; its region and currency are settled.",
      );
    }
    const nextCountry = country ?? row.country ?? DEFAULT_KYC_COUNTRY;
    if (row.status === status && row.country === nextCountry) return stateOf(row);
    return stateOf(await setStatus(tx, row, { status, country: nextCountry }));
  });
}

/**
 * The job of KYC_LINK_EXPIRY_JOB: an applicant who submitted nothing before the link ran out
 * is expired. Returns the time to look again when a newer link is still running.
 */
export async function expireApplicantLink(
  db: Db,
  { orgId, applicantId }: { orgId: string; applicantId: string },
): Promise<{ recheckAt?: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(simKycApplicants)
      .where(and(eq(simKycApplicants.orgId, orgId), eq(simKycApplicants.id, applicantId)))
      .for("update");
    if (!row || !NOT_SUBMITTED.includes(row.status)) return {};
    if (row.linkExpiresAt.getTime() > Date.now()) return { recheckAt: row.linkExpiresAt };
    await setStatus(tx, row, { status: "expired" });
    return {};
  });
}

import { eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { simKycApplicants } from "@/server/db/schema/providers";
import {
  type ApplicantRow,
  type ApplicantState,
  decideApplicant,
  type KycDecision,
  setStatus,
  stateOf,
} from "./kyc";

/** The simulated KYC provider's hosted page: opening its link and deciding through it. */

export interface ApplicantLinkView {
  applicantId: string;
  orgId: string;
  email: string;
  country: string | null;
  state: ApplicantState;
  /** The link ran out (the page offers no decision then). */
  linkExpired: boolean;
}

async function findByLinkToken(
  db: Db,
  token: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ApplicantRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const query = db
    .select()
    .from(simKycApplicants)
    .where(eq(simKycApplicants.linkTokenHash, sha256Hex(token)));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row;
}

function linkView(row: ApplicantRow): ApplicantLinkView {
  return {
    applicantId: row.id,
    orgId: row.orgId,
    email: row.email,
    country: row.country,
    state: stateOf(row),
    linkExpired: row.linkExpiresAt.getTime() <= Date.now(),
  };
}

/**
 * The hosted page is opened: an applicant who had not started is now asked for documents.
 * Null for a token that never was (or was replaced by a newer link).
 */
export async function openApplicantLink(db: Db, token: string): Promise<ApplicantLinkView | null> {
  return db.transaction(async (tx) => {
    const row = await findByLinkToken(tx, token, { forUpdate: true });
    if (!row) return null;
    const view = linkView(row);
    if (view.linkExpired || row.status !== "notStarted") return view;
    return linkView(await setStatus(tx, row, { status: "documentsRequested" }));
  });
}

/** The hosted page's buttons: a decision through a link that is still valid. */
export async function decideByLink(
  db: Db,
  input: { token: string; decision: KycDecision; country?: string | null },
): Promise<ApplicantLinkView> {
  const row = await findByLinkToken(db, input.token);
  if (!row) throw new ServiceError("NOT_FOUND", "This verification link is not valid.");
  if (row.linkExpiresAt.getTime() <= Date.now())
    throw new ServiceError("SECURE_VIEW_EXPIRED", "This verification link has expired. Ask for a new one.");
  const state = await decideApplicant(db, {
    orgId: row.orgId,
    applicantId: row.id,
    externalRef: row.externalRef,
    email: row.email,
    decision: input.decision,
    country: input.country,
  });
  return { ...linkView(row), country: state.country, state };
}

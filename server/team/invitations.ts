import { and, desc, eq, isNull } from "drizzle-orm";
import {
  type AcceptInvitationInput,
  acceptInvitationSchema,
  type InvitationView,
  type InviteMemberInput,
  inviteMemberSchema,
} from "@/lib/contracts/team";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Role } from "@/lib/scopes";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import { hashPassword } from "@/server/auth/passwords";
import { matchTotpStep, newTotpSecret, otpauthUrl } from "@/server/auth/totp";
import { type Ctx, userActor } from "@/server/context";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema/identity";
import { invitations } from "@/server/db/schema/team";
import { recordAudit } from "@/server/platform/audit";
import { enforceRateLimits } from "@/server/platform/rate-limit";
import { providers } from "@/server/providers/current";

/** An invitation link works for 7 days, once (docs/team.md). */
export const INVITATION_TTL_MS = 7 * 86_400_000;
const TOKEN_PREFIX = "svc_inv_";

type InvitationRow = typeof invitations.$inferSelect;

function statusOf(row: InvitationRow, now = Date.now()): InvitationView["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now ? "expired" : "pending";
}

function invitationView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export function invitationLink(token: string): string {
  return `${appUrl()}/invite/${token}`;
}

/**
 * Invites a colleague: the link goes out by email through the messaging port (in sandbox, the
 * dev outbox, where it is staff-access mail: admins only), in the same transaction as the
 * invitation. A newer invitation to the same address replaces a pending one.
 *
 * An address of a member of this program is EMAIL_IN_USE (the admin can list the members anyway).
 * An address of a user of another program is not revealed: the invitation is made and sent exactly
 * as for an unknown address (same answer, same statements), and only its acceptance is refused,
 * to the invitee (an account belongs to one program). The other user is never touched.
 */
export async function inviteMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: InviteMemberInput & { twoFactorCode?: string | null };
}): Promise<InvitationView> {
  authorize(ctx, "inviteMember");
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  const { email, role } = inviteMemberSchema.parse(input);
  // Every invitation makes a lasting account of the program: the person confirms it (2FA step-up).
  await confirmStepUp(ctx, "inviteMember", input.twoFactorCode);
  const token = newOpaqueToken(TOKEN_PREFIX);
  const row = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.email, email));
    if (taken?.orgId === ctx.orgId)
      throw new ServiceError("EMAIL_IN_USE", "A member of this program already has this email address.");
    const [org] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, ctx.orgId));
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(invitations.orgId, ctx.orgId),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    const [created] = await tx
      .insert(invitations)
      .values({
        id: newId("inv"),
        orgId: ctx.orgId,
        email,
        role,
        tokenHash: sha256Hex(token),
        totpSecretEnc: encryptSecret(newTotpSecret()),
        invitedBy: userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    await providers().messaging.sendEmail(tx, {
      orgId: ctx.orgId,
      staffAccess: true,
      to: email,
      subject: `You are invited to ${org?.name ?? "a card program"} on Card Console`,
      text:
        `You are invited to join ${org?.name ?? "a card program"} as ${role}.\n\n` +
        `Accept within 7 days: ${invitationLink(token)}\n\n` +
        "You will choose a password and set up two-factor authentication. " +
        "If you did not expect this, ignore this email.",
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "team.member_invited",
        targetType: "invitation",
        targetId: created!.id,
        after: { email, role },
      },
    );
    return created!;
  });
  return invitationView(row);
}

export async function listInvitations({ ctx }: { ctx: Ctx }): Promise<{ invitations: InvitationView[] }> {
  authorize(ctx, "listInvitations");
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.orgId, ctx.orgId))
    .orderBy(desc(invitations.createdAt))
    .limit(200);
  return { invitations: rows.map(invitationView) };
}

export async function revokeInvitation({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { invitationId: string };
}): Promise<InvitationView> {
  authorize(ctx, "revokeInvitation");
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(invitations.id, input.invitationId),
          eq(invitations.orgId, ctx.orgId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new ServiceError("NOT_FOUND", "No pending invitation with this id.");
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "team.invitation_revoked",
        targetType: "invitation",
        targetId: row.id,
        detail: { email: row.email },
      },
    );
    return invitationView(row);
  });
}

async function findByToken(db: Db, token: string, lock = false): Promise<InvitationRow> {
  const query = db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256Hex(token)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", "This invitation link is not valid.");
  const status = statusOf(row);
  if (status === "accepted")
    throw new ServiceError("INVITATION_USED", "This invitation was accepted already. Sign in instead.");
  if (status !== "pending")
    throw new ServiceError("INVITATION_EXPIRED", "This invitation has expired. Ask an admin for a new one.");
  return row;
}

export interface InvitationPreview {
  email: string;
  role: Role;
  org_name: string;
  expires_at: string;
  /** The TOTP secret to enrol now; the first code confirms it on acceptance. */
  totp_secret: string;
  otpauth_url: string;
}

/**
 * An invitation to an address that already has an account (in another program, or one that joined
 * since) cannot be accepted: an account belongs to one program. Said only to the link's holder, the
 * invitee, never to the inviting admin (inviteMember).
 */
async function refuseTakenEmail(db: Db, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken)
    throw new ServiceError(
      "EMAIL_IN_USE",
      "This email address already has a Card Console account, and an account belongs to one program. " +
        "Ask the admin who invited you to invite another address.",
    );
}

/** For the acceptance page: what the link is for. Errors as acceptInvitation's. */
export async function previewInvitation(db: Db, input: { token: string }): Promise<InvitationPreview> {
  const row = await findByToken(db, input.token);
  await refuseTakenEmail(db, row.email);
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.orgId));
  const secret = decryptSecret(row.totpSecretEnc);
  return {
    email: row.email,
    role: row.role,
    org_name: org?.name ?? "",
    expires_at: row.expiresAt.toISOString(),
    totp_secret: secret,
    otpauth_url: otpauthUrl(secret, row.email),
  };
}

/**
 * Accepts an invitation: the new user gets the password and, confirmed by a first code, the
 * invitation's 2FA secret. Single use: the row is locked and marked accepted in the same
 * transaction as the user is created.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationInput,
  meta: { ip?: string } = {},
): Promise<{ user_id: string; email: string; org_id: string }> {
  const data = acceptInvitationSchema.parse(input);
  // 10 tries per link per 15 minutes: a 6-digit code cannot be guessed through one link.
  await enforceRateLimits(
    db,
    [{ bucket: `invitation-accept:${sha256Hex(data.token)}`, limit: 10, windowSeconds: 900 }],
    "Too many attempts with this invitation. Wait a few minutes and try again.",
  );
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const row = await findByToken(tx, data.token, true);
    await refuseTakenEmail(tx, row.email);
    const secret = decryptSecret(row.totpSecretEnc);
    const step = matchTotpStep(secret, data.two_factor_code);
    if (step === null)
      throw new ServiceError(
        "INVALID_2FA_TOKEN",
        "That code is not right. Enter the current code from your app.",
      );
    const userId = newId("usr");
    await tx.insert(users).values({
      id: userId,
      orgId: row.orgId,
      email: row.email,
      name: data.name ?? null,
      role: row.role,
      passwordHash,
      totpSecretEnc: row.totpSecretEnc,
      totpEnabled: true,
      totpLastStep: step,
    });
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedUserId: userId })
      .where(eq(invitations.id, row.id));
    const actorCtx: Ctx = {
      orgId: row.orgId,
      db: tx,
      ip: meta.ip,
      actor: userActor({ id: userId, email: row.email, role: row.role, totpEnabled: true }),
    };
    await recordAudit(actorCtx, {
      action: "team.invitation_accepted",
      targetType: "user",
      targetId: userId,
      detail: { invitation_id: row.id },
      after: { email: row.email, role: row.role, two_factor_enabled: true },
    });
    return { user_id: userId, email: row.email, org_id: row.orgId };
  });
}

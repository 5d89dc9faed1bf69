import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { KYC_STATUS_VALUES } from "@/lib/enums";
import { appUrl } from "@/lib/env";
import { sha256Hex } from "@/server/crypto/hash";
import { jobs } from "@/server/db/schema/platform";
import { simKycApplicants } from "@/server/db/schema/providers";
import { type InboundEvent, registerInboundHandler } from "@/server/providers/inbound";
import { decideByLink, openApplicantLink } from "@/server/providers/sandbox/kyc-link";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { registerSandboxProviderJobs } from "./jobs";
import {
  decideApplicant,
  expireApplicantLink,
  KYC_LINK_EXPIRY_JOB,
  KYC_STATUS_OF_UPSTREAM,
  kycStatusOf,
  sandboxKyc,
  UPSTREAM_KYC_STATUSES,
} from "./kyc";
import { COUNTRY_OF_CURRENCY, currencyOfCountry, KYC_COUNTRIES } from "./kyc-regions";

const database = withTestDatabase({ install: false });
const changes: InboundEvent[] = [];

beforeAll(async () => {
  registerSandboxProviderJobs();
  registerInboundHandler("kyc.status.changed", async (_db, event) => void changes.push(event));
});

const changesOf = (orgId: string) => changes.filter((e) => e.orgId === orgId);
const tokenOf = (url: string) => url.slice(`${appUrl()}/kyc/`.length);
const rowOf = async (id: string) =>
  (await database.db.select().from(simKycApplicants).where(eq(simKycApplicants.id, id)))[0]!;

describe("KYC status mapping", () => {
  it("maps every upstream status to the interface's kyc_status, and reaches every kyc_status", () => {
    const expected = {
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
    expect(KYC_STATUS_OF_UPSTREAM).toEqual(expected);
    expect(Object.keys(KYC_STATUS_OF_UPSTREAM).sort()).toEqual([...UPSTREAM_KYC_STATUSES].sort());
    for (const upstream of UPSTREAM_KYC_STATUSES) expect(kycStatusOf(upstream)).toBe(expected[upstream]);
    expect(new Set(Object.values(KYC_STATUS_OF_UPSTREAM))).toEqual(new Set(KYC_STATUS_VALUES));
    expect(kycStatusOf("somethingNew")).toBe("in_progress");
  });
});

describe("region -> currency", () => {
  it("GB is GBP, the US is USD, the EEA and Switzerland are EUR, anything else none", () => {
    expect(currencyOfCountry("GB")).toBe("GBP");
    expect(currencyOfCountry("US")).toBe("USD");
    for (const code of ["DE", "FR", "ES", "IE", "NL", "NO", "IS", "LI", "CH", "de"])
      expect(currencyOfCountry(code)).toBe("EUR");
    for (const code of ["JP", "BR", "", null, undefined]) expect(currencyOfCountry(code)).toBeNull();
  });

  it(
    "the page's country list has unique codes, 31 EUR countries, and each " +
      "currency's representative is in it",
    () => {
      const codes = KYC_COUNTRIES.map((c) => c.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(KYC_COUNTRIES.filter((c) => c.currency === "EUR")).toHaveLength(31);
      for (const [currency, code] of Object.entries(COUNTRY_OF_CURRENCY))
        expect(currencyOfCountry(code)).toBe(currency);
      expect([...KYC_COUNTRIES].map((c) => c.name)).toEqual(
        [...KYC_COUNTRIES].map((c) => c.name).sort((a, b) => a.localeCompare(b)),
      );
    },
  );
});

describe("KYC simulator", () => {
  it(
    "createLink makes an applicant with a 1-hour link stored as a hash, " + "and schedules its expiry",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const before = Date.now();
      const link = await sandboxKyc.createLink(db, {
        orgId,
        externalRef: "cus_1",
        email: "ada@example.test",
        applicantId: null,
      });
      expect(link.applicantId).toMatch(/^kyc_/);
      expect(link.url.startsWith(`${appUrl()}/kyc/`)).toBe(true);
      const token = tokenOf(link.url);
      expect(link.expiresAt.getTime() - before).toBeGreaterThanOrEqual(3_599_000);
      expect(link.expiresAt.getTime() - before).toBeLessThanOrEqual(3_601_000);
      const row = await rowOf(link.applicantId);
      expect(row).toMatchObject({
        orgId,
        externalRef: "cus_1",
        email: "ada@example.test",
        status: "notStarted",
        country: null,
        linkTokenHash: sha256Hex(token),
      });
      expect(JSON.stringify(row)).not.toContain(token);
      expect(await sandboxKyc.getStatus(db, { orgId, applicantId: link.applicantId })).toEqual({
        kycStatus: "pending",
        currency: null,
      });
      const [job] = await db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${KYC_LINK_EXPIRY_JOB}:${link.applicantId}`));
      expect(job).toMatchObject({
        kind: KYC_LINK_EXPIRY_JOB,
        status: "pending",
        orgId,
        payload: { applicantId: link.applicantId },
      });
      expect(job!.runAt.getTime()).toBe(link.expiresAt.getTime());
      expect(changesOf(orgId)).toHaveLength(0);

      // Reused by id and by reference: a fresh link each time, the old one no longer opens.
      const again = await sandboxKyc.createLink(db, {
        orgId,
        externalRef: "cus_1",
        email: "ada@example.test",
        applicantId: link.applicantId,
      });
      const byRef = await sandboxKyc.createLink(db, {
        orgId,
        externalRef: "cus_1",
        email: "ada@example.test",
        applicantId: null,
      });
      expect(again.applicantId).toBe(link.applicantId);
      expect(byRef.applicantId).toBe(link.applicantId);
      expect(await openApplicantLink(db, token)).toBeNull();
      expect(await openApplicantLink(db, tokenOf(again.url))).toBeNull();
      expect(await openApplicantLink(db, tokenOf(byRef.url))).not.toBeNull();
      expect(
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `${KYC_LINK_EXPIRY_JOB}:${link.applicantId}`)),
      ).toHaveLength(1);
      // Another organization cannot read it.
      const stranger = await createTestOrg(db);
      expect(
        await sandboxKyc.getStatus(db, { orgId: stranger.orgId, applicantId: link.applicantId }),
      ).toBeNull();
    },
  );

  it("opening the page asks for documents (in_progress) and reports it once", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const link = await sandboxKyc.createLink(db, {
      orgId,
      externalRef: "cus_2",
      email: "bo@example.test",
      applicantId: null,
    });
    const opened = await openApplicantLink(db, tokenOf(link.url));
    expect(opened).toMatchObject({
      applicantId: link.applicantId,
      orgId,
      email: "bo@example.test",
      linkExpired: false,
      state: { status: "documentsRequested", kycStatus: "in_progress" },
    });
    await openApplicantLink(db, tokenOf(link.url));
    expect(changesOf(orgId)).toEqual([
      { type: "kyc.status.changed", orgId, data: { applicant_id: link.applicantId, external_ref: "cus_2" } },
    ]);
    expect(await sandboxKyc.getStatus(db, { orgId, applicantId: link.applicantId })).toEqual({
      kycStatus: "in_progress",
      currency: null,
    });
    expect(await openApplicantLink(db, "kyl_unknown")).toBeNull();
    expect(await openApplicantLink(db, "")).toBeNull();
  });

  it(
    "decisions: manual review, then approval in the applicant's region; " +
      "approval is final; the same decision twice changes nothing",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const review = await decideApplicant(db, {
        orgId,
        externalRef: "cus_3",
        email: "cy@example.test",
        decision: "pending_review",
        country: "GB",
      });
      expect(review).toMatchObject({
        externalRef: "cus_3",
        status: "requiresAction",
        kycStatus: "pending_review",
        country: "GB",
        currency: null,
      });
      const approved = await decideApplicant(db, {
        orgId,
        externalRef: "cus_3",
        email: "cy@example.test",
        decision: "approved",
      });
      expect(approved).toMatchObject({
        applicantId: review.applicantId,
        status: "approved",
        kycStatus: "approved",
        currency: "GBP",
      });
      expect(await sandboxKyc.getStatus(db, { orgId, applicantId: review.applicantId })).toEqual({
        kycStatus: "approved",
        currency: "GBP",
      });
      expect(changesOf(orgId)).toHaveLength(2);

      await decideApplicant(db, {
        orgId,
        externalRef: "cus_3",
        email: "cy@example.test",
        decision: "approved",
        country: "GB",
      });
      expect(changesOf(orgId)).toHaveLength(2);
      expect(
        await errorCodeOf(
          decideApplicant(db, {
            orgId,
            externalRef: "cus_3",
            email: "cy@example.test",
            decision: "rejected",
          }),
        ),
      ).toBe("ONBOARDING_STEP_DONE");
      expect(
        await errorCodeOf(
          decideApplicant(db, {
            orgId,
            externalRef: "cus_3",
            email: "cy@example.test",
            decision: "approved",
            country: "US",
          }),
        ),
      ).toBe("ONBOARDING_STEP_DONE");
      expect((await rowOf(review.applicantId)).country).toBe("GB");
      const rows = await db
        .select()
        .from(simKycApplicants)
        .where(and(eq(simKycApplicants.orgId, orgId), eq(simKycApplicants.externalRef, "cus_3")));
      expect(rows).toHaveLength(1);
    },
  );

  it(
    "a rejection is final; approval without a country defaults to DE " +
      "(EUR); unknown countries are refused",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const rejected = await decideApplicant(db, {
        orgId,
        externalRef: "cus_4",
        email: "d@example.test",
        decision: "rejected",
      });
      expect(rejected).toMatchObject({ kycStatus: "rejected", currency: null });
      expect(
        await errorCodeOf(
          decideApplicant(db, { orgId, externalRef: "cus_4", email: "d@example.test", decision: "approved" }),
        ),
      ).toBe("KYC_REJECTED");
      expect(
        await errorCodeOf(
          decideApplicant(db, {
            orgId,
            externalRef: "cus_4",
            email: "d@example.test",
            decision: "pending_review",
          }),
        ),
      ).toBe("KYC_REJECTED");
      expect(
        (
          await decideApplicant(db, {
            orgId,
            externalRef: "cus_4",
            email: "d@example.test",
            decision: "rejected",
          })
        ).kycStatus,
      ).toBe("rejected");
      expect(changesOf(orgId)).toHaveLength(1);

      expect(
        await decideApplicant(db, {
          orgId,
          externalRef: "cus_5",
          email: "e@example.test",
          decision: "approved",
        }),
      ).toMatchObject({ country: "DE", currency: "EUR" });
      expect(
        await errorCodeOf(
          decideApplicant(db, {
            orgId,
            externalRef: "cus_6",
            email: "f@example.test",
            decision: "approved",
            country: "JP",
          }),
        ),
      ).toBe("VALIDATION_ERROR");
    },
  );

  it("a decision and its report roll back together", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    await expect(
      db.transaction(async (tx) => {
        await decideApplicant(tx, {
          orgId,
          externalRef: "cus_rb",
          email: "rb@example.test",
          decision: "approved",
        });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.select().from(simKycApplicants).where(eq(simKycApplicants.orgId, orgId))).toHaveLength(0);
  });

  it("the hosted page decides through a valid link only", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const link = await sandboxKyc.createLink(db, {
      orgId,
      externalRef: "cus_7",
      email: "g@example.test",
      applicantId: null,
    });
    const token = tokenOf(link.url);
    const decided = await decideByLink(db, { token, decision: "approved", country: "US" });
    expect(decided).toMatchObject({
      applicantId: link.applicantId,
      email: "g@example.test",
      country: "US",
      state: { kycStatus: "approved", currency: "USD" },
    });
    expect(await errorCodeOf(decideByLink(db, { token: "kyl_unknown", decision: "approved" }))).toBe(
      "NOT_FOUND",
    );

    const late = await sandboxKyc.createLink(db, {
      orgId,
      externalRef: "cus_8",
      email: "h@example.test",
      applicantId: null,
    });
    await db
      .update(simKycApplicants)
      .set({ linkExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(simKycApplicants.id, late.applicantId));
    expect(await errorCodeOf(decideByLink(db, { token: tokenOf(late.url), decision: "approved" }))).toBe(
      "SECURE_VIEW_EXPIRED",
    );
    expect(await openApplicantLink(db, tokenOf(late.url))).toMatchObject({
      linkExpired: true,
      state: { status: "notStarted" },
    });
  });

  it(
    "a link that runs out before anything was submitted expires the " + "applicant; a new link starts over",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const link = await sandboxKyc.createLink(db, {
        orgId,
        externalRef: "cus_9",
        email: "i@example.test",
        applicantId: null,
      });
      await openApplicantLink(db, tokenOf(link.url));
      // Still running: look again when it ends.
      expect(await expireApplicantLink(db, { orgId, applicantId: link.applicantId })).toEqual({
        recheckAt: link.expiresAt,
      });
      await db
        .update(simKycApplicants)
        .set({ linkExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(simKycApplicants.id, link.applicantId));
      expect(await expireApplicantLink(db, { orgId, applicantId: link.applicantId })).toEqual({});
      expect(await sandboxKyc.getStatus(db, { orgId, applicantId: link.applicantId })).toEqual({
        kycStatus: "expired",
        currency: null,
      });
      expect(changesOf(orgId)).toHaveLength(2);

      const fresh = await sandboxKyc.createLink(db, {
        orgId,
        externalRef: "cus_9",
        email: "i@example.test",
        applicantId: link.applicantId,
      });
      expect(fresh.applicantId).toBe(link.applicantId);
      expect(await sandboxKyc.getStatus(db, { orgId, applicantId: link.applicantId })).toEqual({
        kycStatus: "pending",
        currency: null,
      });
      expect(changesOf(orgId)).toHaveLength(3);

      // Submitted before the end: the link running out changes nothing.
      await decideApplicant(db, {
        orgId,
        externalRef: "cus_9",
        email: "i@example.test",
        decision: "pending_review",
      });
      await db
        .update(simKycApplicants)
        .set({ linkExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(simKycApplicants.id, link.applicantId));
      expect(await expireApplicantLink(db, { orgId, applicantId: link.applicantId })).toEqual({});
      expect((await sandboxKyc.getStatus(db, { orgId, applicantId: link.applicantId }))?.kycStatus).toBe(
        "pending_review",
      );
    },
  );
});

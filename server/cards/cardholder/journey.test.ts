import { describe, expect, it } from "vitest";
import { isServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { completeSafeDeployment } from "@/server/providers/sandbox/chain";
import { decideByLink } from "@/server/providers/sandbox/kyc-link";
import { openSecureView, submitPin } from "@/server/providers/sandbox/secure-page";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { lastCode, refusal } from "@/server/testing/onboarding";
import { findCustomer } from "../customers/find";
import { freezeCard, unfreezeCard } from "../lifecycle/change-status";
import { createVirtualCard } from "../lifecycle/create-virtual";
import { createViewToken } from "../lifecycle/view-token";
import { getMyAccount } from "../my-account";
import { getKycLink, getKycStatus } from "../onboarding/kyc";
import { requestPhoneVerification, verifyPhone } from "../onboarding/phone";
import { deploySafe, getSafeDeployment } from "../onboarding/safe";
import { getSourceOfFunds, submitSourceOfFunds } from "../onboarding/source-of-funds";
import { resolveCardholderSession } from "./session";
import { requestCardholderCode, verifyCardholderCode } from "./sign-in";

/*
 * The cardholder pages' path as their server actions walk it (server/actions/cardholder-*.ts):
 * every call with the signed-in cardholder's own context, from the email to an active card with a
 * PIN, then frozen by an operator and seen frozen by the cardholder.
 */

const database = withTestDatabase();

/** The token of a hosted page's URL (/kyc/{token}?..., /secure/view/{token}). */
const tokenOf = (url: string) => new URL(url, "http://x").pathname.split("/").at(-1)!;

describe("a cardholder from email to an active card with a PIN", () => {
  it(
    "signs in with an email code, walks every onboarding step on their own " +
      "session, sets a PIN, and sees an operator's freeze",
    async () => {
      const db = database.db;
      const org = await createTestOrg(db);
      const orgId = org.orgId;
      const email = uniqueEmail("journey");

      await requestCardholderCode({ db, orgId, email, ip: "203.0.113.7" });
      const signedIn = await verifyCardholderCode({
        db,
        orgId,
        email,
        code: await lastCode(db, orgId, email),
      });
      const who = (await resolveCardholderSession(db, signedIn.token))!;
      const ctx: Ctx = { db, orgId: who.orgId, actor: { type: "cardholder", customerId: who.customerId } };
      const svcCardId = signedIn.svcCardId;

      // Identity: the hosted page with the way back to the wizard.
      const link = await getKycLink({
        ctx,
        input: { svcCardId, returnTo: `/card/${orgId}/onboarding?kyc=returned` },
      });
      expect(new URL(link.url, "http://x").searchParams.get("return_to")).toBe(
        `/card/${orgId}/onboarding?kyc=returned`,
      );
      await decideByLink(db, { token: tokenOf(link.url), decision: "approved", country: "GB" });
      expect(await getKycStatus({ ctx, input: { svcCardId } })).toMatchObject({
        kyc_status: "approved",
        currency: "GBP",
        flow_status: "source_of_funds",
      });

      // Source of funds: the first option of every question, as the form's selects would send.
      const { questions } = await getSourceOfFunds({ ctx, input: { svcCardId, locale: "en" } });
      expect(questions.length).toBeGreaterThan(0);
      await submitSourceOfFunds({
        ctx,
        input: {
          svcCardId,
          answers: questions.map((q) => ({ question: q.question, answer: q.options[0]! })),
        },
      });

      // Phone.
      const phone = "+447700900456";
      await requestPhoneVerification({ ctx, input: { svcCardId, phone } });
      await verifyPhone({ ctx, input: { svcCardId, code: await lastCode(db, orgId, phone) } });

      // Wallet: deploying, then ready once the chain has finished.
      const { deployment } = await deploySafe({ ctx, input: { svcCardId } });
      expect(deployment).toMatchObject({ deploy_status: "processing", is_ready: false });
      expect(Date.parse(deployment.estimated_completion!)).not.toBeNaN();
      await completeSafeDeployment(db, { orgId, address: (await findCustomer(ctx, svcCardId)).safeAddress! });
      expect(await getSafeDeployment({ ctx, input: { svcCardId } })).toMatchObject({
        deploy_status: "deployed",
        is_ready: true,
      });

      // First card, then the PIN: the view-token answer carries the setup page's URL.
      const card = await createVirtualCard({ ctx, input: { svcCardId } });
      expect((await getMyAccount({ ctx })).flow_status).toBe("active");
      let setupUrl: string | undefined;
      try {
        await createViewToken({ ctx, input: { svcCardId, cardId: card.card_id, enabled_views: ["pin"] } });
      } catch (err) {
        expect(isServiceError(err) && err.code).toBe("PIN_NOT_SET");
        if (isServiceError(err)) setupUrl = err.data?.pin_setup_url as string;
      }
      expect(setupUrl).toMatch(/\/secure\/view\//);
      const opened = await openSecureView(db, tokenOf(setupUrl!));
      expect(opened.view).toBe("pin_setup");
      await submitPin(db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "4826" });
      const active = await getMyAccount({ ctx });
      expect(active).toMatchObject({ flow_status: "active", pin_set: true });
      expect(active.cards[0]).toMatchObject({ card_id: card.card_id, pin_set: true, status: "active" });
      const details = await createViewToken({
        ctx,
        input: { svcCardId, cardId: card.card_id, enabled_views: ["data", "pin"] },
      });
      expect(details.view).toBe("details_and_pin");

      // The cardholder freezes and unfreezes their own card without any second factor.
      await freezeCard({ ctx, input: { svcCardId, cardId: card.card_id } });
      expect((await getMyAccount({ ctx })).cards[0]).toMatchObject({ status: "frozen", is_frozen: true });
      await unfreezeCard({ ctx, input: { svcCardId, cardId: card.card_id } });

      // The program freezes it (an API key with write; a dashboard user would also pass 2FA): the cardholder
      // sees it frozen.
      const opCtx: Ctx = {
        db,
        orgId,
        actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write"] },
      };
      await freezeCard({ ctx: opCtx, input: { svcCardId, cardId: card.card_id } });
      expect((await getMyAccount({ ctx })).cards[0]).toMatchObject({ status: "frozen", is_frozen: true });

      // Another cardholder's session cannot touch this card.
      const otherEmail = uniqueEmail("other");
      await requestCardholderCode({ db, orgId, email: otherEmail, ip: "203.0.113.8" });
      const other = await verifyCardholderCode({
        db,
        orgId,
        email: otherEmail,
        code: await lastCode(db, orgId, otherEmail),
      });
      const otherWho = (await resolveCardholderSession(db, other.token))!;
      const otherCtx: Ctx = { db, orgId, actor: { type: "cardholder", customerId: otherWho.customerId } };
      expect(
        (await refusal(unfreezeCard({ ctx: otherCtx, input: { svcCardId, cardId: card.card_id } }))).code,
      ).toBe("NOT_FOUND");
    },
  );
});

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { FirstCardStep } from "@/components/cardholder/first-card-step";
import { IdentityStep } from "@/components/cardholder/identity-step";
import { OnboardingStepper, type WizardStage } from "@/components/cardholder/onboarding-stepper";
import { PhoneStep } from "@/components/cardholder/phone-step";
import { PinStep } from "@/components/cardholder/pin-step";
import { SignOutButton } from "@/components/cardholder/sign-out-button";
import { SourceOfFundsForm } from "@/components/cardholder/source-of-funds-form";
import { WalletStep } from "@/components/cardholder/wallet-step";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { MyAccount } from "@/lib/contracts/card-account";
import type { SafeDeployment } from "@/lib/contracts/cards";
import { isSandbox } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import { pinFormAction } from "@/server/actions/cardholder-card";
import {
  createFirstCardAction,
  deployWalletAction,
  kycLinkAction,
  myAccountAction,
  requestPhoneCodeAction,
  submitSourceOfFundsAction,
  verifyPhoneAction,
  walletProgressAction,
} from "@/server/actions/cardholder-onboarding";
import { type CardholderSessionInfo, requireCardholderSession } from "@/server/actions/cardholder-session";
import { signOutCardholderAction } from "@/server/actions/cardholder-sign-in";
import { getMyAccount } from "@/server/cards/my-account";
import { getKycStatus } from "@/server/cards/onboarding/kyc";
import { getSafeDeployment } from "@/server/cards/onboarding/safe";
import { getSourceOfFunds } from "@/server/cards/onboarding/source-of-funds";
import { getMyOnboardingTimes } from "@/server/cards/onboarding/step-times";
import { sourceOfFundsOptionLabel } from "@/server/cards/source-of-funds-questions";

export const metadata: Metadata = { title: "Set up your card" };

const STAGE_TITLE: Record<WizardStage, string> = {
  email: "Verify your email",
  identity: "Verify your identity",
  source_of_funds: "Where your money comes from",
  phone: "Verify your phone",
  wallet: "Set up your wallet",
  card: "Create your card",
  pin: "Choose your PIN",
};

/**
 * A known, safe refusal of a read (e.g. nothing started yet) leaves the page as it is; anything else is a
 * real failure.
 */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isServiceError(err) && err.status < 500) return null;
    throw err;
  }
}

/**
 * Back from the hosted KYC page (or waiting for a review): ask the KYC provider again before showing the
 * step.
 */
async function refreshedAccount(session: CardholderSessionInfo, returned: boolean): Promise<MyAccount> {
  const { ctx } = session;
  const account = await getMyAccount({ ctx });
  if (account.flow_status !== "identity_verification" || (account.kyc_status === "pending" && !returned))
    return account;
  await orNull(getKycStatus({ ctx, input: { svcCardId: session.customer.svcCardId } }));
  return getMyAccount({ ctx });
}

function stageOf(account: MyAccount, walletReady: boolean): WizardStage {
  switch (account.flow_status) {
    case "email_verification":
      return "email";
    case "identity_verification":
    case "rejected":
      return "identity";
    case "source_of_funds":
      return "source_of_funds";
    case "phone_verification":
      return "phone";
    case "account_setup":
      return walletReady ? "card" : "wallet";
    case "active":
      return "pin";
  }
}

/** Every onboarding step in order, at the cardholder's current one. */
export default async function OnboardingPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { orgId } = await params;
  const returned = (await searchParams).kyc === "returned";
  const session = await requireCardholderSession(orgId);
  const { ctx } = session;
  const svcCardId = session.customer.svcCardId;
  const myCardHref = `/card/${encodeURIComponent(orgId)}/my-card`;

  const account = await refreshedAccount(session, returned);
  const pinCard = account.cards.find((c) => (c.status === "active" || c.status === "frozen") && !c.pin_set);
  if (account.flow_status === "active" && (account.pin_set || !pinCard)) redirect(myCardHref);

  let deployment: SafeDeployment | null = null;
  if (account.flow_status === "account_setup")
    deployment = await orNull(getSafeDeployment({ ctx, input: { svcCardId } }));
  const stage = stageOf(account, deployment ? deployment.is_ready : account.safe_deployed);
  const stepTimes = await getMyOnboardingTimes({ ctx });

  let body: ReactNode;
  switch (stage) {
    case "email":
      body = (
        <Alert tone="warning">
          Your email address is not verified yet. Sign out, then sign in again to get a new code.
        </Alert>
      );
      break;
    case "identity":
      body =
        account.flow_status === "rejected" ? (
          <Alert tone="error">
            We could not verify your identity, so we cannot issue you a card. If you think this is a mistake,
            contact {session.org.name}&apos;s support.
          </Alert>
        ) : (
          <IdentityStep kycStatus={account.kyc_status} returned={returned} kycLink={kycLinkAction} />
        );
      break;
    case "source_of_funds": {
      const { questions } = await getSourceOfFunds({ ctx, input: { svcCardId, locale: "en" } });
      const labelled = questions.map((q) => ({
        ...q,
        options: q.options.map((value) => ({
          value,
          label: sourceOfFundsOptionLabel(q.question, value, "en"),
        })),
      }));
      body = <SourceOfFundsForm questions={labelled} submit={submitSourceOfFundsAction} />;
      break;
    }
    case "phone":
      body = (
        <>
          {isSandbox() ? (
            <Alert tone="warning">
              Sandbox: no text message is really sent. The code is in the dev outbox (dashboard → Sandbox).
            </Alert>
          ) : null}
          <PhoneStep requestCode={requestPhoneCodeAction} verify={verifyPhoneAction} />
        </>
      );
      break;
    case "wallet":
      body = <WalletStep initial={deployment} deploy={deployWalletAction} progress={walletProgressAction} />;
      break;
    case "card":
      body = <FirstCardStep create={createFirstCardAction} />;
      break;
    case "pin":
      body = (
        <PinStep
          cardId={pinCard!.card_id}
          pinForm={pinFormAction}
          myAccount={myAccountAction}
          myCardHref={myCardHref}
        />
      );
      break;
  }

  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Set up your card</h1>
          <p className="truncate text-sm text-muted">{session.customer.email}</p>
        </div>
        <SignOutButton orgId={orgId} signOut={signOutCardholderAction} />
      </div>
      <OnboardingStepper current={stage} times={stepTimes} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{STAGE_TITLE[stage]}</h2>
        </CardHeader>
        <CardBody>{body}</CardBody>
      </Card>
    </>
  );
}

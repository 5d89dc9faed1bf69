import type { SecureTheme } from "@/lib/contracts/cards";
import { CardDetails } from "./card-details";
import { PinForm } from "./pin-form";
import { SecureShell } from "./secure-shell";
import { SecureThemeStyle } from "./secure-theme-style";
import type { SecureCardDetails, SecureViewKind, SubmitPinAction } from "./types";

interface SecureViewProps {
  view: SecureViewKind;
  theme: SecureTheme;
  nonce?: string;
  lastFour: string;
  details?: SecureCardDetails;
  /** Besides its own origin, the windows that may hear from the page (secureFrameOrigins()). */
  parentOrigins: readonly string[];
  preview?: boolean;
  /** The PIN form's action and its proof; absent on the preview. */
  submit?: SubmitPinAction;
  viewId?: string;
  formSecret?: string;
}

const COPY: Record<SecureViewKind, { heading: string; intro: (lastFour: string) => string }> = {
  pin_setup: {
    heading: "Set your card PIN",
    intro: (l) =>
      `Choose a 4-digit PIN for your card ending in ${l}. ` +
      "You will need it for payments in shops and at ATMs.",
  },
  pin_change: {
    heading: "Change your card PIN",
    intro: (l) =>
      `Choose a new 4-digit PIN for your card ending in ${l}. Your old PIN stops working at once.`,
  },
  details_and_pin: { heading: "Change your PIN", intro: () => "Choose a new 4-digit PIN if you want to." },
};

/** The hosted page's content, shared by the real page (/secure/view/[token]) and the theme preview. */
export function SecureView({
  view,
  theme,
  nonce,
  lastFour,
  details,
  parentOrigins,
  preview,
  submit,
  viewId,
  formSecret,
}: SecureViewProps) {
  const copy = COPY[view];
  return (
    <>
      <SecureThemeStyle theme={theme} nonce={nonce} />
      <SecureShell logoUrl={theme.logo_url} preview={preview}>
        {view === "details_and_pin" && details ? <CardDetails details={details} lastFour={lastFour} /> : null}
        <PinForm
          heading={copy.heading}
          intro={copy.intro(lastFour)}
          parentOrigins={parentOrigins}
          submit={submit}
          viewId={viewId}
          formSecret={formSecret}
          compact={view === "details_and_pin"}
          autoFocus={!preview && view !== "details_and_pin"}
        />
      </SecureShell>
    </>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useMemo, useState } from "react";
import { SECURE_THEME_DEFAULTS, THEME_FIELDS, type ThemeField, validTheme } from "@/components/secure/theme";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import { type Action, transportError } from "@/lib/action-result";
import { type SecureTheme, secureThemeSchema } from "@/lib/contracts/cards";
import { humanErrorMap } from "@/lib/validation-messages";
import { ColorField } from "./card-pin-color-field";
import { CardPinPreview } from "./card-pin-preview";

type Values = Record<ThemeField, string>;

const COLORS: {
  field: Exclude<ThemeField, "border_radius" | "font_family" | "logo_url">;
  label: string;
  hint: string;
}[] = [
  { field: "accent_color", label: "Accent", hint: "The button and focus outlines." },
  { field: "background_color", label: "Background", hint: "The page behind everything." },
  { field: "panel_color", label: "Panel", hint: "The card details box and messages." },
  { field: "text_color", label: "Text", hint: "Headings, labels and the card number." },
  { field: "muted_color", label: "Muted text", hint: "Explanations, captions and input borders." },
];

function valuesOf(theme: SecureTheme): Values {
  return Object.fromEntries(THEME_FIELDS.map((f) => [f, theme[f] ?? ""])) as Values;
}

/** Field errors of what is typed (an empty field is fine: the default applies). */
function errorsOf(values: Values): Partial<Record<ThemeField, string>> {
  const errors: Partial<Record<ThemeField, string>> = {};
  for (const field of THEME_FIELDS) {
    const value = values[field].trim();
    if (!value) continue;
    const parsed = secureThemeSchema.shape[field].safeParse(value, { error: humanErrorMap });
    if (!parsed.success) errors[field] = parsed.error.issues[0]?.message ?? "Invalid value.";
  }
  return errors;
}

interface EditorProps {
  saved: SecureTheme;
  /** Absent for non-admins: the form is read only. */
  save?: Action<SecureTheme, SecureTheme>;
}

/** The 8 theme fields with a live preview of the unsaved values; Save replaces the program's whole theme. */
export function CardPinThemeEditor({ saved: initial, save }: EditorProps) {
  const router = useRouter();
  const [saved, setSaved] = useState(valuesOf(initial));
  const [values, setValues] = useState(saved);
  // Errors show for a field once it was left (blur) or a save was tried; the server's win.
  const [touched, setTouched] = useState<Partial<Record<ThemeField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<ThemeField, string>>>({});
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string }>();
  const saving = useAction(async (theme: SecureTheme) => (save ? save(theme) : transportError()));
  const pending = saving.pending;
  const readOnly = !save;

  const errors = useMemo(() => errorsOf(values), [values]);
  const preview = useMemo(() => validTheme(values), [values]);
  const dirty = THEME_FIELDS.some((f) => values[f].trim() !== saved[f]);
  const isDefault = THEME_FIELDS.every((f) => !values[f].trim());

  function set(field: ThemeField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setStatus(undefined);
    if (serverErrors[field]) setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  function resetTo(next: Values) {
    setValues(next);
    setTouched({});
    setServerErrors({});
    setStatus(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save) return;
    if (Object.keys(errors).length) {
      setTouched(Object.fromEntries(THEME_FIELDS.map((f) => [f, true])));
      setStatus({ tone: "error", text: "Fix the highlighted fields first." });
      return;
    }
    const theme = Object.fromEntries(
      THEME_FIELDS.filter((f) => values[f].trim()).map((f) => [f, values[f].trim()]),
    ) as SecureTheme;
    const res = await saving.run(theme);
    if (!res.ok) {
      setServerErrors((res.error.fields ?? {}) as Partial<Record<ThemeField, string>>);
      setStatus({ tone: "error", text: res.error.message });
      return;
    }
    const next = valuesOf(res.data);
    setSaved(next);
    resetTo(next);
    setStatus({
      tone: "success",
      text: "Saved. Secure links created from now on use this theme; links already handed out keep theirs.",
    });
    router.refresh();
  }

  const errorFor = (field: ThemeField) => serverErrors[field] ?? (touched[field] ? errors[field] : undefined);
  const leave = (field: ThemeField) => () => setTouched((t) => ({ ...t, [field]: true }));

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_auto]">
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5">
        {readOnly ? (
          <Alert>Only admins change the theme. You can look at it and at the preview.</Alert>
        ) : null}
        <fieldset disabled={readOnly || pending} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Colors</legend>
          {COLORS.map(({ field, label, hint }) => (
            <ColorField
              key={field}
              label={label}
              hint={hint}
              value={values[field]}
              defaultValue={SECURE_THEME_DEFAULTS[field]}
              onChange={(v) => set(field, v)}
              onBlur={leave(field)}
              error={errorFor(field)}
              disabled={readOnly || pending}
            />
          ))}
          <Field
            label="Corner radius"
            value={values.border_radius}
            placeholder={SECURE_THEME_DEFAULTS.border_radius}
            onChange={(e) => set("border_radius", e.target.value)}
            hint="Of inputs, the button and panels: px or rem, e.g. 12px or 0.5rem."
            onBlur={leave("border_radius")}
            error={errorFor("border_radius")}
            spellCheck={false}
            autoComplete="off"
          />
        </fieldset>
        <fieldset disabled={readOnly || pending} className="flex flex-col gap-4">
          <legend className="sr-only">Type and logo</legend>
          <Field
            label="Font family"
            value={values.font_family}
            placeholder={SECURE_THEME_DEFAULTS.font_family}
            onChange={(e) => set("font_family", e.target.value)}
            hint={
              "The page loads no web fonts: name fonts the cardholder's device has, " +
              "then a generic family, e.g. Inter, system-ui, sans-serif."
            }
            onBlur={leave("font_family")}
            error={errorFor("font_family")}
            spellCheck={false}
            autoComplete="off"
          />
          <Field
            label="Logo URL"
            type="url"
            value={values.logo_url}
            placeholder="https://cdn.example.com/logo.svg"
            onChange={(e) => set("logo_url", e.target.value)}
            hint={
              "An https image, shown at the top left, at most 32 px high. Empty: the " +
              "page says “Your card”."
            }
            onBlur={leave("logo_url")}
            error={errorFor("logo_url")}
            spellCheck={false}
            autoComplete="off"
          />
        </fieldset>
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={pending || !dirty} aria-busy={pending}>
              {pending ? "Saving…" : "Save theme"}
            </Button>
            <Button variant="secondary" disabled={pending || isDefault} onClick={() => resetTo(valuesOf({}))}>
              Reset to default
            </Button>
            {dirty ? (
              <Button variant="ghost" disabled={pending} onClick={() => resetTo(saved)}>
                Discard changes
              </Button>
            ) : null}
            {dirty ? (
              <span className="text-xs text-muted">
                Unsaved changes: the preview shows them, the secure page does not yet.
              </span>
            ) : null}
          </div>
        )}
      </form>
      <CardPinPreview theme={preview} />
    </div>
  );
}

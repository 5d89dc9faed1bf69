import { type SecureTheme, secureThemeSchema } from "@/lib/contracts/cards";

/** The secure page's look when a theme field is not set (what "Reset to default" goes back to). */
export const SECURE_THEME_DEFAULTS: Required<Omit<SecureTheme, "logo_url">> = {
  accent_color: "#2563eb",
  background_color: "#ffffff",
  panel_color: "#f1f5f9",
  text_color: "#0f172a",
  muted_color: "#64748b",
  border_radius: "12px",
  font_family: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

export const THEME_FIELDS = [
  "accent_color",
  "background_color",
  "panel_color",
  "text_color",
  "muted_color",
  "border_radius",
  "font_family",
  "logo_url",
] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];

/** Each field that passes the schema; the rest are dropped (query parameters, a half-typed form). */
export function validTheme(raw: Partial<Record<ThemeField, unknown>>): SecureTheme {
  const out: Record<string, string> = {};
  for (const field of THEME_FIELDS) {
    const parsed = secureThemeSchema.shape[field].safeParse(raw[field]);
    if (parsed.success && parsed.data) out[field] = parsed.data;
  }
  return out as SecureTheme;
}

/** Dark or white text, whichever reads better on a hex color (WCAG relative luminance). */
export function readableOn(hex: string): string {
  const digits = hex.slice(1);
  const full = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join("") : digits.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with slate-900 ((L + 0.05) / 0.0588).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0588 ? "#ffffff" : "#0f172a";
}

/**
 * The theme as CSS custom properties on .svc-secure, plus the page background. The values go into
 * a <style> element, so they are checked against the schema again here, whatever the caller did:
 * hex colors, px/rem radius and a font list without <, >, ;, {, } or / cannot leave the declaration.
 */
export function secureThemeCss(theme: SecureTheme): string {
  const t = { ...SECURE_THEME_DEFAULTS, ...validTheme(theme) };
  return [
    ".svc-secure{",
    `--svc-accent:${t.accent_color};`,
    `--svc-bg:${t.background_color};`,
    `--svc-panel:${t.panel_color};`,
    `--svc-text:${t.text_color};`,
    `--svc-muted:${t.muted_color};`,
    `--svc-radius:${t.border_radius};`,
    `--svc-on-accent:${readableOn(t.accent_color)};`,
    "--svc-border:color-mix(in srgb,var(--svc-muted) 45%,transparent);",
    `font-family:${t.font_family};`,
    "color:var(--svc-text);background:var(--svc-bg);color-scheme:light;",
    "}",
    ".svc-secure :focus-visible{outline:2px solid var(--svc-accent);outline-offset:2px;}",
    // The iframe shows the body: it takes the page's background, whatever the console's theme class says.
    `html,body{background:${t.background_color};}`,
  ].join("");
}

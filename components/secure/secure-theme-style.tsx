import type { SecureTheme } from "@/lib/contracts/cards";
import { secureThemeCss } from "./theme";

/**
 * The theme as one <style> element. Under the page's CSP (style-src 'self' 'nonce-...') it
 * applies only with this response's nonce; style="" attributes would need 'unsafe-inline'.
 */
export function SecureThemeStyle({ theme, nonce }: { theme: SecureTheme; nonce?: string }) {
  return <style nonce={nonce}>{secureThemeCss(theme)}</style>;
}

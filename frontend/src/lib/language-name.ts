// Apart from language.ts, which the API client (and so the landing page) loads: only the language menu and
// the admin screens name languages.

/** A language by its own name ('de' → 'Deutsch', 'ja' → '日本語'); the code when the browser has no name for it. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // not a tag Intl accepts
  }
  return code;
}

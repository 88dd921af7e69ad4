import { deleteCookie, readCookie, writeCookie } from './cookies';

export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_COOKIE = 'lang';

/** How long a chosen language is remembered (renewed on every visit). */
const LANGUAGE_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** A language tag as Accept-Language carries it ('de', 'pt-BR'); anything else stored is ignored. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

// Storage can be switched off or throw (private windows, blocked site data): the cookie still remembers.
function fromStorage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function toStorage(language: string | null): void {
  try {
    if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // the cookie is enough
  }
}

export const isLanguageTag = (value: string) => LANGUAGE_TAG.test(value);

/**
 * The language the reader chose for game names ('de', …), or null for Automatic: then the API calls carry
 * only the browser's own Accept-Language.
 */
export function readLanguage(): string | null {
  const stored = fromStorage() ?? readCookie(LANGUAGE_COOKIE);
  return stored && isLanguageTag(stored) ? stored : null;
}

/** Remembers the choice in localStorage and in the `lang` cookie; null (Automatic) forgets it. */
export function writeLanguage(language: string | null, now: Date = new Date()): void {
  toStorage(language);
  if (language) {
    writeCookie(LANGUAGE_COOKIE, language, { expires: new Date(now.getTime() + LANGUAGE_COOKIE_LIFETIME_MS) });
  } else {
    deleteCookie(LANGUAGE_COOKIE);
  }
}

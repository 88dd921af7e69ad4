/** The raw value of a cookie, URL-decoded, or undefined when it is not set. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (!entry.startsWith(prefix)) continue;
    const raw = entry.slice(prefix.length);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The site's own cookies go back to the site only (SameSite=Strict: no cross-site request carries the
 * access token), and only over https when the page is served over https (Secure).
 */
function attributes(): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Strict${secure}`;
}

export function writeCookie(name: string, value: string, options: { expires?: Date } = {}): void {
  const expires = options.expires ? `; expires=${options.expires.toUTCString()}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}${attributes()}${expires}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0${attributes()}`;
}

/**
 * The game sends UTF-16 text split into byte pairs: each UTF-16 code unit becomes two characters, high
 * byte first (`"Hi"` → `"\u0000H\u0000i"`). The hub relays that form unchanged; only the admin's chat log
 * and identity checks need the readable text.
 */
export function encodePairs(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    out += String.fromCharCode(unit >> 8, unit & 0xff);
  }
  return out;
}

/** True when the string can be byte pairs: an even length and every character a single byte. */
export function isPairEncoded(value: string): boolean {
  if (value.length % 2 !== 0) return false;
  for (let i = 0; i < value.length; i += 1) if (value.charCodeAt(i) > 0xff) return false;
  return true;
}

/** Readable text from byte pairs; a string that is not in that form is returned as it came. */
export function decodePairs(value: string): string {
  if (!isPairEncoded(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i += 2)
    out += String.fromCharCode((value.charCodeAt(i) << 8) | value.charCodeAt(i + 1));
  return out;
}

/**
 * Whether a name the client sent is this user: the game sends byte pairs, other clients may send plain
 * text; usernames compare case-insensitively.
 */
export function sameUser(claimed: string, username: string): boolean {
  const want = username.toLowerCase();
  return claimed.toLowerCase() === want || (isPairEncoded(claimed) && decodePairs(claimed).toLowerCase() === want);
}

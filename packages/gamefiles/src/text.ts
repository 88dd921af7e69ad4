// The game's text files (inside a language's .arc): `tag=value` lines, `#` or `//` comments, UTF-8 with or
// without a BOM, CRLF or LF. German values carry grammar markers (FORMATS.md): a noun starts with one
// (`[ns]Crimsons abscheuliches Zepter`: neuter singular), an adjective lists one form per marker
// (`[ms]Mächtiger[fs]Mächtige[ns]Mächtiges[mp]…`). Markers pick forms and are never shown.
import { writeArc } from './arc';

/** A grammar marker: two lower-case letters in brackets (the German archive has ms fs ns mp fp np). */
const MARKER = /\[([a-z]{2})\]/g;
const ONE_MARKER = /\[[a-z]{2}\]/;
/** Colour and format codes: `{^E}`, `{^n}`, and the bare `^o` form. */
const CODES = /\{\^[A-Za-z-]\}|\^[A-Za-z]/g;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** A value with its markers taken apart. */
export interface TextValue {
  /** What is shown: markers and colour codes removed, spaces trimmed and collapsed. */
  text: string;
  /** The value's first marker when it starts with one: the gender and number of a noun (`ns`). */
  gender?: string;
  /** Each marker's form, when the value has two or more (an adjective, a prefix). */
  forms?: Record<string, string>;
}

export const cleanText = (s: string): string => s.replace(CODES, ' ').replace(/\s+/g, ' ').trim();

/** Splits a raw value into what is shown, its gender and its forms. */
export function parseTextValue(raw: string): TextValue {
  if (!raw.includes('[') || raw.search(ONE_MARKER) < 0) return { text: cleanText(raw) };
  const segments: Array<{ marker: string; text: string }> = [];
  let lead = '';
  let last = 0;
  let marker: string | undefined;
  for (const m of raw.matchAll(MARKER)) {
    const piece = raw.slice(last, m.index);
    if (marker === undefined) lead = piece;
    else segments.push({ marker, text: cleanText(piece) });
    marker = m[1]!;
    last = m.index + m[0].length;
  }
  segments.push({ marker: marker!, text: cleanText(raw.slice(last)) });
  const value: TextValue = { text: segments[0]!.text };
  const leading = cleanText(lead);
  if (leading === '') value.gender = segments[0]!.marker;
  else if (segments.length === 1) value.text = cleanText(`${leading} ${segments[0]!.text}`);
  // Text before the first of several forms is the default form (`Rasender[fs]Rasende…`), unless it holds
  // no letter at all (`|9[ms]des Zauberers…`, a stray code in one real value).
  else if (/\p{L}/u.test(leading)) value.text = leading;
  if (segments.length > 1) {
    value.forms = {};
    for (const s of segments) value.forms[s.marker] ??= s.text;
  }
  return value;
}

/** Decodes a text file: UTF-8 (a BOM dropped); a file that is not valid UTF-8 is read as Latin-1. */
export function decodeText(buf: Uint8Array): { text: string; utf8: boolean } {
  let start = 0;
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
  const body = buf.subarray(start);
  try {
    return { text: utf8.decode(body), utf8: true };
  } catch {
    return { text: latin1.decode(body), utf8: false };
  }
}

/**
 * Reads a text file's `tag=value` lines into `into` (a later line of the same tag replaces an earlier
 * one, as the game's own loading does). Values are kept raw, markers included; lines that are blank,
 * comments or carry no `=` are skipped.
 */
export function readTextFile(buf: Uint8Array, into: Map<string, string> = new Map()): Map<string, string> {
  const { text } = decodeText(buf);
  for (const line of text.split(/\r\n|\n|\r/)) {
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const first = line.trimStart();
    if (first.startsWith('#') || first.startsWith('//')) continue;
    const tag = line.slice(0, eq).trim();
    if (tag) into.set(tag, line.slice(eq + 1).trim());
  }
  return into;
}

/** A text file's lines for the writer: `tag=value` with CRLF, as the game's files are. */
export function writeTextFile(tags: Readonly<Record<string, string>> | ReadonlyMap<string, string>): Buffer {
  const entries = tags instanceof Map ? [...tags] : Object.entries(tags);
  return Buffer.from(entries.map(([tag, value]) => `${tag}=${value}\r\n`).join(''), 'utf8');
}

/**
 * A text archive (a language's Text_XX.arc) from files of tags: `{ 'tags_items.txt': { tagX: 'Name' },
 * 'fg/tagsgdx2_creatures.txt': { … } }`. For tests, the demo and the bench.
 */
export function writeTextArchive(
  files: Readonly<Record<string, Readonly<Record<string, string>> | ReadonlyMap<string, string>>>,
): Buffer {
  return writeArc(Object.entries(files).map(([name, tags]) => ({ name, data: writeTextFile(tags) })));
}

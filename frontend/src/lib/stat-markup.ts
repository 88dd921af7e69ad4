/**
 * The catalogue's stat markup (spec §9): `{…}` marks a highlighted (bold) value and `[…]` a secondary
 * (italic) highlight. Parsed into plain segments so server text is always rendered as React text.
 */

export type StatSegmentKind = 'text' | 'primary' | 'secondary';

export interface StatSegment {
  kind: StatSegmentKind;
  text: string;
}

const CLOSERS: Record<string, { close: string; kind: StatSegmentKind }> = {
  '{': { close: '}', kind: 'primary' },
  '[': { close: ']', kind: 'secondary' },
};

/** Splits a stat line into text, `{primary}` and `[secondary]` segments; unmatched brackets stay text. */
export function parseStatMarkup(line: string): StatSegment[] {
  const segments: StatSegment[] = [];
  const push = (kind: StatSegmentKind, text: string) => {
    if (text === '') return;
    const last = segments.at(-1);
    if (last && last.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  let i = 0;
  while (i < line.length) {
    const opener = CLOSERS[line[i]!];
    if (opener) {
      const end = line.indexOf(opener.close, i + 1);
      if (end > i) {
        push(opener.kind, line.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    }
    push('text', line[i]!);
    i += 1;
  }
  return segments;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? whole;
  });
}

/**
 * The visible lines of a node's (sanitised) HTML: split at `<br>` and block ends, tags removed, entities
 * decoded. The result is text for parseStatMarkup, never HTML.
 */
export function htmlToLines(html: string): string[] {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|ul|ol)\s*>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n');
  const text = decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

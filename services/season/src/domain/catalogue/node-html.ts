import sanitizeHtml from 'sanitize-html';

/**
 * Node HTML is typed by admins and shown to everyone, so it is cleaned once, on save: only formatting
 * tags survive, with classes and a few inline styles. No links, images, iframes, forms or event
 * handlers: stat lines never need them, and each is a way to run or load something. The stat markup
 * (`{highlight}`, `[secondary]`) is plain text, which the sanitiser leaves alone.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'br',
    'hr',
    'p',
    'div',
    'span',
    'ul',
    'ol',
    'li',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: { '*': ['class', 'style'] },
  allowedClasses: { '*': [/^[A-Za-z][\w-]{0,40}$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^[a-z]{3,20}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-align': [/^(left|right|center)$/],
    },
  },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeNodeHtml(raw: string): string {
  return sanitizeHtml(raw, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The visible lines of sanitised node HTML: block ends and <br> break lines, tags go, entities are
 * decoded. The stat markup stays, because the display renders it.
 */
export function nodeLines(html: string): string[] {
  const broken = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h4|h5|h6|ul|ol)>/gi, '\n');
  const text = decodeEntities(broken.replace(/<[^>]*>/g, ''));
  return text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export const nodeText = (html: string): string => nodeLines(html).join('\n');

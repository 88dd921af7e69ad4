/**
 * A small PDF 1.4 writer for text documents (the patch notes): A4 pages, the standard Helvetica fonts
 * (no embedding), headings, bullets and word-wrapped paragraphs, and a correct cross-reference table so
 * every viewer opens it without repair. The input is the project's Markdown-like changelog text:
 * `# ` and `## ` lines are headings, `- ` lines are bullets, blank lines separate paragraphs.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;

interface Style {
  font: 'F1' | 'F2';
  size: number;
  leading: number;
  /** Space above the block. */
  before: number;
  indent: number;
}

const STYLES = {
  title: { font: 'F2', size: 20, leading: 26, before: 0, indent: 0 },
  heading: { font: 'F2', size: 14, leading: 19, before: 12, indent: 0 },
  subheading: { font: 'F2', size: 11.5, leading: 16, before: 8, indent: 0 },
  body: { font: 'F1', size: 10, leading: 14, before: 4, indent: 0 },
  bullet: { font: 'F1', size: 10, leading: 14, before: 2, indent: 14 },
} satisfies Record<string, Style>;

export interface PdfLine {
  text: string;
  style: Style;
  /** Drawn before the first wrapped line of a bullet. */
  marker?: string;
  /** Space above, only on the block's first line. */
  before: number;
}

// Helvetica's average advance is about half an em; bold is a little wider. Wrapping on it keeps lines
// inside the margins without embedding metrics tables.
function maxChars(style: Style): number {
  const width = PAGE_WIDTH - 2 * MARGIN - style.indent;
  const average = style.font === 'F2' ? 0.58 : 0.52;
  return Math.floor(width / (style.size * average));
}

/** Characters a standard font can show (WinAnsi); others become close ASCII or '?'. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/→/g, '->')
    .replace(/≤/g, '<=')
    .replace(/≥/g, '>=')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, width));
      word = word.slice(width);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the Markdown-like text out as styled lines, paragraphs joined and wrapped. */
export function layout(markdown: string): PdfLine[] {
  const out: PdfLine[] = [];
  let paragraph: string[] = [];
  const push = (text: string, style: Style, marker?: string) => {
    wrap(toWinAnsi(text), maxChars(style)).forEach((t, i) =>
      out.push({ text: t, style, before: i === 0 ? style.before : 0, marker: i === 0 ? marker : undefined }),
    );
  };
  const flush = () => {
    if (paragraph.length) push(paragraph.join(' '), STYLES.body);
    paragraph = [];
  };
  let bullet: string[] | null = null;
  const flushBullet = () => {
    if (bullet) push(bullet.join(' '), STYLES.bullet, '-');
    bullet = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      flushBullet();
      const level = heading[1]!.length;
      push(heading[2]!, level === 1 ? STYLES.title : level === 2 ? STYLES.heading : STYLES.subheading);
    } else if (item) {
      flush();
      flushBullet();
      bullet = [item[1]!];
    } else if (line.trim() === '') {
      flush();
      flushBullet();
    } else if (bullet) {
      bullet.push(line.trim());
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  flushBullet();
  return out;
}

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

function paginate(lines: PdfLine[], title: string): string[] {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const footer = (n: number) =>
    `BT /F1 8 Tf ${MARGIN} ${MARGIN / 2} Td (${escapeText(toWinAnsi(`${title} - page ${n}`))}) Tj ET`;
  for (const line of lines) {
    const needed = line.before + line.style.leading;
    if (y - needed < MARGIN && ops.length) {
      pages.push(ops);
      ops = [];
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= ops.length ? needed : line.style.leading;
    const x = MARGIN + line.style.indent;
    if (line.marker) {
      ops.push(`BT /F1 ${line.style.size} Tf ${(x - 10).toFixed(2)} ${y.toFixed(2)} Td (${line.marker}) Tj ET`);
    }
    ops.push(
      `BT /${line.style.font} ${line.style.size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td (${escapeText(line.text)}) Tj ET`,
    );
  }
  if (ops.length || pages.length === 0) pages.push(ops);
  return pages.map((page, i) => [...page, footer(i + 1)].join('\n'));
}

/** The whole document as bytes. `title` goes into the document info and each page's footer. */
export function writeTextPdf(title: string, markdown: string, created = new Date()): Buffer {
  const contents = paginate(layout(markdown), title);
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info, then a page and its content stream per page.
  const pageIds = contents.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  const stamp = created
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  objects[5] = `<< /Title (${escapeText(toWinAnsi(title))}) /Producer (Grim League) /CreationDate (D:${stamp}) >>`;
  contents.forEach((stream, i) => {
    const pageId = pageIds[i]!;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = offset;
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

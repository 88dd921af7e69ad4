import { layout, toWinAnsi, wrap, writeTextPdf } from './pdf';

/** Reads a PDF the way a viewer starts to: the startxref, the xref table, then each object by its offset. */
function parse(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, countText] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
  const count = Number(countText);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + count);
  const objects = new Map<number, string>();
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    const id = i + 1;
    expect(text.slice(offset).startsWith(`${id} 0 obj\n`)).toBe(true);
    const end = text.indexOf('\nendobj\n', offset);
    objects.set(id, text.slice(offset + `${id} 0 obj\n`.length, end));
  });
  return { text, objects };
}

function shownText(objects: Map<number, string>): string[] {
  const shown: string[] = [];
  for (const body of objects.values()) {
    const stream = /stream\n([\s\S]*)\nendstream/.exec(body);
    if (!stream) continue;
    const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
    expect(Buffer.byteLength(stream[1]!, 'latin1')).toBe(length);
    for (const m of stream[1]!.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) shown.push(m[1]!.replace(/\\(.)/g, '$1'));
  }
  return shown;
}

describe('patch-notes PDF writer', () => {
  it('when text is written, then every xref offset points at its object and each stream length is exact', () => {
    const pdf = writeTextPdf(
      'Patch notes',
      '# Season 7\n\nFirst (and only) paragraph with a \\ backslash.\n\n- a bullet',
    );
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const { objects } = parse(pdf);
    expect(objects.get(1)).toContain('/Type /Catalog');
    const shown = shownText(objects);
    expect(shown).toContain('Season 7');
    expect(shown).toContain('First (and only) paragraph with a \\ backslash.');
    expect(shown).toContain('a bullet');
  });

  it('when the text is longer than a page, then it flows onto more pages and the page tree counts them', () => {
    const long = Array.from({ length: 200 }, (_, i) => `- change number ${i}`).join('\n');
    const { objects } = parse(writeTextPdf('Patch notes', long));
    const count = Number(/\/Count (\d+)/.exec(objects.get(2)!)?.[1]);
    expect(count).toBeGreaterThan(2);
    const pages = [...objects.values()].filter((body) => body.includes('/Type /Page ')).length;
    expect(pages).toBe(count);
    const shown = shownText(objects);
    expect(shown).toContain('change number 0');
    expect(shown).toContain('change number 199');
    expect(shown).toContain(`Patch notes - page ${count}`);
  });

  it('when a paragraph is wider than the page, then it wraps on word boundaries and long words are cut', () => {
    expect(wrap('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    const lines = layout(`Intro ${'word '.repeat(60)}\ncontinued on the next source line`);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)!.text.endsWith('continued on the next source line')).toBe(true);
  });

  it('when text has characters outside WinAnsi, then they become ASCII look-alikes or ?', () => {
    expect(toWinAnsi('a → b — “c” ≤ 250 kB ✓ é')).toBe('a -> b - "c" <= 250 kB ? é');
  });
});

import { writeSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { OUTPUT_DIR } from './browser';

/**
 * axe-core on the pages the journeys visit: `expectAccessible(page, label)` fails on any violation of
 * impact serious or critical, naming the rule, its impact and the first elements it found. Each journey
 * file keeps a tally (pages checked, violations found) and prints it in one line from `axeSummary`, which
 * also writes e2e/output/axe/<journey>.json so a run's figures can be added up.
 *
 * AXE_SOFT=1 records and prints the serious and critical violations without failing, to survey a site
 * with several problems in one run; the tally still counts them.
 */

const FAILING = new Set(['serious', 'critical']);

interface Finding {
  label: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const tally = { pages: 0, violations: 0, minor: 0, findings: [] as Finding[] };

export interface AccessibleOptions {
  /**
   * Selectors axe leaves out, each for a third-party widget whose markup the site does not control;
   * give the reason at the call. Never a way to hide the site's own markup.
   */
  exclude?: string[];
}

/** Resolves once every finite CSS animation and transition has ended (spinners run forever and are skipped). */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

function line(v: Result): string {
  const targets = v.nodes
    .slice(0, 3)
    .map((n) => {
      // color-contrast says which colours it measured: the fix is then a palette change, not a guess.
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${n.target.map(String).join(' >> ')}${colours}`;
    })
    .join(' | ');
  const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
  return `${v.id} [${v.impact}] ${v.help}: ${targets}${more}`;
}

/**
 * One line to the terminal, written synchronously: the run ends with --forceExit, which drops a pending
 * asynchronous write of the last journey file's summary.
 */
function say(text: string): void {
  const line = text.endsWith('\n') ? text : `${text}\n`;
  try {
    writeSync(process.stdout.fd, line);
  } catch {
    process.stdout.write(line);
  }
}

/** Runs axe on the page as it stands and fails on a serious or critical violation. */
export async function expectAccessible(page: Page, label: string, options: AccessibleOptions = {}): Promise<void> {
  await animationsDone(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  tally.pages += 1;
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  tally.minor += results.violations.length - failing.length;
  tally.violations += failing.length;
  for (const v of failing) {
    tally.findings.push({
      label,
      url: page.url(),
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' >> ')),
    });
  }
  if (!failing.length) return;
  const message = `axe on ${label} (${page.url()}): ${failing.length} serious or critical violation(s)\n  ${failing
    .map(line)
    .join('\n  ')}`;
  if (process.env.AXE_SOFT === '1') say(message);
  else throw new Error(message);
}

/** Prints the journey file's one summary line and writes its figures to e2e/output/axe/<journey>.json. */
export async function axeSummary(journey: string): Promise<void> {
  const rules = [...new Set(tally.findings.map((f) => f.rule))];
  say(
    `axe ${journey}: ${tally.pages} page(s) checked, ${tally.violations} serious or critical violation(s)` +
      `${rules.length ? ` (${rules.join(', ')})` : ''}, ${tally.minor} minor or moderate\n`,
  );
  const dir = path.join(OUTPUT_DIR, 'axe');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${journey}.json`), `${JSON.stringify({ journey, ...tally }, null, 2)}\n`);
}

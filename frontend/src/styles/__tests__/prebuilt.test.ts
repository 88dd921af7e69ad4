import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The prebuilt stylesheets and the names their modules mark (written by frontend/scripts/collect-styles.mjs).
// A name marked without its rules would leave its elements unstyled; rules of a name not marked are dead
// weight (emotion inserts that style again at runtime).
const dir = path.resolve(__dirname, '..', 'prebuilt');
const groups = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));

/** The names a group's module marks as inserted. */
const markedNames = (group: string): string[] =>
  JSON.parse(readFileSync(path.join(dir, `${group}.json`), 'utf8')) as string[];

/** The emotion name each rule of a group's stylesheet belongs to. */
function ruleNames(group: string): string[] {
  const css = readFileSync(path.join(dir, `${group}.css`), 'utf8');
  return css
    .split('\n')
    .filter(Boolean)
    .map((rule) => {
      const m =
        /^@(?:-webkit-)?keyframes (animation-[a-z0-9]+)/.exec(rule) ?? /\.css-([a-z0-9]+(?:-[\w-]+)?)/.exec(rule);
      const name = m?.[1];
      if (!name) throw new Error(`${group}.css has a rule of no emotion style: ${rule.slice(0, 80)}`);
      return name;
    });
}

describe('the prebuilt styles', () => {
  it('are there for the shell and the main pages', () => {
    expect(groups.sort()).toEqual(['item', 'leaderboard', 'pages', 'shell', 'stash']);
  });

  it.each(groups)('%s: every name marked has its rules, and every rule is of a name marked', (group) => {
    const marked = markedNames(group);
    const ruled = new Set(ruleNames(group));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((name) => !ruled.has(name))).toEqual([]);
    expect([...ruled].filter((name) => !marked.includes(name))).toEqual([]);
  });

  it('mark no name twice: a style is in one group, the shell, the shared pages or one page', () => {
    const groupOf = new Map<string, string>();
    const twice: string[] = [];
    for (const group of groups) {
      for (const name of markedNames(group)) {
        if (groupOf.has(name)) twice.push(`${name} in ${groupOf.get(name)} and ${group}`);
        groupOf.set(name, group);
      }
    }
    expect(twice).toEqual([]);
  });
});

import { nodeLines, sanitizeNodeHtml } from '../src/domain/catalogue/node-html';
import { itemStyleOf, searchPattern, seesInactive } from '../src/domain/catalogue/rules';

describe('catalogue rules', () => {
  it('when node HTML has blocks, breaks and entities, then its lines are the visible text with the stat markup kept', () => {
    const html = sanitizeNodeHtml(
      '<p>{+10%} Fire &amp; Cold</p><ul><li>[a]&nbsp;&lt;b&gt;</li><li>&#123;x&#x7D;</li></ul>x<br/>  y  ',
    );
    expect(nodeLines(html)).toEqual(['{+10%} Fire & Cold', '[a] <b>', '{x}', 'x', 'y']);
    expect(nodeLines('')).toEqual([]);
  });

  it('when a search term has regex metacharacters, then the pattern matches it literally; blank terms mean no search', () => {
    const pattern = searchPattern('  a.b*(c)[d]{2}|e^$\\/- ')!;
    expect(new RegExp(pattern, 'i').test('x A.B*(C)[D]{2}|E^$\\/- y')).toBe(true);
    expect(new RegExp(pattern, 'i').test('aXb*(c)[d]{2}|e^$\\/-')).toBe(false);
    expect(searchPattern('   ')).toBeUndefined();
    expect(searchPattern(undefined)).toBeUndefined();
  });

  it('when deciding visibility and style, then only an admin asking sees inactive records; Mythical and Empowered map to the tier styles', () => {
    expect(seesInactive({ isAdmin: true }, true)).toBe(true);
    expect(seesInactive({ isAdmin: true }, undefined)).toBe(false);
    expect(seesInactive({ isAdmin: false }, true)).toBe(false);
    expect(itemStyleOf('Mythical Heart of the Storm')).toBe('tagStyleUniqueTier3');
    expect(itemStyleOf('Empowered Warborn Greataxe')).toBe('tagStyleUniqueTier2');
    expect(itemStyleOf('Crown of Ash')).toBeNull();
  });
});

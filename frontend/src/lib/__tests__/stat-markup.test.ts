import { htmlToLines, parseStatMarkup } from '../stat-markup';

describe('stat markup', () => {
  it('when a line has {…} and […], then they become primary and secondary segments between text', () => {
    expect(parseStatMarkup('{+3} to [Righteous Fervor] skill')).toEqual([
      { kind: 'primary', text: '+3' },
      { kind: 'text', text: ' to ' },
      { kind: 'secondary', text: 'Righteous Fervor' },
      { kind: 'text', text: ' skill' },
    ]);
  });

  it('when a bracket is never closed, then it stays plain text', () => {
    expect(parseStatMarkup('Damage {12% and [more')).toEqual([{ kind: 'text', text: 'Damage {12% and [more' }]);
  });

  it('when the line has no markup, then it is one text segment', () => {
    expect(parseStatMarkup('Attacks per Second')).toEqual([{ kind: 'text', text: 'Attacks per Second' }]);
  });

  it('when node HTML has breaks, blocks, tags and entities, then it becomes clean text lines with the markup kept', () => {
    expect(
      htmlToLines('<p><b>{+18%}</b> Fire &amp; Burn<br>{+6%} Attack Speed</p><div>&lt;script&gt;</div><br/>'),
    ).toEqual(['{+18%} Fire & Burn', '{+6%} Attack Speed', '<script>']);
  });
});

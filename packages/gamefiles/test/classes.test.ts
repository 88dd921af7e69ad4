import { BUILD_CLASSES } from '@league/contracts';
import { CLASS_NAMES, classFromTag, tagFromClass } from '@league/gamefiles';

describe('class table', () => {
  it('has the 45 class names of the spec (the same list as contracts)', () => {
    expect(CLASS_NAMES).toHaveLength(45);
    expect(new Set(CLASS_NAMES).size).toBe(45);
    expect([...CLASS_NAMES].sort()).toEqual([...BUILD_CLASSES].sort());
  });

  it('maps class tags to names', () => {
    expect(classFromTag('tagSkillClassName0406')).toEqual({
      className: 'Trickster',
      masteries: ['Nightblade', 'Shaman'],
    });
    expect(classFromTag('tagSkillClassName0608').className).toBe('Ritualist');
    expect(classFromTag('tagSkillClassName0806').className).toBe('Ritualist');
    expect(classFromTag('tagSkillClassName0102').className).toBe('Commando');
    expect(classFromTag('tagSkillClassName0809').className).toBe('Oppressor');
    expect(classFromTag('tagSkillClassName04').className).toBe('Nightblade');
    expect(classFromTag('tagSkillClassName09').className).toBe('Oathkeeper');
    expect(classFromTag('')).toEqual({ className: null, masteries: [] });
  });

  it('gives null for tags it does not know', () => {
    for (const tag of [
      'tagSkillClassName',
      'tagSkillClassName00',
      'tagSkillClassName10',
      'tagSkillClassName0404',
      'tagSkillClassName041',
      'tagSkillClassName040607',
      'tagSomethingElse0406',
    ]) {
      expect(classFromTag(tag).className).toBeNull();
    }
  });

  it('every one of the 45 names round-trips through its tag', () => {
    for (const name of CLASS_NAMES) {
      const tag = tagFromClass(name);
      expect(tag).not.toBeNull();
      expect(classFromTag(tag as string).className).toBe(name);
    }
    expect(tagFromClass('Trickster')).toBe('tagSkillClassName0406');
    expect(tagFromClass('Nope')).toBeNull();
  });
});

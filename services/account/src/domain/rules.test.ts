import { emailProblem, highestRole, passwordProblem, socialLink, usernameProblem } from './rules';

describe('account rules', () => {
  it('when a password breaks a rule, then the first broken rule is named', () => {
    expect(passwordProblem('has=sign')).toBe('Password cannot contain = sign');
    expect(passwordProblem('=')).toBe('Password cannot contain = sign');
    expect(passwordProblem('1234567')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(passwordProblem('12345678')).toBeUndefined();
  });

  it('when a username is 3 to 20 of letters, digits, _ or -, then it passes; otherwise not', () => {
    for (const ok of ['abc', 'A_b-9', 'x'.repeat(20)]) expect(usernameProblem(ok)).toBeUndefined();
    for (const bad of ['ab', 'x'.repeat(21), 'a b', 'ä-name', 'name!', '']) expect(usernameProblem(bad)).toBeDefined();
  });

  it('when an email lacks an @, a dotted domain, or has spaces, then it is refused', () => {
    expect(emailProblem('a@b.co')).toBeUndefined();
    for (const bad of ['a@b', 'a b@c.de', '@c.de', 'a@.de', 'a@@c.de']) expect(emailProblem(bad)).toBeDefined();
  });

  it('when roles are ranked, then admin > tester > supporter_s7 > player', () => {
    expect(highestRole(['supporter_s7', 'admin', 'tester'])).toBe('admin');
    expect(highestRole(['supporter_s7', 'tester'])).toBe('tester');
    expect(highestRole(['supporter_s7'])).toBe('supporter_s7');
    expect(highestRole([])).toBe('player');
  });

  it('when a social link points off the platform or is not http(s), then it is refused; empty clears it', () => {
    expect(socialLink('twitchUrl', '')).toBeNull();
    expect(socialLink('twitchUrl', null)).toBeNull();
    expect(socialLink('youtubeUrl', 'https://youtu.be/abc')).toBe('https://youtu.be/abc');
    expect(socialLink('youtubeUrl', 'https://m.youtube.com/@grim')).toBe('https://m.youtube.com/@grim');
    expect(() => socialLink('twitchUrl', 'https://nottwitch.tv/x')).toThrow('twitchUrl must be a link to Twitch');
    expect(() => socialLink('twitchUrl', 'ftp://twitch.tv/x')).toThrow('twitchUrl must be a link to Twitch');
    expect(() => socialLink('youtubeUrl', 'youtube')).toThrow('youtubeUrl must be a link to YouTube');
  });
});

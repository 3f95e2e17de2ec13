import { demoPasswords } from '../modules/admin/seed';
import { STRONG_PASSWORD } from '../testing/http';
import { assertNewPassword, isCommonPassword, MIN_PASSWORD_SCORE, newPasswordProblem } from './password-policy';

describe('new password policy', () => {
  const email = 'owner.name@shop.example';

  it.each([
    ['password1234', 'This password is among the most commonly used passwords; choose another'],
    ['qwerty123456', 'This password is among the most commonly used passwords; choose another'],
    ['Dragon!!2024', 'This password is among the most commonly used passwords; choose another'],
    ['aaaaaaaaaaa1', 'The password repeats one character too much; choose another'],
    ['          1a', 'The password repeats one character too much; choose another'],
    ['abababababab', 'The password repeats one character too much; choose another'],
    ['Owner.Name@Shop.Example', 'The password must not be your email address'],
    ['OWNER.NAME  ', 'The password must not be your email address'],
    ['aaaaaaaaa1', 'Password must be at least 12 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
  ])('refuses %j: %s', (password, message) => {
    expect(newPasswordProblem(password, email)).toBe(message);
  });

  it('refuses the local part of the email when it is long enough to be a password', () => {
    expect(newPasswordProblem('Owner.Name.Long', 'owner.name.long@shop.example')).toBe('The password must not be your email address');
  });

  it('accepts the demo and test passwords, passphrases and passwords without digits or letters', () => {
    for (const password of [demoPasswords().merchant, demoPasswords().admin, STRONG_PASSWORD, 'correct horse battery staple', 'brisk-otter-lantern-58']) {
      expect(newPasswordProblem(password, email)).toBeNull();
    }
    expect(isCommonPassword('pricehunt-admin-1')).toBe(false);
  });

  it.each([
    ['1234567890123', /^This password is too easy to guess\. This is similar to a commonly used password\./],
    ['qwertyuiopas', /^This password is too easy to guess\. This is similar to a commonly used password\./],
    ['P@ssword1234', /^This password is too easy to guess\. .*Avoid predictable letter substitutions like '@' for 'a'\./],
    ['abcdefghijkl', /^This password is too easy to guess\. Common character sequences like "abc" are easy to guess\./],
    ['pricehunt1234', /^This password is too easy to guess\. Add more words that are less common\./],
    ['pricehunt-admin-1', /^This password is too easy to guess\./],
  ])('refuses %j as too easy to guess (zxcvbn score under 3), saying why', (password, message) => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    expect(newPasswordProblem(password, email)).toMatch(message);
  });

  it('throws the 400 envelope error naming the field', () => {
    expect(() => assertNewPassword('password1234', email, 'newPassword')).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'newPassword', message: 'This password is among the most commonly used passwords; choose another' }),
    );
  });
});

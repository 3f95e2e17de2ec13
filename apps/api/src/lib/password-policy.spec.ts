import { DEMO_ADMIN_PASSWORD, DEMO_MERCHANT_PASSWORD } from '../modules/admin/seed';
import { STRONG_PASSWORD } from '../testing/http';
import { assertNewPassword, isCommonPassword, newPasswordProblem } from './password-policy';

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
    for (const password of [DEMO_MERCHANT_PASSWORD, DEMO_ADMIN_PASSWORD, STRONG_PASSWORD, 'correct horse battery staple', 'lettersonlyhere', '739184620573']) {
      expect(newPasswordProblem(password, email)).toBeNull();
    }
    expect(isCommonPassword('pricehunt-admin-1')).toBe(false);
  });

  it('throws the 400 envelope error naming the field', () => {
    expect(() => assertNewPassword('password1234', email, 'newPassword')).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'newPassword', message: 'This password is among the most commonly used passwords; choose another' }),
    );
  });
});

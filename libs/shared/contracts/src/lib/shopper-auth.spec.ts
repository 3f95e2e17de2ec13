import { shopperAuthResponseSchema, shopperLoginBodySchema, shopperRegisterBodySchema } from './shopper-auth';

describe('shopper auth contracts', () => {
  it('reads the user of an auth answer', () => {
    const user = { id: 'u1', email: 'a@b.co', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect(shopperAuthResponseSchema.parse({ success: true, user }).user).toEqual(user);
  });

  it('normalises the login email and requires a password', () => {
    expect(shopperLoginBodySchema.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
    const result = shopperLoginBodySchema.safeParse({ email: 'a@b.co', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['password']);
  });

  it('applies the password rules at registration', () => {
    expect(shopperRegisterBodySchema.safeParse({ email: 'a@b.co', password: 'short1' }).success).toBe(false);
    expect(shopperRegisterBodySchema.safeParse({ email: 'a@b.co', password: 'longenough1' }).success).toBe(false);
    expect(shopperRegisterBodySchema.safeParse({ email: 'a@b.co', password: 'long-enough-1' }).success).toBe(true);
    // No composition rule: letters alone, or digits alone, are fine at that length.
    expect(shopperRegisterBodySchema.safeParse({ email: 'a@b.co', password: 'lettersonlyhere' }).success).toBe(true);
  });

  it.each([
    ['aaaaaaaaa1', 'Password must be at least 12 characters'],
    ['aaaaaaaaaaa1', 'The password repeats one character too much; choose another'],
    ['          1a', 'The password repeats one character too much; choose another'],
    ['xyxyxyxyxyxy', 'The password repeats one character too much; choose another'],
    ['Long.Name@B.Co', 'The password must not be your email address'],
    ['  LONG.NAME.AT.HOME  ', 'The password must not be your email address'],
  ])('refuses %j under the password field: %s', (password, message) => {
    const email = password.includes('HOME') ? 'long.name.at.home@b.co' : 'long.name@b.co';
    const result = shopperRegisterBodySchema.safeParse({ email, password });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['password', message]);
  });
});

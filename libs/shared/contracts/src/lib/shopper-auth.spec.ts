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
    expect(shopperRegisterBodySchema.safeParse({ email: 'a@b.co', password: 'longenough1' }).success).toBe(true);
  });
});

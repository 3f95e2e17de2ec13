import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@pricehunt/http-errors';
import { requireAdmin, requireBusiness, requireShopper } from './hooks';
import { canReceiveAttribution, canSignIn, canUseAdminArea } from './permissions';

const business = (overrides: Record<string, unknown> = {}) => ({
  id: 'b1',
  email: 'b@shop.example',
  storeName: null,
  storeDomain: null,
  isAdmin: false,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function fakeRequest(session: Record<string, unknown>, found: ReturnType<typeof business> | undefined) {
  return {
    session,
    business: null,
    shopper: null,
    server: {
      businessAccounts: { findById: (id: string) => (found && found.id === id ? found : undefined) },
      shopperAccounts: { findById: (id: string) => (id === 's1' ? { id: 's1', email: 's@mail.example' } : undefined) },
    },
  } as unknown as FastifyRequest;
}
const reply = {} as FastifyReply;
const run = async (hook: typeof requireBusiness, request: FastifyRequest) => {
  try {
    await hook.call(undefined as never, request, reply);
    return 'ok';
  } catch (error) {
    return (error as HttpError).statusCode;
  }
};

describe('auth hooks', () => {
  it('requireBusiness: 401 signed out, 403 suspended, sets request.business when active', async () => {
    expect(await run(requireBusiness, fakeRequest({}, business()))).toBe(401);
    expect(await run(requireBusiness, fakeRequest({ businessId: 'gone' }, business()))).toBe(401);
    expect(await run(requireBusiness, fakeRequest({ businessId: 'b1' }, business({ status: 'suspended' })))).toBe(403);
    const request = fakeRequest({ businessId: 'b1' }, business());
    expect(await run(requireBusiness, request)).toBe('ok');
    expect(request.business?.id).toBe('b1');
  });

  it('requireAdmin: 403 for a non-admin business, passes an admin', async () => {
    expect(await run(requireAdmin, fakeRequest({ businessId: 'b1' }, business()))).toBe(403);
    expect(await run(requireAdmin, fakeRequest({}, business({ isAdmin: true })))).toBe(401);
    const request = fakeRequest({ businessId: 'b1' }, business({ isAdmin: true }));
    expect(await run(requireAdmin, request)).toBe('ok');
    expect(request.business?.isAdmin).toBe(true);
  });

  it('requireShopper: 401 without a shopper in the session', async () => {
    expect(await run(requireShopper, fakeRequest({ businessId: 'b1' }, business()))).toBe(401);
    const request = fakeRequest({ shopperId: 's1' }, undefined);
    expect(await run(requireShopper, request)).toBe('ok');
    expect(request.shopper?.id).toBe('s1');
  });

  it('permission predicates', () => {
    expect(canSignIn({ status: 'active' })).toBe(true);
    expect(canSignIn({ status: 'suspended' })).toBe(false);
    expect(canUseAdminArea({ status: 'active', isAdmin: true })).toBe(true);
    expect(canUseAdminArea({ status: 'suspended', isAdmin: true })).toBe(false);
    expect(canReceiveAttribution({ status: 'suspended' })).toBe(false);
  });
});

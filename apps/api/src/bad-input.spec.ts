import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from './testing/test-app';
import { cookieFrom, registerBusiness, registerShopper, STRONG_PASSWORD } from './testing/http';

/*
 * Every documented route, fed malformed input by every kind of caller: no answer may be a 5xx, and every refusal is
 * the JSON error envelope. Routes come from the OpenAPI document, so a new route is covered without a new line here.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}

const ORIGIN = 'http://localhost:4300';
const LONG = 'x'.repeat(5_000);

/** Path parameter values that are not what any route expects. */
const BAD_PARAMS = ['x', '-1', '0', '1.5', '99999999999999999999', '%00', '%E0%A4%A', encodeURIComponent('../../etc/passwd'), LONG];

/** Query strings with wrong types, out-of-range numbers, impossible dates and control characters. */
const BAD_QUERIES = [
  '',
  '?page=-1&pageSize=abc&limit=1e309&offset=-5',
  '?from=2026-13-45&to=yesterday&tz=Not/AZone&interval=century',
  '?sort=%00&category=%E0%A4%A&q=' + LONG,
  '?page=0&page=2&status[]=x&id=1&id=2',
];

/** Bodies of the wrong shape or kind; `wrongTypes` adds one per route from its own schema. */
const BAD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '{}', type: 'application/json' },
  { payload: '{"a":', type: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: 'plain words', type: 'text/plain' },
];

interface OpenApiSchema {
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
}
interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

/** A value of another type than the schema asks for (a number for a string, a string for a number, …). */
function wrongValue(schema: OpenApiSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return null;
  }
}

/** The route's own body schema with every property of the wrong type, and with every string far too long. */
function schemaBodies(operation: OpenApiOperation): Array<{ payload: string; type: string }> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const properties = schema?.properties ?? schema?.anyOf?.[0]?.properties ?? schema?.oneOf?.[0]?.properties;
  if (!properties) return [];
  const wrong = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, wrongValue(property)]));
  const long = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, property.type === 'string' ? LONG.repeat(20) : wrongValue(property)]));
  return [
    { payload: JSON.stringify(wrong), type: 'application/json' },
    { payload: JSON.stringify(long), type: 'application/json' },
  ];
}

describe('bad input on every route', () => {
  let t: TestApp;
  let routes: Array<Route & { operation: OpenApiOperation }>;
  const sessions: Record<string, string | undefined> = { anonymous: undefined };

  beforeAll(async () => {
    t = await buildTestApp();
    // A merchant with a store, and an admin who is also signed in as a shopper (one session cookie carries both).
    sessions.merchant = (await registerBusiness(t.app, 'merchant@shop.example', STRONG_PASSWORD, { storeDomain: 'shop.example' })).cookie;
    await t.app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    const admin = await t.app.inject({ method: 'POST', url: '/api/business/auth/login', headers: { origin: ORIGIN }, payload: { email: 'admin@example.com', password: STRONG_PASSWORD } });
    const adminCookie = cookieFrom(admin);
    await registerShopper(t.app, 'shopper@mail.example', STRONG_PASSWORD, { origin: ORIGIN });
    const shopper = await t.app.inject({
      method: 'POST',
      url: '/api/shopper/auth/login',
      headers: { origin: ORIGIN, cookie: adminCookie ?? '' },
      payload: { email: 'shopper@mail.example', password: STRONG_PASSWORD },
    });
    sessions['admin and shopper'] = cookieFrom(shopper) ?? adminCookie;
    expect(sessions.merchant).toBeDefined();
    expect(sessions['admin and shopper']).toBeDefined();

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as Method, path, operation })),
    );
    // Routes that end the session run last, so the others are tried signed in.
    routes.sort((a, b) => Number(/logout|delete-account|\/account$/.test(a.path)) - Number(/logout|delete-account|\/account$/.test(b.path)));
  });

  afterAll(async () => {
    await t.close();
  });

  it('covers the documented API', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((r) => r.method === 'POST' && r.path === '/api/track-event')).toBe(true);
  });

  it('answers a path the router cannot read with the envelope naming the parameters', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/products/${LONG}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, error: 'A path parameter is too long', field: 'params' });
    const encoding = await t.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(encoding.statusCode).toBe(400);
    expect(encoding.json()).toMatchObject({ success: false, error: 'The path is not a valid URL', field: 'params' });
  });

  // Thousands of requests: on a machine busy with the other suites they take minutes.
  it('answers malformed parameters, queries and bodies with a 4xx envelope (or a normal answer), never a 5xx', async () => {
    // One line per route, status and kind of failure, with the first request that showed it.
    const failures = new Map<string, string>();
    const fail = (kind: string, status: number, route: Route, example: string) => {
      const key = `${route.method} ${route.path} → ${status} ${kind}`;
      if (!failures.has(key)) failures.set(key, example);
    };
    let requests = 0;
    for (const route of routes) {
      const hasParams = route.path.includes('{');
      const paths = hasParams ? BAD_PARAMS.map((value) => route.path.replace(/\{[^}]+\}/g, value)) : [route.path];
      const bodies = route.method === 'GET' ? [undefined] : [undefined, ...BAD_BODIES, ...schemaBodies(route.operation)];
      for (const [who, cookie] of Object.entries(sessions)) {
        for (const path of paths) {
          for (const query of BAD_QUERIES) {
            for (const body of query === '' ? bodies : [undefined]) {
              const options: InjectOptions = {
                method: route.method,
                url: path + query,
                headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': body.type } : {}) },
                ...(body ? { payload: body.payload } : {}),
              };
              const res = await t.app.inject(options);
              requests++;
              const label = `${who}: ${route.method} ${(path + query).slice(0, 120)}${body ? ` ${body.type} ${body.payload.slice(0, 60)}` : ''}`;
              if (res.statusCode >= 500) {
                fail('server error', res.statusCode, route, `${label}: ${res.body.slice(0, 200)}`);
              } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
                const envelope = res.json<{ success?: unknown; error?: unknown }>();
                if (envelope.success !== false || typeof envelope.error !== 'string' || envelope.error === '') fail('without the error envelope', res.statusCode, route, `${label}: ${res.body.slice(0, 200)}`);
              } else if (res.statusCode >= 400) {
                fail(`as ${res.headers['content-type']}, not JSON`, res.statusCode, route, label);
              }
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(1_000);
    expect([...failures].map(([key, example]) => `${key} (${example})`)).toEqual([]);
  }, 600_000);
});

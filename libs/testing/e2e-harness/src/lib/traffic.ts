import http from 'node:http';

/**
 * Traffic for the fleet's abuse scenarios: shoppers who follow redirects and read /api/health, and a client who sends
 * oversized bodies, each from a loopback address of its own (127.0.0.0/8 is all loopback on Linux), so nginx's
 * per-address limits see them as different clients.
 */

export interface Answer {
  /** The HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  error?: string;
}

const agents = new Map<string, http.Agent>();
/** One keep-alive agent per local address: a client's connections all start from its address. */
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** Closes the kept connections of every address. */
export function closeTrafficAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * One request from `localAddress` to `url`, redirects not followed; a body is sent with its Content-Length. Answers
 * the status (0 when none came within `timeoutMs`), headers and body.
 */
export function request(
  url: string,
  { localAddress = '127.0.0.1', method = 'GET', body, headers = {}, timeoutMs = 10_000 }: { localAddress?: string; method?: string; body?: Buffer | string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress,
        agent: agentFor(localAddress),
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    // An answer may come before the whole body was sent (a refusal): the error that follows on the socket is no news.
    req.on('error', (error: NodeJS.ErrnoException) => settle({ status: 0, headers: {}, body: '', error: error.code ?? error.message }));
    req.end(body);
  });
}

export interface ShopperTally {
  requests: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  /** 5xx answers and requests that got no answer. */
  lost: number;
  /** Session ids of the redirects answered 302 (each must be a stored click). */
  clicks: string[];
  /** What the lost requests were (`GET /api/health 502`, `GET /api/redirect ECONNRESET`). */
  losses: Record<string, number>;
}

export interface AttackerTally {
  requests: number;
  statuses: Record<number, number>;
  /** Requests that got no answer. */
  unanswered: number;
  /** A body of the first 413 and first 429 answered, for checking the envelope. */
  samples: Answer[];
}

export interface Traffic<T> {
  stop(): Promise<T>;
}

/**
 * `count` shoppers, the i-th on 127.0.0.<firstHost + i>, each in a loop: a redirect through the site (a click with a
 * session id of its own, not followed), then the health check, `pauseMs` between requests, until stopped.
 */
export function startShoppers(site: string, { count = 8, firstHost = 10, pauseMs = 20, sessionPrefix = 'shopper' } = {}): Traffic<ShopperTally> {
  const tally: ShopperTally = { requests: 0, statuses: {}, lost: 0, clicks: [], losses: {} };
  const target = encodeURIComponent('https://www.ebay.com/itm/110358675107');
  let running = true;
  const shopper = async (index: number) => {
    const localAddress = `127.0.0.${firstHost + index}`;
    for (let n = 0; running; n++) {
      const id = `${sessionPrefix}-${index}-${n}`;
      for (const path of [`/api/redirect?to=${target}&source=fleet_probe&pricehunt_session_id=${id}`, '/api/health']) {
        const answer = await request(`${site}${path}`, { localAddress });
        tally.requests++;
        tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
        const route = path.split('?')[0];
        if (answer.status === 0 || answer.status >= 500) {
          tally.lost++;
          const what = `GET ${route} ${answer.status || answer.error}`;
          tally.losses[what] = (tally.losses[what] ?? 0) + 1;
        } else if (route === '/api/redirect' && answer.status === 302) tally.clicks.push(id);
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  };
  const loops = Array.from({ length: count }, (_, index) => shopper(index));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}

/**
 * A client on `localAddress` posting `bytes` of JSON to /api/track-event `perSecond` times a second (without waiting
 * for earlier answers), until stopped.
 */
export function startOversizedPoster(site: string, { localAddress = '127.0.0.2', perSecond = 4, bytes = 2 * 1024 * 1024 } = {}): Traffic<AttackerTally> {
  const tally: AttackerTally = { requests: 0, statuses: {}, unanswered: 0, samples: [] };
  const body = Buffer.alloc(bytes, 'a');
  body.write('{"eventType":"page_view","eventData":{"padding":"');
  body.write('"}}', bytes - 3);
  const pending: Promise<void>[] = [];
  const send = () => {
    tally.requests++;
    pending.push(
      request(`${site}/api/track-event`, { localAddress, method: 'POST', body, headers: { 'content-type': 'application/json' }, timeoutMs: 15_000 }).then((answer) => {
        tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
        if (answer.status === 0) tally.unanswered++;
        if ((answer.status === 413 || answer.status === 429) && !tally.samples.some((sample) => sample.status === answer.status)) tally.samples.push(answer);
      }),
    );
  };
  send();
  const timer = setInterval(send, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return tally;
    },
  };
}

/**
 * robots.txt as RFC 9309 reads it: the group of the crawler's product token (else `*`), its Allow and Disallow rules,
 * the longest matching rule deciding (Allow on a tie), `*` matching any run of characters and `$` the end of the path.
 * `createRobotsGate` keeps each origin's file for a day, and answers whether a URL may be read: a missing file (4xx)
 * allows everything, a file that cannot be had (5xx, no answer) allows nothing until it can.
 */
import type { SafeFetcher } from './safe-fetch';

export interface RobotsRule {
  allow: boolean;
  /** The rule's path pattern, percent-encoding kept as written. */
  pattern: string;
}

export interface RobotsFile {
  /** Rules by user agent (lower case, `*` for every crawler). */
  groups: Map<string, RobotsRule[]>;
}

/** The token a robots.txt group names this crawler by. */
export const ROBOTS_AGENT = 'pricehuntbot';

/** Reads a robots.txt body: consecutive user-agent lines open a group, the rules after them belong to all of them. */
export function parseRobots(text: string): RobotsFile {
  const groups = new Map<string, RobotsRule[]>();
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      const agent = value.toLowerCase();
      agents.push(agent);
      if (!groups.has(agent)) groups.set(agent, []);
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      // An empty Disallow allows everything: it is no rule.
      if (value === '') continue;
      for (const agent of agents) groups.get(agent)?.push({ allow: key === 'allow', pattern: value });
    }
  }
  return { groups };
}

const patternCache = new Map<string, RegExp>();
function patternRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    re = new RegExp(`^${body}${anchored ? '$' : ''}`);
    if (patternCache.size > 5000) patternCache.clear();
    patternCache.set(pattern, re);
  }
  return re;
}

/** Whether `agent` may read `pathAndQuery` (the URL's path with its query) under `robots`. */
export function robotsAllow(robots: RobotsFile, pathAndQuery: string, agent = ROBOTS_AGENT): boolean {
  if (pathAndQuery === '/robots.txt') return true;
  const rules = robots.groups.get(agent) ?? robots.groups.get('*') ?? [];
  let best: RobotsRule | null = null;
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(pathAndQuery)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}

/** What an origin's robots.txt says, kept until `until`. */
interface Kept {
  until: number;
  robots: RobotsFile | 'all' | 'unreachable' | 'server-error';
}

/**
 * A shop's robots.txt could not be had: no answer (`unreachable`) or a server error. Nothing of the shop is read
 * meanwhile (RFC 9309: complete disallow), and callers tell the shop's failure, not a refusal.
 */
export class RobotsUnavailableError extends Error {
  constructor(
    readonly origin: string,
    readonly reason: 'unreachable' | 'server-error',
  ) {
    super(`the robots.txt of ${origin} could not be had (${reason === 'unreachable' ? 'no answer' : 'a server error'}): nothing of it is read until it can`);
    this.name = 'RobotsUnavailableError';
  }
}

export interface RobotsGate {
  /**
   * Whether the crawler may read `url`; fetches (and keeps) its origin's robots.txt the first time. Rejects with
   * RobotsUnavailableError while the file cannot be had (nothing may be read then).
   */
  allows(url: string): Promise<boolean>;
}

/** A day: how long a robots.txt is kept (RFC 9309 asks for no more). */
export const ROBOTS_KEEP_MS = 24 * 60 * 60 * 1000;

export function createRobotsGate(options: { fetcher: SafeFetcher; now?: () => number; keepMs?: number; agent?: string }): RobotsGate {
  const now = options.now ?? Date.now;
  const keepMs = options.keepMs ?? ROBOTS_KEEP_MS;
  const kept = new Map<string, Kept>();
  async function robotsOf(origin: string): Promise<Kept['robots']> {
    const hit = kept.get(origin);
    if (hit && hit.until > now()) return hit.robots;
    let robots: Kept['robots'];
    try {
      const answer = await options.fetcher.fetch(`${origin}/robots.txt`);
      robots = answer.status >= 200 && answer.status < 300 ? parseRobots(answer.body) : answer.status >= 400 && answer.status < 500 ? 'all' : 'server-error';
    } catch {
      // No answer: nothing is read until the file can be had (kept briefly, so that it is asked again soon).
      kept.set(origin, { until: now() + 60_000, robots: 'unreachable' });
      return 'unreachable';
    }
    if (kept.size > 10_000) kept.clear();
    kept.set(origin, { until: now() + keepMs, robots });
    return robots;
  }
  return {
    async allows(url: string) {
      const parsed = new URL(url);
      const robots = await robotsOf(parsed.origin);
      if (robots === 'all') return true;
      if (robots === 'unreachable' || robots === 'server-error') throw new RobotsUnavailableError(parsed.host, robots);
      return robotsAllow(robots, `${parsed.pathname}${parsed.search}`, options.agent ?? ROBOTS_AGENT);
    },
  };
}

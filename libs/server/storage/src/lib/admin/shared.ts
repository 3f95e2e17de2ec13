import type { AdminRepository, RetailerSettings } from './repository';

/** A part of the admin repository: the methods `K`, composed with the others by each engine's factory. */
export type AdminPart<K extends keyof AdminRepository> = Pick<AdminRepository, K>;

/** `%` and `_` typed in a search box are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The settings an edit expected are those stored. */
export const sameSettings = (a: RetailerSettings, b: RetailerSettings) =>
  a.name === b.name && a.affiliateParam === b.affiliateParam && JSON.stringify(a.domains) === JSON.stringify(b.domains);

/** The first of `retailers` (but `exceptId`) that has one of `domains`, with that domain. */
export function owningDomain(retailers: ReadonlyArray<{ id: string; domains: string[] }>, domains: string[], exceptId: string): { id: string; domain: string } | undefined {
  for (const retailer of retailers) {
    if (retailer.id === exceptId) continue;
    const domain = retailer.domains.find((item) => domains.includes(item));
    if (domain) return { id: retailer.id, domain };
  }
  return undefined;
}

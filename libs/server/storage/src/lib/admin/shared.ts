import type { ActivityFigures, AuditAction, AuditEntry } from '@pricehunt/contracts';
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

/** An audit log row as read (`AUDIT_COLUMNS`), its instant and json columns as the engine reads them. */
export interface AuditRowOf<Instant, Json> {
  id: string;
  createdAt: Instant;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: AuditEntry['targetType'];
  targetId: string | null;
  targetLabel: string | null;
  beforeJson: Json | null;
  afterJson: Json | null;
}

/** The audit entry of a row, given how the engine's instants and json columns read. */
export function auditEntryOf<Instant, Json>(row: AuditRowOf<Instant, Json>, iso: (at: Instant) => string, json: (value: Json) => Record<string, unknown>): AuditEntry {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.beforeJson ? json(row.beforeJson) : null,
    after: row.afterJson ? json(row.afterJson) : null,
  };
}

/** The overview's figures by UTC day (`YYYY-MM-DD`); `day` answers a day's figures, begun at zero when first asked. */
export function activityDays() {
  const days = new Map<string, ActivityFigures>();
  const day = (date: string) => {
    let figures = days.get(date);
    if (!figures) {
      figures = { searches: 0, clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 };
      days.set(date, figures);
    }
    return figures;
  };
  return { days, day };
}

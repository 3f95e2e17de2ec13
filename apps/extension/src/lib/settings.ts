import { normalizeHost } from '@pricehunt/marketplace';

/** What the options page sets: where the API and the shopper site are, and the sites the panel is off on. */
export interface Settings {
  apiUrl: string;
  siteUrl: string;
  /** Hosts (lower case, no `www.`) whose product pages show no panel. */
  panelOffHosts: string[];
}

/** The key the settings are kept under in `storage.local`. */
export const SETTINGS_KEY = 'settings';

/** An http(s) address as the settings keep it: its origin and path, no trailing slash; null when it is none. */
export function cleanAddress(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** A host as the off list holds it: lower case, without `www.`. */
export function siteKey(host: string): string {
  return (normalizeHost(host) ?? host.toLowerCase()).replace(/^www\./, '');
}

/** Stored settings read over the defaults: a value that is not what it should be is left at its default. */
export function readSettings(stored: unknown, defaults: { apiUrl: string; siteUrl: string }): Settings {
  const value = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const address = (field: unknown, fallback: string) => (typeof field === 'string' ? (cleanAddress(field) ?? fallback) : fallback);
  const hosts = Array.isArray(value['panelOffHosts']) ? value['panelOffHosts'].filter((host): host is string => typeof host === 'string') : [];
  return {
    apiUrl: address(value['apiUrl'], defaults.apiUrl),
    siteUrl: address(value['siteUrl'], defaults.siteUrl),
    panelOffHosts: [...new Set(hosts.map(siteKey))],
  };
}

/** Whether the panel shows on this host's product pages (off for a site turns it off on its subdomains too). */
export function panelOn(settings: Settings, host: string): boolean {
  const key = siteKey(host);
  return !settings.panelOffHosts.some((off) => key === off || key.endsWith(`.${off}`));
}

/** The settings with the panel turned on or off for one host. */
export function withPanel(settings: Settings, host: string, on: boolean): Settings {
  const key = siteKey(host);
  const others = settings.panelOffHosts.filter((entry) => entry !== key);
  return { ...settings, panelOffHosts: on ? others : [...others, key].sort() };
}

import { retailerMatchPatterns } from './lib/detect';

/**
 * The public key of the unpacked extension: it fixes the extension's id (`chrome-extension://<EXTENSION_ID>`), which the
 * API's EXTENSION_ORIGINS default names. The stores' packages leave it out (a store gives its own id).
 */
export const EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA2Ey/U8Ud6GqvtAx0J3FR0kyu32fPdIVdQclETfZMwJgfi2DYb89CGb/oKkp7Ll38/Sp2HZzuZddz+7iVGKcl6jIZtj7UZRNbP2cdAEGea0gHzOrRfuALSljmRdBNeaTciKbImy/6XYwGe8t8qQKfaFlgtsO681YX6OVyhl5NOLegRioOuKO1Y0myqzcux+R/gZ6vhRLsieJYvxPykyiv9dGD3jK9r12zcQdX4fTZc3cGSKDdkAaEGe0nDWFL4YmZyiBzGRxX3Gf/kSlxtKTBkZ4c2FDo/zMrM8gJ1YXkjgrQ0cyw62+xlUfK3Dbu6sbNL2U1ai30e5IiSGuIbwHczwIDAQAB';
/** The id Chromium gives the unpacked extension (the first 128 bits of the key's SHA-256, written in the letters a to p). */
export const EXTENSION_ID = 'cppdbbnjceodababbhdjpelpfajachgh';
/** The extension's id on Firefox (its `moz-extension://` origin is a random one per install). */
export const GECKO_ID = 'extension@pricehunt.example';

export interface ManifestOptions {
  version: string;
  /** The API addresses the extension may call with the shopper's cookies (host permissions). */
  apiUrls: string[];
  /** The unpacked build carries the key (a fixed id); the stores' package does not. */
  withKey: boolean;
}

/** A host permission for an API address: its origin, any path. */
export function originPattern(address: string): string {
  return `${new URL(address).origin}/*`;
}

/**
 * manifest.json (Manifest V3, Chromium and Firefox): the content script and host permissions on the known retailers'
 * sites and the API only; storage for the settings; no access to any other site, nor to the tabs' addresses elsewhere.
 */
export function buildManifest(options: ManifestOptions): Record<string, unknown> {
  const retailers = retailerMatchPatterns();
  return {
    manifest_version: 3,
    name: 'PriceHunt: compare prices while you shop',
    short_name: 'PriceHunt',
    version: options.version,
    description: 'On a product page of a store PriceHunt knows, shows how many other stores sell it and the best price.',
    ...(options.withKey ? { key: EXTENSION_KEY } : {}),
    action: { default_title: 'PriceHunt', default_popup: 'popup.html' },
    options_ui: { page: 'options.html', open_in_tab: true },
    // Chromium runs the service worker; Firefox, which has none in extensions, the same file as an event page.
    background: { service_worker: 'background.js', scripts: ['background.js'] },
    content_scripts: [{ matches: retailers, js: ['content.js'], run_at: 'document_idle' }],
    permissions: ['storage'],
    host_permissions: [...retailers, ...[...new Set(options.apiUrls.map(originPattern))]],
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    browser_specific_settings: { gecko: { id: GECKO_ID, strict_min_version: '128.0' } },
  };
}

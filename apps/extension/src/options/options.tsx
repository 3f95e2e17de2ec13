import { RETAILER_LIST } from '@pricehunt/marketplace';
import { useToast } from '@pricehunt/ui-toast';
import { useEffect, useState, type FormEvent } from 'react';
import { knownShopDomains } from '../lib/detect';
import { cleanAddress, panelOn, withPanel, type Settings } from '../lib/settings';

export interface OptionsProps {
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
  /** The addresses of a fresh install (production's; `npm start`'s in a development build). */
  defaults: { apiUrl: string; siteUrl: string };
}

const shopDomains = new Set(knownShopDomains());

/** The options page: the API's and the site's addresses, and the sites the panel is off on. */
export function Options({ load, save, defaults }: OptionsProps) {
  const toast = useToast();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [apiUrl, setApiUrl] = useState('');
  const [siteUrl, setSiteUrl] = useState('');

  useEffect(() => {
    void load().then((loaded) => {
      setSettings(loaded);
      setApiUrl(loaded.apiUrl);
      setSiteUrl(loaded.siteUrl);
    });
  }, [load]);

  if (!settings) return <p className="muted">Loading…</p>;

  const store = async (next: Settings, message: string) => {
    await save(next);
    setSettings(next);
    toast.success(message);
  };
  const saveAddresses = (event: FormEvent) => {
    event.preventDefault();
    const api = cleanAddress(apiUrl);
    const site = cleanAddress(siteUrl);
    if (!api || !site) {
      toast.error(!api ? 'The API address must be an http(s) address' : 'The site address must be an http(s) address');
      return;
    }
    void store({ ...settings, apiUrl: api, siteUrl: site }, 'Addresses saved');
  };
  const toggle = (domain: string, on: boolean) => void store(withPanel(settings, domain, on), on ? `Panel on for ${domain}` : `Panel off for ${domain}`);

  return (
    <main className="options">
      <h1>PriceHunt settings</h1>
      <form onSubmit={saveAddresses} className="addresses">
        <label htmlFor="api-url">API address</label>
        <input id="api-url" type="url" required value={apiUrl} onChange={(event) => setApiUrl(event.target.value)} />
        <label htmlFor="site-url">PriceHunt site address (comparison links)</label>
        <input id="site-url" type="url" required value={siteUrl} onChange={(event) => setSiteUrl(event.target.value)} />
        <div className="row">
          <button type="submit" className="button primary">
            Save addresses
          </button>
          <button type="button" className="button" onClick={() => { setApiUrl(defaults.apiUrl); setSiteUrl(defaults.siteUrl); }}>
            Use the defaults
          </button>
        </div>
      </form>
      <h2>Show the panel on</h2>
      <p className="muted">The panel appears on product pages of these stores only. Untick a site to turn it off there.</p>
      <div className="sites">
        {RETAILER_LIST.map((retailer) => (
          <fieldset key={retailer.id}>
            <legend>{retailer.name}</legend>
            {retailer.domains
              .filter((domain) => shopDomains.has(domain))
              .map((domain) => (
                <label key={domain} className="site">
                  <input type="checkbox" checked={panelOn(settings, domain)} onChange={(event) => toggle(domain, event.target.checked)} />
                  {domain}
                </label>
              ))}
          </fieldset>
        ))}
      </div>
    </main>
  );
}

const DEFAULT_TITLE = 'PriceHunt: compare prices across retailers';
const DEFAULT_DESCRIPTION = 'Paste a product link or search, and see the same product at other retailers, cheapest first, with price history and price alerts.';

/** The `<head>` of the site's own pages (landing, deals): title, description, canonical URL, Open Graph and Twitter tags. */
export function SiteHead({ origin, path, title = DEFAULT_TITLE, description = DEFAULT_DESCRIPTION }: { origin: string; path: string; title?: string; description?: string }) {
  const url = `${origin}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="PriceHunt" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

// The page each web app is served in: its head (the same tags in every app, then its own title and description), the
// #root element it renders into and its entry script. An app's index.html is the empty document these go into.
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface AppShellOptions {
  /** The page's title until the app sets its own. */
  title: string;
  /** The description search engines show (the shopper site's). */
  description?: string;
}

export function appShell({ title, description }: AppShellOptions): Plugin {
  const head: HtmlTagDescriptor[] = [
    { tag: 'meta', attrs: { charset: 'UTF-8' } },
    { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' } },
    ...(description ? [{ tag: 'meta', attrs: { name: 'description', content: description } }] : []),
    { tag: 'meta', attrs: { name: 'theme-color', content: '#0f766e' } },
    { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' } },
    { tag: 'title', children: title },
  ];
  const body: HtmlTagDescriptor[] = [
    { tag: 'div', attrs: { id: 'root' } },
    { tag: 'script', attrs: { type: 'module', src: '/src/main.tsx' } },
  ];
  return {
    name: 'pricehunt-app-shell',
    // Before Vite reads the page, so that it bundles the entry script as if the file named it.
    transformIndexHtml: {
      order: 'pre',
      handler: () => [...head.map((tag) => ({ ...tag, injectTo: 'head' as const })), ...body.map((tag) => ({ ...tag, injectTo: 'body' as const }))],
    },
  };
}

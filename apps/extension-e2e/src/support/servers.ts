import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function listen(server: http.Server | https.Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request the proxy passed on to the API. */
export interface ProxiedRequest {
  method: string;
  path: string;
  origin: string | undefined;
  body: string;
}

/** An HTTP proxy in front of the API that keeps every request it passes on: what the extension sent, in order. */
export async function startCountingProxy(target: string): Promise<Listening & { requests: ProxiedRequest[] }> {
  const requests: ProxiedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', origin: request.headers.origin, body: body.toString('utf8') });
      const headers = { ...request.headers, host: new URL(target).host };
      const onward = http.request(`${target}${request.url ?? '/'}`, { method: request.method, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      onward.on('error', () => response.writeHead(502).end());
      onward.end(body);
    });
  });
  return { ...(await listen(server)), requests };
}

/** A product page as a shop serves one: its title, brand and price in the page and its JSON-LD. */
export function productPageHtml(product: { title: string; priceCents: number }): string {
  const price = (product.priceCents / 100).toFixed(2);
  const data = { '@context': 'https://schema.org', '@type': 'Product', name: product.title, offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' } };
  return `<!doctype html><html><head><meta charset="utf-8"><title>${product.title}</title>
<script type="application/ld+json">${JSON.stringify(data)}</script>
<style>body{font:16px Georgia,serif;margin:0;background:#fafaf7} header{background:#232f3e;color:#fff;padding:14px 24px;font:bold 20px Arial}
main{display:flex;gap:32px;padding:32px} .pic{width:320px;height:320px;background:#e5e7eb;border-radius:8px} h1{font:24px Arial;max-width:560px}
.price{font:bold 28px Arial;color:#b12704} button{all:unset;background:#ffd814;padding:10px 28px;border-radius:20px;font:15px Arial}
/* A shop's styles that would break a panel living in the page: */ a{color:red!important;font-size:40px!important} div{border:3px dashed orange}</style>
</head><body><header>Shop</header><main><section class="pic"></section><section><h1>${product.title}</h1><p class="price">$${price}</p><button>Add to Cart</button></section></main></body></html>`;
}

/** A throwaway self-signed certificate for these hosts (the browser is told to accept it). */
function selfSignedCertificate(hosts: string[]): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-fixture-tls-'));
  try {
    const names = hosts.map((host) => `DNS:${host}`).join(',');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${names}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The fixture shops: one HTTPS server answering every mapped host (Amazon's is on the browsers' HSTS preload list, so
 * only HTTPS reaches it), with the pages given by host and path (404 else).
 */
export async function startFixtureShops(pages: Map<string, string>): Promise<Listening & { seen: string[] }> {
  const seen: string[] = [];
  const hosts = [...new Set([...pages.keys()].map((key) => key.split('/')[0] as string))];
  const server = https.createServer(selfSignedCertificate(hosts), (request, response) => {
    const key = `${request.headers.host?.replace(/:\d+$/, '')}${request.url?.split('?')[0]}`;
    seen.push(key);
    const page = pages.get(key);
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return { ...(await listen(server)), seen };
}

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startProcess, workspaceRoot, type ManagedProcess } from './processes';

/** The operator's configuration in the repository: the three sites and the API upstream (deploy/nginx). */
export const NGINX_CONFIG_DIR = path.join(workspaceRoot, 'deploy/nginx');
export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The ports the repository's configuration is written for. */
export const DEFAULT_SITE_PORTS = { shopper: 8080, merchant: 8081, admin: 8082 } as const;
export const DEFAULT_API_PORTS = [3001, 3002] as const;
/** The shopper site's server (apps/shopper/server), behind the shopper site. */
export const DEFAULT_SHOPPER_SERVER_PORT = 4000;

export interface NginxOptions {
  /** Where nginx keeps its pid, logs and temporary files, and the configuration it runs. */
  dir: string;
  /** nginx's prefix, against which the sites' `root dist/apps/<app>` are read (default: the workspace). */
  prefix?: string;
  sitePorts?: { shopper: number; merchant: number; admin: number };
  /** Every API instance, in the upstream's order. */
  apiPorts?: readonly number[];
  /** The shopper site's server that renders its pages (when none listens there, the site serves the app's shell). */
  shopperServerPort?: number;
  /** The address every site listens on (default 127.0.0.1; the repository's file listens on every address). */
  listenHost?: string;
}

export interface RunningNginx {
  process: ManagedProcess;
  pid: number;
  configFile: string;
  /** Lines of nginx's error log (upstream failures are logged there). */
  errorLog(): string;
  /**
   * nginx's access log, one line a request: `… "GET /api/health HTTP/1.1" 200 upstream=127.0.0.1:3002
   * upstream_status=200` (`upstream=127.0.0.1:3001, 127.0.0.1:3002` when the first instance failed it).
   */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * The repository's site configuration with other ports: each `listen <default port>;`, the API upstream's
 * `server 127.0.0.1:<port> …;` lines (one per instance) and the shopper upstream's are rewritten, everything else is
 * the file as an operator reads it.
 */
export function renderSites(text: string, options: Pick<NginxOptions, 'sitePorts' | 'apiPorts' | 'listenHost' | 'shopperServerPort'>): string {
  const sites = options.sitePorts ?? DEFAULT_SITE_PORTS;
  const byDefault = new Map<number, number>([
    [DEFAULT_SITE_PORTS.shopper, sites.shopper],
    [DEFAULT_SITE_PORTS.merchant, sites.merchant],
    [DEFAULT_SITE_PORTS.admin, sites.admin],
  ]);
  const host = options.listenHost ?? '127.0.0.1';
  const out = text.replace(/^(\s*)listen (\d+);/gm, (line, indent: string, port: string) => {
    const mapped = byDefault.get(Number(port));
    if (mapped === undefined) throw new Error(`nginx configuration listens on ${port}, which is not one of the sites' default ports`);
    return `${indent}listen ${host ? `${host}:` : ''}${mapped};`;
  });
  const apiPorts = options.apiPorts ?? DEFAULT_API_PORTS;
  const shopperPort = options.shopperServerPort ?? DEFAULT_SHOPPER_SERVER_PORT;
  return rewriteUpstream(rewriteUpstream(out, 'pricehunt_api', apiPorts), 'pricehunt_shopper', [shopperPort]);
}

/** The `upstream <name> { … }` block with one `server 127.0.0.1:<port> <its parameters>;` line per port. */
function rewriteUpstream(text: string, name: string, ports: readonly number[]): string {
  const block = new RegExp(`^upstream ${name} \\{\\n[\\s\\S]*?^\\}`, 'm').exec(text);
  if (!block) throw new Error(`nginx configuration has no upstream ${name}`);
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;
  const first = serverLine.exec(block[0]);
  serverLine.lastIndex = 0;
  if (!first) throw new Error(`nginx configuration has no server line in upstream ${name}`);
  const servers = ports.map((port) => `${first[1]}server 127.0.0.1:${port}${first[2] ?? ''};\n`).join('');
  let replaced = false;
  const rewritten = block[0].replace(serverLine, () => {
    if (replaced) return '';
    replaced = true;
    return servers;
  });
  return text.slice(0, block.index) + rewritten + text.slice(block.index + block[0].length);
}

/** The name of the user with this id, from /etc/passwd. */
function userName(uid: number): string | undefined {
  const passwd = readIfThere('/etc/passwd');
  return passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => Number(fields[2]) === uid)?.[0];
}

/**
 * The main configuration of an nginx of its own: everything it writes stays in `dir`. Started by root, its workers
 * run as the owner of the files they serve (nginx's default, `nobody`, may not read a checkout).
 */
function mainConfig(dir: string, prefix: string): string {
  const at = (name: string) => path.join(dir, name);
  const owner = process.getuid?.() === 0 ? userName(fs.statSync(prefix).uid) : undefined;
  return [
    ...(owner ? [`user ${owner};`] : []),
    'worker_processes 2;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    // Which instance answered each request (the last of `$upstream_addr` when nginx passed it on after a failure).
    `    log_format upstreams '$remote_addr [$time_local] "$request" $status upstream=$upstream_addr upstream_status=$upstream_status';`,
    `    access_log ${at('access.log')} upstreams;`,
    `    client_body_temp_path ${at('tmp/body')};`,
    `    proxy_temp_path ${at('tmp/proxy')};`,
    `    fastcgi_temp_path ${at('tmp/fastcgi')};`,
    `    uwsgi_temp_path ${at('tmp/uwsgi')};`,
    `    scgi_temp_path ${at('tmp/scgi')};`,
    '    include pricehunt.conf;',
    '}',
    '',
  ].join('\n');
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Debian's nginx in the foreground on the repository's configuration (ports rewritten as asked), and waits
 * until every site accepts connections. `stop()` shuts it down gracefully.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`nginx is not installed (${NGINX_BINARY}): apt-get install nginx`);
  const { dir } = options;
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const sites = renderSites(fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'pricehunt.conf'), 'utf8'), options);
  fs.writeFileSync(path.join(dir, 'pricehunt.conf'), sites);
  // The files pricehunt.conf includes, as they are (pricehunt-api.conf, pricehunt-app.conf, pricehunt-shopper.conf).
  for (const file of fs.readdirSync(NGINX_CONFIG_DIR).filter((name) => /^pricehunt-.+\.conf$/.test(name))) fs.copyFileSync(path.join(NGINX_CONFIG_DIR, file), path.join(dir, file));
  const prefix = `${path.resolve(options.prefix ?? workspaceRoot)}/`;
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, mainConfig(dir, prefix));
  const errorLogFile = path.join(dir, 'error.log');
  const args = ['-p', prefix, '-c', configFile, '-e', errorLogFile];
  const check = startProcess('nginx -t', NGINX_BINARY, [...args, '-t']);
  const checked = await new Promise<number | null>((resolve) => check.child.once('exit', resolve));
  if (checked !== 0) throw new Error(`nginx refuses its configuration:\n${check.output()}`);

  const nginx = startProcess('nginx', NGINX_BINARY, [...args, '-g', 'daemon off;']);
  const ports = Object.values(options.sitePorts ?? DEFAULT_SITE_PORTS);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (nginx.exited) throw new Error(`nginx exited at start:\n${nginx.output()}\n${readIfThere(errorLogFile)}`);
    const up = await Promise.all(ports.map(listening));
    if (up.every(Boolean)) break;
    if (Date.now() > deadline) {
      await nginx.stop();
      throw new Error(`nginx did not listen on ${ports.join(', ')} within 15 s:\n${readIfThere(errorLogFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: nginx,
    pid: nginx.child.pid ?? 0,
    configFile,
    errorLog: () => readIfThere(errorLogFile),
    accessLog: () => readIfThere(path.join(dir, 'access.log')),
    // SIGQUIT: nginx finishes the requests under way, then exits.
    stop: () => nginx.stop('SIGQUIT'),
  };
}

function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

// The one Vite configuration the three web apps share: React, the page they are served in, workspace aliases, the /api
// proxy, output under dist/.
import fs from 'node:fs';
import type { ClientRequest, IncomingMessage } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { appShell, type AppShellOptions } from './app-shell.mts';

const workspaceRoot = path.resolve(import.meta.dirname, '../..');

function workspaceAliases(): Record<string, string> {
  const base = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.fromEntries(
    Object.entries(base.compilerOptions.paths).map(([alias, targets]) => [alias, path.join(workspaceRoot, targets[0] ?? '')]),
  );
}

/** `shell`: the page the app is served in (see app-shell.mts); the browser extension has pages of its own. */
export function createAppConfig(options: { project: string; port: number; shell?: AppShellOptions }): UserConfig {
  const apiTarget = process.env.PRICEHUNT_API_URL ?? 'http://127.0.0.1:3000';
  // The API (which trusts this server's address under `npm start`) counts sign-in failures and rate limits by the
  // X-Forwarded-For it is sent: the browser's own address, never a header the browser made up.
  const forwardPeer = (proxyServer: { on(event: 'proxyReq', listener: (proxyReq: ClientRequest, req: IncomingMessage) => void): unknown }) => {
    proxyServer.on('proxyReq', (proxyReq, req) => {
      for (const name of ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip']) proxyReq.removeHeader(name);
      proxyReq.setHeader('x-forwarded-for', (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
    });
  };
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: false, configure: forwardPeer },
    '/t.js': { target: apiTarget, changeOrigin: false, configure: forwardPeer },
  };
  const port = Number(process.env.PRICEHUNT_APP_PORT ?? options.port);
  return {
    root: path.join(workspaceRoot, 'apps', options.project),
    cacheDir: path.join(workspaceRoot, 'node_modules/.vite', options.project),
    plugins: options.shell ? [react(), appShell(options.shell)] : [react()],
    resolve: { alias: workspaceAliases() },
    // cors: false lets preflight requests through to the API, which answers CORS itself (stores call /api/track-event).
    server: { port, strictPort: true, host: '127.0.0.1', proxy, cors: false },
    preview: { port, strictPort: true, host: '127.0.0.1', proxy, cors: false },
    build: {
      outDir: path.join(workspaceRoot, 'dist/apps', options.project),
      emptyOutDir: true,
      reportCompressedSize: false,
      sourcemap: true,
      target: 'es2022',
      manifest: true,
      rollupOptions: {
        // The contracts library only defines schemas: a module of it that an app imports nothing from is left out
        // (its top-level zod calls would otherwise keep every schema of every API area in every app).
        treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/shared/contracts/') },
      },
    },
    logLevel: process.env.CI ? 'warn' : 'info',
  };
}

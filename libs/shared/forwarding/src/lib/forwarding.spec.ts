/**
 * @jest-environment node
 */
import type http from 'node:http';
import { forwardedFor, trustedPeers, upstreamHeaders } from './forwarding';

const request = (remoteAddress: string, headers: http.IncomingHttpHeaders = {}) => ({ socket: { remoteAddress }, headers }) as unknown as http.IncomingMessage;

describe('X-Forwarded-For sent on to the API', () => {
  it('is the browser’s own address, whatever header the browser sent', () => {
    const none = trustedPeers(undefined);
    expect(forwardedFor(request('203.0.113.7'), none)).toBe('203.0.113.7');
    expect(forwardedFor(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), none)).toBe('203.0.113.7');
    expect(forwardedFor(request('::ffff:203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), trustedPeers('false'))).toBe('203.0.113.7');
  });

  it('extends the header of a trusted proxy in front of this server with the proxy’s address', () => {
    const nginx = trustedPeers('10.0.0.1, fd00::/8');
    expect(forwardedFor(request('10.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), nginx)).toBe('203.0.113.7, 10.0.0.1');
    expect(forwardedFor(request('fd00::5', { 'x-forwarded-for': '203.0.113.7' }), nginx)).toBe('203.0.113.7, fd00::5');
    expect(forwardedFor(request('10.0.0.1'), nginx)).toBe('10.0.0.1');
    expect(forwardedFor(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.1' }), nginx)).toBe('10.0.0.2');
    expect(forwardedFor(request('127.0.0.9', { 'x-forwarded-for': '203.0.113.7' }), trustedPeers('loopback'))).toBe('203.0.113.7, 127.0.0.9');
  });

  it('drops a browser’s other forwarding claims and keeps a trusted proxy’s', () => {
    const claims = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'for=1.2.3.4', cookie: 'a=b', host: 'shop.example' };
    const fromBrowser = upstreamHeaders(request('203.0.113.7', claims), trustedPeers('10.0.0.1'), 'api');
    expect(fromBrowser).toEqual({ cookie: 'a=b', host: 'shop.example', 'x-forwarded-for': '203.0.113.7' });
    const fromProxy = upstreamHeaders(request('10.0.0.1', { ...claims, 'x-forwarded-for': '203.0.113.7' }), trustedPeers('10.0.0.1'), 'api');
    expect(fromProxy).toMatchObject({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7, 10.0.0.1' });
  });

  it('refuses TRUST_PROXY=true and entries that are no address', () => {
    expect(() => trustedPeers('true')).toThrow(/not "true"/);
    expect(() => trustedPeers('proxy.internal')).toThrow(/proxy\.internal/);
  });
});

export { createApiProxy, forwardedFor, plainAddress, trustedPeers, upstreamHeaders, type TrustedPeer } from './lib/forwarding';

import type { IncomingMessage } from 'node:http';
import { cameOverHttps, clientAddress } from './client';

/** The parts of a request the two functions read: the peer's address, TLS, and the forwarded headers. */
function request(remoteAddress: string, headers: Record<string, string | string[]>, encrypted = false) {
  return { socket: { remoteAddress, encrypted }, connection: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('what the BFF believes of a request it did not terminate itself', () => {
  it('when TLS ends at the BFF, then the request came over https whatever the headers say', () => {
    expect(cameOverHttps(request('203.0.113.9', {}, true))).toBe(true);
    expect(cameOverHttps(request('203.0.113.9', { 'x-forwarded-proto': 'http' }, true))).toBe(true);
  });

  it('when a trusted hop (loopback, link-local, unique-local) says https, then it is believed; http or nothing is not https', () => {
    for (const hop of ['127.0.0.1', '::1', '10.1.2.3', '::ffff:192.168.4.5', 'fe80::1']) {
      expect(cameOverHttps(request(hop, { 'x-forwarded-proto': 'https' }))).toBe(true);
      expect(cameOverHttps(request(hop, { 'x-forwarded-proto': 'https, http' }))).toBe(true);
      expect(cameOverHttps(request(hop, { 'x-forwarded-proto': 'http' }))).toBe(false);
      expect(cameOverHttps(request(hop, {}))).toBe(false);
    }
  });

  it('when a client on the internet sends X-Forwarded-Proto itself, then it is ignored', () => {
    for (const peer of ['203.0.113.9', '2001:db8::7', '8.8.8.8']) {
      expect(cameOverHttps(request(peer, { 'x-forwarded-proto': 'https' }))).toBe(false);
    }
  });

  it('when X-Forwarded-For arrives, then only the addresses trusted hops added are skipped', () => {
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '198.51.100.7, 10.0.0.2' }))).toBe('198.51.100.7');
    // An outside peer's own claim is not believed: its address is the client's.
    expect(clientAddress(request('203.0.113.9', { 'x-forwarded-for': '198.51.100.7' }))).toBe('203.0.113.9');
    expect(clientAddress(request('127.0.0.1', {}))).toBe('127.0.0.1');
  });
});

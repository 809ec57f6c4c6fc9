import { describe, expect, it } from 'vitest';
import { buildSdp, decodePairing, encodePairing, fromCode, pairingFromText, pairingToText, parseSdp, toCode } from '../../../src/sync/link/sdpCodec';
import type { PairingCode } from '../../../src/sync/link/sdpCodec';

// A non-trickle, data-channel-only offer exactly as Debian Chromium 156 gathers it with iceServers: [].
const CHROMIUM_OFFER = [
  'v=0', 'o=- 3891814372768652667 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0', 'a=extmap-allow-mixed', 'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
  'a=candidate:3339043391 1 udp 2122194687 192.0.2.2 39849 typ host generation 0 network-id 1',
  'a=candidate:207815647 1 udp 2122265343 fd00::2 39477 typ host generation 0 network-id 2',
  'a=candidate:967775915 1 tcp 1518214911 192.0.2.2 9 typ host tcptype active generation 0 network-id 1',
  'a=ice-ufrag:KR4X', 'a=ice-pwd:NBGrxO+uVuD/tIh+Ueb4PNPV', 'a=ice-options:trickle',
  'a=fingerprint:sha-256 B1:AE:CE:4A:E8:E9:21:73:79:EF:14:9B:94:77:BE:37:04:5B:18:9D:06:A3:6A:D7:CB:8B:59:0A:44:B1:E1:3E',
  'a=setup:actpass', 'a=mid:0', 'a=sctp-port:5000', 'a=max-message-size:262144', '',
].join('\r\n');

const MDNS_CANDIDATE = 'a=candidate:1683624367 1 udp 2113937151 424916fa-d7d3-4a9c-89e5-7b7efe5d61c6.local 37558 typ host generation 0 network-cost 999';

describe('pairing codes', () => {
  it('keeps only what varies in an offer: ufrag, password, fingerprint, role and UDP host candidates (IPv4 when there is one)', () => {
    const f = parseSdp(CHROMIUM_OFFER);
    expect(f).toMatchObject({ ufrag: 'KR4X', pwd: 'NBGrxO+uVuD/tIh+Ueb4PNPV', setup: 'actpass' });
    expect(f.candidates).toEqual([{ address: '192.0.2.2', port: 39849 }]);
    const v6only = parseSdp(CHROMIUM_OFFER.replace(/a=candidate:3339043391[^\r]*\r\n/, ''));
    expect(v6only.candidates).toEqual([{ address: 'fd00::2', port: 39477 }]);
    expect(f.fingerprint[0]).toBe(0xb1);
  });

  it('rebuilds an SDP that carries the same transport as the original', () => {
    const f = parseSdp(CHROMIUM_OFFER);
    expect(parseSdp(buildSdp(f))).toEqual(f);
  });

  it('round-trips an offer through the text of a QR code, in under 200 characters', () => {
    const code: PairingCode = { kind: 'offer', gameId: 'abc123def4', peerId: 'k3x9q0', ref: '', ...parseSdp(CHROMIUM_OFFER) };
    const text = pairingToText(code);
    expect(text).toMatch(/^TL1[A-Z2-7]+$/);
    expect(text.length).toBeLessThan(200);
    expect(pairingFromText(text)).toEqual(code);
    expect(pairingFromText(`  ${text.toLowerCase()}\n`)).toEqual(code);
  });

  it('carries mDNS host candidates (phones that gave no camera permission hide their addresses)', () => {
    const sdp = CHROMIUM_OFFER.replace(/a=candidate:[^\r]*\r\n/g, '').replace('a=ice-ufrag', `${MDNS_CANDIDATE}\r\na=ice-ufrag`);
    const code: PairingCode = { kind: 'answer', gameId: 'g1234', peerId: 'p1', ref: 'KR4X', ...parseSdp(sdp), setup: 'active' };
    expect(code.candidates).toEqual([{ address: '424916fa-d7d3-4a9c-89e5-7b7efe5d61c6.local', port: 37558 }]);
    expect(decodePairing(encodePairing(code))).toEqual(code);
  });

  it.each([
    ['another app\'s text', 'hello', /not a Twilight Table pairing code/],
    ['a code cut short', pairingToText({ kind: 'offer', gameId: 'g1234', peerId: 'p1', ref: '', ...parseSdp(CHROMIUM_OFFER) }).slice(0, 40), /cut short/],
    ['a character base32 lacks', 'TL1ABC1', /cannot contain/],
  ])('refuses %s with a message', (_why, text, message) => {
    expect(() => pairingFromText(text)).toThrow(message);
  });

  it('refuses an SDP without ICE credentials', () => {
    expect(() => parseSdp(CHROMIUM_OFFER.replace(/a=ice-pwd:[^\r]*\r\n/, ''))).toThrow(/incomplete/);
  });

  it('encodes bytes to base32 and back for every length', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      expect(fromCode(toCode(bytes))).toEqual(bytes);
    }
  });

  it.each(['fd00::2', '2001:db8::1', 'fe80::fc:ff:fe00:1', '2001:db8:0:1:1:1:1:1', '::1'])('round-trips the IPv6 candidate %s in its canonical form', (address) => {
    const code: PairingCode = { kind: 'offer', gameId: 'g1234', peerId: 'p1', ref: '', ...parseSdp(CHROMIUM_OFFER), candidates: [{ address, port: 5000 }] };
    expect(decodePairing(encodePairing(code)).candidates).toEqual([{ address, port: 5000 }]);
  });
});

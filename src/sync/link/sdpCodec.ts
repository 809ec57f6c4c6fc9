/**
 * Compact pairing codes for the table link: a complete (non-trickle) WebRTC offer or answer shrunk to
 * the fields that vary between phones, so the QR code stays small and scans fast.
 *
 * A data-channel-only SDP from Chromium is ~850 characters, but all that varies is the ICE ufrag and
 * password, the DTLS fingerprint, the setup role and the host candidates (address + port). Everything
 * else is rebuilt from a template. Only UDP host candidates are kept: at one table the phones share a
 * Wi-Fi or a hotspot, and with `iceServers: []` there is nothing else anyway.
 *
 * Binary layout (then base32, which fits the QR alphanumeric mode and survives copy and paste):
 *   u8 version | u8 kind (0 offer, 1 answer) | str gameId | str peerId | str ref
 *   str ufrag | str pwd | 32 B sha-256 fingerprint | u8 setup (0 actpass, 1 active, 2 passive)
 *   u8 n | n × (u8 family: 4 ipv4, 6 ipv6, 16 mdns uuid | address | u16 port)
 * where str is u8 length + ASCII bytes.
 */

export const CODE_PREFIX = 'TL1';
const VERSION = 1;
const MAX_CANDIDATES = 4;

export type Setup = 'actpass' | 'active' | 'passive';
const SETUPS: Setup[] = ['actpass', 'active', 'passive'];

export interface Candidate {
  address: string;
  port: number;
}

export interface PairingCode {
  kind: 'offer' | 'answer';
  gameId: string;
  /** The sender's link id (stable per phone). */
  peerId: string;
  /** For an answer: the ufrag of the offer it answers, so the host matches it to the right attempt. */
  ref: string;
  ufrag: string;
  pwd: string;
  /** 32 bytes, the sha-256 DTLS certificate fingerprint. */
  fingerprint: Uint8Array;
  setup: Setup;
  candidates: Candidate[];
}

// ——— SDP ⇄ fields ———

export function parseSdp(sdp: string): Pick<PairingCode, 'ufrag' | 'pwd' | 'fingerprint' | 'setup' | 'candidates'> {
  const line = (name: string) => sdp.match(new RegExp(`^a=${name}:(.+)$`, 'm'))?.[1]?.trim();
  const ufrag = line('ice-ufrag');
  const pwd = line('ice-pwd');
  const fp = line('fingerprint');
  const setup = line('setup') as Setup | undefined;
  if (!ufrag || !pwd || !fp || !setup || !SETUPS.includes(setup)) throw new Error('The connection offer is incomplete.');
  const [algo, hex] = fp.split(' ');
  if (algo?.toLowerCase() !== 'sha-256' || !hex) throw new Error('The connection offer uses an unsupported certificate fingerprint.');
  const fingerprint = Uint8Array.from(hex.split(':').map((h) => parseInt(h, 16)));
  if (fingerprint.length !== 32 || fingerprint.some(Number.isNaN)) throw new Error('The certificate fingerprint is malformed.');
  const candidates: Candidate[] = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gm)) {
    const [address, port] = [m[1] as string, Number(m[2])];
    if (!candidates.some((c) => c.address === address)) candidates.push({ address, port });
  }
  // Phones at one table share an IPv4 network (Wi-Fi or hotspot); IPv6 and mDNS names are kept only
  // when there is no IPv4 address, which keeps the code under 200 characters.
  const v4 = candidates.filter((c) => ipv4Bytes(c.address));
  return { ufrag, pwd, fingerprint, setup, candidates: (v4.length ? v4 : candidates).slice(0, MAX_CANDIDATES) };
}

export function buildSdp(code: Pick<PairingCode, 'ufrag' | 'pwd' | 'fingerprint' | 'setup' | 'candidates'>): string {
  const fp = Array.from(code.fingerprint, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const candidates = code.candidates.map((c, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i} ${c.address} ${c.port} typ host generation 0`);
  return [
    'v=0',
    `o=- ${Math.floor(Math.random() * 1e15)} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...candidates,
    `a=ice-ufrag:${code.ufrag}`,
    `a=ice-pwd:${code.pwd}`,
    `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${code.setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
    '',
  ].join('\r\n');
}

// ——— fields ⇄ bytes ———

function ipv4Bytes(a: string): number[] | undefined {
  const parts = a.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : undefined;
}

function ipv6Bytes(a: string): number[] | undefined {
  if (!a.includes(':') || a.includes('%')) return undefined;
  const [head = '', tail = ''] = a.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = a.includes('::') ? groups(tail) : [];
  const all = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

function uuidBytes(a: string): number[] | undefined {
  const m = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(a);
  return m ? (m.slice(1).join('').match(/../g) ?? []).map((h) => parseInt(h, 16)) : undefined;
}

/** The canonical text form (RFC 5952): the longest run of zero groups becomes "::". */
function compressIpv6(groups: string[]): string {
  let [best, bestLen] = [-1, 1];
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');

function addressFrom(family: number, b: number[]): string {
  if (family === 4) return b.join('.');
  if (family === 6) return compressIpv6(Array.from({ length: 8 }, (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16)));
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

export function encodePairing(code: PairingCode): Uint8Array {
  const out: number[] = [VERSION, code.kind === 'offer' ? 0 : 1];
  const str = (s: string) => {
    if (s.length > 255 || !/^[\x20-\x7e]*$/.test(s)) throw new Error(`Cannot encode "${s}" in a pairing code.`);
    out.push(s.length, ...Array.from(s, (c) => c.charCodeAt(0)));
  };
  [code.gameId, code.peerId, code.ref, code.ufrag, code.pwd].forEach(str);
  out.push(...code.fingerprint, SETUPS.indexOf(code.setup));
  const encoded = code.candidates
    .map((c) => {
      const [family, bytes] = ipv4Bytes(c.address) ? [4, ipv4Bytes(c.address)] : ipv6Bytes(c.address) ? [6, ipv6Bytes(c.address)] : [16, uuidBytes(c.address)];
      return bytes ? [family as number, ...bytes, c.port >> 8, c.port & 255] : undefined;
    })
    .filter((c): c is number[] => !!c)
    .slice(0, MAX_CANDIDATES);
  out.push(encoded.length, ...encoded.flat());
  return Uint8Array.from(out);
}

export function decodePairing(bytes: Uint8Array): PairingCode {
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error('The pairing code is cut short.');
  };
  const u8 = () => (need(1), bytes[i++]!);
  const take = (n: number) => (need(n), Array.from(bytes.subarray(i, (i += n))));
  const str = () => String.fromCharCode(...take(u8()));
  if (u8() !== VERSION) throw new Error('This pairing code comes from another version of Twilight Table.');
  const kindByte = u8();
  if (kindByte > 1) throw new Error('This is not a pairing code.');
  const [gameId, peerId, ref, ufrag, pwd] = [str(), str(), str(), str(), str()];
  const fingerprint = Uint8Array.from(take(32));
  const setup = SETUPS[u8()];
  if (!setup) throw new Error('The pairing code is damaged.');
  const candidates: Candidate[] = [];
  for (let n = u8(); n > 0; n--) {
    const family = u8();
    if (family !== 4 && family !== 6 && family !== 16) throw new Error('The pairing code is damaged.');
    const address = addressFrom(family, take(family === 4 ? 4 : 16));
    const [hi, lo] = take(2);
    candidates.push({ address, port: (hi! << 8) | lo! });
  }
  if (i !== bytes.length) throw new Error('The pairing code is damaged.');
  return { kind: kindByte === 0 ? 'offer' : 'answer', gameId, peerId, ref, ufrag, pwd, fingerprint, setup, candidates };
}

// ——— bytes ⇄ text (RFC 4648 base32, no padding) ———

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function toCode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = CODE_PREFIX;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function isPairingText(text: string): boolean {
  return text.trim().toUpperCase().startsWith(CODE_PREFIX);
}

export function fromCode(text: string): Uint8Array {
  const body = text.trim().toUpperCase().replace(/\s+/g, '');
  if (!body.startsWith(CODE_PREFIX)) throw new Error('This is not a Twilight Table pairing code.');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of body.slice(CODE_PREFIX.length)) {
    const v = B32.indexOf(ch);
    if (v < 0) throw new Error(`The pairing code has a character it cannot contain ("${ch}").`);
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export const pairingToText = (code: PairingCode): string => toCode(encodePairing(code));
export const pairingFromText = (text: string): PairingCode => decodePairing(fromCode(text));

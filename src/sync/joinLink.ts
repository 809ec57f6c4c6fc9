/**
 * The join link (and QR code) a host shows: it carries the game id and the join secret, in the URL
 * fragment so it never reaches a web server's logs. Whoever has it can join the game: it is shown to
 * the table, not posted anywhere.
 */
import { digest } from 'lib0/hash/sha256';
import { toHexString } from 'lib0/buffer';

export interface JoinInfo {
  gameId: string;
  secret: string;
  /** A signaling server the host suggests (the one it uses), if any. */
  signaling?: string;
}

const ID = /^[a-z0-9]{4,40}$/;
const SECRET = /^[a-z0-9]{16,64}$/;

/**
 * The address the app was loaded from, up to its last '/': the origin alone at a host's root, the folder
 * under a path (a GitHub Pages project site serves it at /<repository>/). Links must point there, not
 * to the origin's root, which may be another site.
 */
export function appAddress(loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return loc.origin + loc.pathname.replace(/[^/]*$/, '');
}

/** The join link for the app at `app` (its address, as appAddress gives it; a missing final '/' is added). */
export function joinLink(app: string, info: JoinInfo): string {
  const params = new URLSearchParams({ g: info.gameId, k: info.secret });
  if (info.signaling) params.set('s', info.signaling);
  return `${app.replace(/\/?$/, '/')}#/join?${params.toString()}`;
}

/** Parses the part after `#/join?` (or a whole pasted link); undefined when it is not a join link. */
export function parseJoin(text: string): JoinInfo | undefined {
  const query = text.includes('#/join?') ? text.slice(text.indexOf('#/join?') + '#/join?'.length) : text;
  const params = new URLSearchParams(query.trim());
  const [gameId, secret, signaling] = [params.get('g'), params.get('k'), params.get('s')];
  if (!gameId || !secret || !ID.test(gameId) || !SECRET.test(secret)) return undefined;
  if (signaling && !/^wss?:\/\/[^\s]{1,200}$/.test(signaling)) return { gameId, secret };
  return signaling ? { gameId, secret, signaling } : { gameId, secret };
}

/**
 * The y-webrtc room name: a hash of the game id and the secret, because the room name travels to the
 * signaling server in clear text (only the messages in the room are encrypted with the secret).
 */
export function roomName(gameId: string, secret: string): string {
  const hash = digest(new TextEncoder().encode(`twilight-table\u0000${gameId}\u0000${secret}`));
  return `tt-${toHexString(hash).slice(0, 32)}`;
}

/**
 * Device-only connection settings and join secrets (never in a game document: the settings are this
 * phone's, and a secret must be known before the document has arrived).
 */
import { get, set } from 'idb-keyval';
import { privateStore } from '../secret/device';

export interface ConnectionSettings {
  /** Signaling servers; null means the default: the server this app was loaded from. */
  signaling: string[] | null;
  /** STUN/TURN servers. Empty by default: phones at one table reach each other directly. */
  iceServers: RTCIceServer[];
}

export const DEFAULT_SETTINGS: ConnectionSettings = { signaling: null, iceServers: [] };

type Where = Pick<Location, 'protocol' | 'host'> & Partial<Pick<Location, 'pathname'>>;

/**
 * The signaling endpoint of the server that served the app: `signal` beside the app's index.html
 * (scripts/serve.mjs proxies it there, at the root or under the path it serves the app at).
 */
export function defaultSignaling(loc: Where = location): string[] {
  if (loc.protocol !== 'http:' && loc.protocol !== 'https:') return [];
  const folder = (loc.pathname ?? '/').replace(/[^/]*$/, '');
  return [`${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${folder}signal`];
}

export function signalingUrls(settings: ConnectionSettings, loc?: Where): string[] {
  return settings.signaling ?? defaultSignaling(loc);
}

export async function loadSettings(): Promise<ConnectionSettings> {
  const saved = await get<ConnectionSettings>('connection', privateStore());
  return saved && Array.isArray(saved.iceServers) ? saved : DEFAULT_SETTINGS;
}

export async function saveSettings(settings: ConnectionSettings): Promise<void> {
  await set('connection', settings, privateStore());
}

/** Parses the settings form: one URL a line. Throws a message for the player on a bad line. */
export function parseSettings(signalingText: string, iceText: string): ConnectionSettings {
  const lines = (t: string) => t.split(/\s+/).map((l) => l.trim()).filter(Boolean);
  const signaling = lines(signalingText);
  const bad = signaling.find((u) => !/^wss?:\/\/\S+$/.test(u));
  if (bad) throw new Error(`"${bad}" is not a signaling address (it starts with ws:// or wss://).`);
  const ice = lines(iceText);
  const badIce = ice.find((u) => !/^(stun|turn|turns):\S+$/.test(u));
  if (badIce) throw new Error(`"${badIce}" is not an ICE server address (it starts with stun: or turn:).`);
  return { signaling: signaling.length ? signaling : null, iceServers: ice.map((urls) => ({ urls })) };
}

export async function rememberSecret(gameId: string, secret: string): Promise<void> {
  await set(`secret:${gameId}`, secret, privateStore());
}

export async function knownSecret(gameId: string): Promise<string | undefined> {
  return get<string>(`secret:${gameId}`, privateStore());
}

/**
 * Asks the browser not to evict our data (phones evict under storage pressure); returns what it said.
 * Here, not with the game's storage: the settings form asks it on the game screen's first frame, before
 * the storage code (and Yjs) has loaded (issue 33).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

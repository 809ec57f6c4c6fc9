/**
 * This phone's identity and preferences: device-only, never in a game document. The tag is short
 * because it is written into every log entry.
 */
import { createStore, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

export interface DeviceInfo {
  tag: string;
  name: string;
}

// One connection for the page's lifetime: createStore opens a new one on every call.
let store: UseStore | undefined;
export const privateStore = () => (store ??= createStore('tt-private', 'kv'));

export function randomId(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => (b % 36).toString(36)).join('');
}

export async function loadDevice(): Promise<DeviceInfo> {
  const store = privateStore();
  const known = await get<DeviceInfo>('device', store);
  if (known && typeof known.tag === 'string' && typeof known.name === 'string') return known;
  const device = { tag: randomId(6), name: 'My phone' };
  await set('device', device, store);
  return device;
}

export async function saveDeviceName(name: string): Promise<DeviceInfo> {
  const device = { ...(await loadDevice()), name };
  await set('device', device, privateStore());
  return device;
}

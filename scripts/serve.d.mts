export interface AppServer {
  url: string;
  port: number;
  signalingUrl: string | null;
  close(): Promise<void>;
}
/** `base`: the path the app is served under, '/' by default; it starts and ends with '/'. */
export function startAppServer(opts?: { root?: string; port?: number; host?: string; signaling?: boolean; base?: string }): Promise<AppServer>;
export function startSignaling(): Promise<{ port: number; stop(): void }>;
export function lanAddresses(): string[];

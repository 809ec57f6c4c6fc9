export interface AppServer {
  url: string;
  port: number;
  signalingUrl: string | null;
  close(): Promise<void>;
}
export function startAppServer(opts?: { root?: string; port?: number; host?: string; signaling?: boolean }): Promise<AppServer>;
export function startSignaling(): Promise<{ port: number; stop(): void }>;
export function lanAddresses(): string[];

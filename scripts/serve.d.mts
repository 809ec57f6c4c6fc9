export interface AppServer {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startAppServer(opts?: { root?: string; port?: number; host?: string }): Promise<AppServer>;
export function lanAddresses(): string[];

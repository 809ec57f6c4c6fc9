// Runs the browser tests. Fails early, with the fix, when Chromium or the build is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`Browser tests need Debian's Chromium at ${CHROMIUM}, and it is missing.`);
  console.error('Install it with:  apt-get install -y chromium   (as root; run apt-get update first on a fresh machine)');
  process.exit(1);
}
if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
  console.error('Browser tests run the built app, and dist/ is missing: run `npm run build` first (npm test does).');
  process.exit(1);
}
const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);

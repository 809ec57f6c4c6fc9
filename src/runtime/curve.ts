/**
 * The curve's chunk (vite.config.ts puts @noble's Ed25519 and SHA-512 in `curve`): imported after the
 * libraries' chunk and before the session's code, each in a task of its own (`openInSteps`, firstFrame.ts).
 * It exports one name, which the session uses anyway, so that no library keeps exports the app does not use.
 */
export { sha512 } from '@noble/hashes/sha2.js';

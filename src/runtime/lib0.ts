/**
 * Yjs's own library, lib0, in a chunk of its own (vite.config.ts, `lib0`): a start after a painted first frame
 * imports it before the libraries' chunk, each evaluated in a task of its own (`openInSteps`, firstFrame.ts).
 * It exports one name, which the session uses anyway, so that no module keeps exports the app does not use.
 */
export { createEncoder } from 'lib0/encoding';

/**
 * The libraries' chunk (vite.config.ts puts Yjs, lib0 and the session's other libraries in `lib`): a start
 * after a painted first frame imports this first, so that they evaluate in a task of their own before the
 * session's code (`openInSteps`, firstFrame.ts). It exports one name, which the session uses anyway, so
 * that no library keeps exports the app does not use.
 */
export { Doc } from 'yjs';

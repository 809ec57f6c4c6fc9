/**
 * Parts of the game screen that its first frame never shows, in one chunk loaded after that frame (the first
 * frame's script is held under 205 KB, issue 33): the save label's rules (it says "Saved on this phone" until
 * they come, then follows the state saving is in), the notices of other versions at the table (shown only
 * once the session is open) and the table's overview (mounted once a scroll brings it near, WhenNear.tsx).
 */
import { onCleanup } from 'solid-js';
import type { SaveState } from '../../sync/persistence';
import { followSaveState, type SaveStates } from './saveStatus';

export { VersionNotices } from '../sync/VersionNotices';
export { Overview } from './Overview';

/** Keeps the save label's state (`show`) following `persistence` while it is mounted; shows nothing itself. */
export function FollowSaveState(props: { persistence: SaveStates; show: (s: SaveState) => void }): null {
  // The session's persistence is fixed for the life of the game screen: read once.
  onCleanup(followSaveState(props.persistence, props.show));
  return null;
}

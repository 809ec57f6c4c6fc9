/**
 * Parts of the game screen that its first frame never shows, in one chunk loaded after that frame (the first
 * frame's script is held under 205 KB, issue 33): the save label's rules (it says "Saved on this phone" until
 * they come, then follows the state saving is in) and the notices of other versions at the table (shown only
 * once the session is open).
 */
export { followSaveState } from './saveStatus';
export { VersionNotices } from '../sync/VersionNotices';

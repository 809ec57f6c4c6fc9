import { configure } from '@testing-library/dom';

// The hand and ballots are kept in IndexedDB (fake-indexeddb here), a few awaits away; on a loaded
// 2-core machine the default 1 s of `waitFor` is not always enough.
configure({ asyncUtilTimeout: 5_000 });

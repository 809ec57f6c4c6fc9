// Every vitest file (unit and component): testing-library's waitFor and findBy* wait up to 5 s instead of
// 1 s. They return as soon as the condition holds, so a quiet machine is not slowed; a loaded one (other
// test runs on the same 2 cores) no longer fails a test whose IndexedDB round trip took over a second.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });

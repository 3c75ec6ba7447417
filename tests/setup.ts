import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { afterAll, afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default. A lazy dialog or a page's code loads in
// well under that on a quiet machine and in several seconds on a busy 2-core one; a test waits
// for what the user sees, not for a machine that is never busy.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Test files share a worker's modules (isolate: false in tests/vitest.config.ts): each file starts
// without the live region an earlier file's announcements made.
afterAll(() => {
  destroyAnnouncer();
});

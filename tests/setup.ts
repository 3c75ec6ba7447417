import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default. A lazy dialog or a page's code loads in
// well under that on a quiet machine and in several seconds on a busy 2-core one; a test waits
// for what the user sees, not for a machine that is never busy.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

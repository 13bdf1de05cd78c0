import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy…` waits for what a person waits for; its default of one second failed a right test while
// another suite shared the two cores. It still answers as soon as the text appears.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

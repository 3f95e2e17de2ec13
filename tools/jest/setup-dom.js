// DOM test setup: jest-dom matchers and a clean storage per test.
// A file of a DOM project may opt into `@jest-environment node`; it has no window to clean.
require('@testing-library/jest-dom');

afterEach(() => {
  if (typeof window === 'undefined') return;
  window.sessionStorage.clear();
  window.localStorage.clear();
});

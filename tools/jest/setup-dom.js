// DOM test setup: jest-dom matchers, the Web APIs jsdom lacks, and a clean storage per test.
// A file of a DOM project may opt into `@jest-environment node`; it has no window to clean.
require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// React Router encodes and decodes with these; jsdom does not provide them.
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

afterEach(() => {
  if (typeof window === 'undefined') return;
  window.sessionStorage.clear();
  window.localStorage.clear();
});

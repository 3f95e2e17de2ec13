// DOM test setup: jest-dom matchers, the Web APIs jsdom lacks, and a clean storage per test.
// A file of a DOM project may opt into `@jest-environment node`; it has no window to clean.
require('@testing-library/jest-dom');
// A `findBy…` query or `waitFor` gives up after 5 s rather than Testing Library's 1 s: lazily loaded pages and chains of
// fetches answer in milliseconds on a quiet machine, but well past a second while the other projects' suites, browsers
// and database servers share the machine's two cores.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
const { TextDecoder, TextEncoder } = require('node:util');

// React Router encodes and decodes with these; jsdom does not provide them.
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// jsdom has no PointerEvent; without it pointer events lose clientX and pointerId in tests.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends window.MouseEvent {
    constructor(type, init = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
      this.width = init.width ?? 1;
      this.height = init.height ?? 1;
      this.pressure = init.pressure ?? 0;
    }
  }
  window.PointerEvent = PointerEvent;
}

// jsdom lays nothing out, so it cannot scroll: its scrollTo only reports "not implemented". Pages that scroll to the
// top after a change (browse's filters) call it; here it does nothing, as a page with no layout would.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

afterEach(() => {
  if (typeof window === 'undefined') return;
  window.sessionStorage.clear();
  window.localStorage.clear();
});

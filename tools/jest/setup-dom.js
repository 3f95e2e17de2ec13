// DOM test setup: jest-dom matchers and a clean storage per test.
require('@testing-library/jest-dom');

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

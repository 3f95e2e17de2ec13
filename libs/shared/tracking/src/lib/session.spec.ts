import { getSessionId, SESSION_ID_KEY } from './session';
import { clearSessionMemory } from './session-storage';
import { UUID_V4_PATTERN } from './uuid';

afterEach(() => {
  clearSessionMemory();
  jest.restoreAllMocks();
});

describe('getSessionId', () => {
  it('uses the key pricehunt_session_id', () => {
    expect(SESSION_ID_KEY).toBe('pricehunt_session_id');
  });

  it('creates a v4 id on first need and stores it in session storage', () => {
    expect(sessionStorage.getItem('pricehunt_session_id')).toBeNull();
    const id = getSessionId();
    expect(id).toMatch(UUID_V4_PATTERN);
    expect(sessionStorage.getItem('pricehunt_session_id')).toBe(id);
  });

  it('keeps the same id for the session', () => {
    expect(getSessionId()).toBe(getSessionId());
  });

  it('reuses an id already in session storage', () => {
    sessionStorage.setItem('pricehunt_session_id', 'existing-session');
    expect(getSessionId()).toBe('existing-session');
  });

  it('keeps working in memory when session storage refuses access', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'QuotaExceededError');
    });
    const id = getSessionId();
    expect(id).toMatch(UUID_V4_PATTERN);
    expect(getSessionId()).toBe(id);
  });
});

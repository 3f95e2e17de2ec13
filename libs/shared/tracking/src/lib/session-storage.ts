// Session storage that never throws: private modes and sandboxed frames may refuse storage,
// in which case values live in memory for the life of the page.
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSession(key: string): string | null {
  try {
    const value = storage()?.getItem(key);
    if (value !== null && value !== undefined) return value;
  } catch {
    // fall through to memory
  }
  return memory.get(key) ?? null;
}

export function writeSession(key: string, value: string): void {
  memory.set(key, value);
  try {
    storage()?.setItem(key, value);
  } catch {
    // memory keeps it
  }
}

/** Forgets values kept in memory (tests). */
export function clearSessionMemory(): void {
  memory.clear();
}

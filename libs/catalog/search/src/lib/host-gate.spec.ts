import { createHostGate, HostBusyError, type SharedCounters } from './host-gate';

/** The shared counters' rule in memory: a window that ended starts again with its first call. */
function memoryCounters(): SharedCounters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (name, key, windowMs, now) => {
      const id = `${name}|${key}`;
      const open = windows.get(id);
      const next = open && open.resetAt > now ? { count: open.count + 1, resetAt: open.resetAt } : { count: 1, resetAt: now + windowMs };
      windows.set(id, next);
      return next;
    },
  };
}

describe('host gate', () => {
  it('lets one request to a host through each spacing (and the time a count may take), whichever gate of the shared counters asks', async () => {
    let clock = 1_000;
    const sent: Array<[string, number]> = [];
    const counters = memoryCounters();
    const gate = (name: string) => {
      const g = createHostGate({ counters, spacingMs: 2000, now: () => clock, sleep: async (ms) => void (clock += ms) });
      return async (host: string) => {
        await g.wait(host);
        sent.push([`${name} ${host}`, clock]);
      };
    };
    const [one, two] = [gate('instance-1'), gate('instance-2')];
    await one('Shop.example');
    await two('shop.example');
    await one('other.example');
    await two('shop.example');
    expect(sent).toEqual([
      ['instance-1 Shop.example', 1_000],
      ['instance-2 shop.example', 3_200],
      ['instance-1 other.example', 3_200],
      ['instance-2 shop.example', 5_400],
    ]);
  });

  it('gives up past the longest wait', async () => {
    let clock = 0;
    const gate = createHostGate({ counters: memoryCounters(), spacingMs: 5000, maxWaitMs: 3000, now: () => clock, sleep: async (ms) => void (clock += ms) });
    await gate.wait('shop.example');
    await expect(gate.wait('shop.example')).rejects.toBeInstanceOf(HostBusyError);
  });
});

// The parts of autocannon 8 (which ships no types) that the benchmarks use.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Requests sent in turn on each connection; `setupRequest` may change each one before it is sent. */
      requests?: Array<{
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
        setupRequest?: (request: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => object;
      }>;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}

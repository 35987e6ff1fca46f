// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: { setupRequest?: (req: object) => object }[];
    };
    type Histogram = { p50: number; p90: number; p99: number; max: number; average: number };
    type Result = {
      duration: number;
      latency: Histogram;
      requests: Histogram & { total: number };
      errors: number;
      timeouts: number;
      '2xx': number;
      non2xx: number;
      statusCodeStats?: Record<string, { count: number }>;
    };
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}

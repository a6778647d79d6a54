/** What the cluster benchmarks use of autocannon beyond bench/usage/autocannon.d.ts (merged with it). */
declare module 'autocannon' {
  export interface Options {
    /** Requests per second over all connections. */
    overallRate?: number;
  }

  export interface RawRequest {
    /** Called with every answer to this request, with the connection's context that setupRequest saw. */
    // biome-ignore lint/suspicious/noExplicitAny: autocannon's context is whatever setupRequest put in it
    onResponse?: (status: number, body: string, context: any) => void;
  }
}

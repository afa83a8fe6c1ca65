/** One creator–supplier pair of the chat benchmark: its conversation and both parties' tokens. */
export type BenchPair = {
  conversationId: string;
  storeId: string;
  companyId: string;
  storeToken: string;
  supplierToken: string;
};

/** Server memory after garbage collection, in bytes (`process.memoryUsage()`). */
export type MemorySample = {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

/** Server work since the previous `usage` request: CPU time and event-loop busy share. */
export type UsageSample = { cpuMs: number; wallMs: number; eventLoopUtilization: number };

/** Bench driver → server child, over the fork IPC channel (no HTTP route is added). */
export type DriverCommand =
  { type: 'seed'; pairs: number } | { type: 'memory' } | { type: 'usage' } | { type: 'stop' };

/** Server child → bench driver. */
export type ServerReport =
  | { type: 'ready'; port: number; engine: 'pglite' | 'postgres'; startedInMs: number }
  | { type: 'seeded'; pairs: BenchPair[]; companiesCreated: number; seededInMs: number }
  | { type: 'memory'; sample: MemorySample }
  | { type: 'usage'; sample: UsageSample }
  | { type: 'failed'; message: string };

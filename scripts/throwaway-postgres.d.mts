// Types of throwaway-postgres.mjs, for the TypeScript tests that start a server of their own.
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server for good and removes its files. */
  stop(): void;
  /** Stops the server (fast shutdown), keeping its data and port. */
  halt(): Promise<string>;
  /** Starts it again after `halt`. */
  resume(): Promise<string>;
}

export function startPostgres(options?: {
  durable?: boolean;
  onSignal?: boolean;
}): Promise<ThrowawayPostgres>;

export function hasPostgresBinaries(): boolean;

/**
 * Statements prepared once on the embedded engine (decision 0055). PGlite runs every `query` through the
 * extended protocol with an unnamed statement, so PostgreSQL parses and plans it again each time: for the usage
 * look-up, about three quarters of its cost on the embedded default. The hottest statements (`preparedOn`) are
 * therefore prepared once with `PREPARE` and run with `EXECUTE` over the simple protocol, their values written
 * as quoted literals. Anything this cannot write exactly goes the usual way.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Asks the client given to Drizzle to prepare this SQL text on the engine under this name. */
export const prepareOnEngine = Symbol('prepareOnEngine');

export interface EnginePreparing {
  [prepareOnEngine](queryText: string, name: string): void;
}

/**
 * A parameter as a literal of the simple protocol, or undefined when it cannot be written as one exactly (then
 * the statement runs the usual way). With standard_conforming_strings (PostgreSQL's default since 9.1, never
 * changed here) a backslash is an ordinary character and only the quote is doubled; NUL cannot be in a query.
 */
export function engineLiteral(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * A failed `EXECUTE`'s error as the usual query's would be: PGlite names the failed statement's text on the
 * error (`query`), and here that text holds the values (an account id, say), which must never reach a log. The
 * statement's own text and its parameters apart go there instead, which the logger already keeps apart
 * (docs/reliability.md#logs-and-error-reports).
 */
function asUsualError(error: unknown, queryText: string, params: unknown[] | undefined): unknown {
  if (typeof error === 'object' && error !== null && 'query' in error) {
    Object.assign(error, { query: queryText, params: params ?? [] });
  }
  return error;
}

/** The client Drizzle is given on PGlite: `query` runs a registered statement as `EXECUTE`, all else as before. */
export function enginePreparingClient(client: PGlite): PGlite {
  /** SQL text to its statement's name, and whether `PREPARE` has run (its promise) or failed (null). */
  const names = new Map<string, string>();
  const ready = new Map<string, Promise<boolean>>();

  const prepare = (queryText: string, name: string): Promise<boolean> => {
    let done = ready.get(name);
    if (!done) {
      done = client.exec(`prepare ${name} as ${queryText}`).then(
        () => true,
        // A statement the engine cannot prepare (a parameter of no known type, say) keeps running as before.
        () => false,
      );
      ready.set(name, done);
    }
    return done;
  };

  async function query<T>(
    queryText: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const name = names.get(queryText);
    const literals = name === undefined ? undefined : (params ?? []).map(engineLiteral);
    if (name === undefined || literals === undefined || literals.some((literal) => literal === undefined)) {
      return client.query<T>(queryText, params, options);
    }
    if (!(await prepare(queryText, name))) return client.query<T>(queryText, params, options);
    const execute = literals.length === 0 ? `execute ${name}` : `execute ${name}(${literals.join(', ')})`;
    try {
      const [result] = await client.exec(execute, options);
      return result as Results<T>;
    } catch (error) {
      throw asUsualError(error, queryText, params);
    }
  }

  function register(queryText: string, name: string): void {
    if (!NAME.test(name)) throw new Error(`A statement prepared on the engine needs a plain name: ${name}`);
    const known = names.get(queryText);
    if (known !== undefined && known !== name) return;
    names.set(queryText, name);
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === prepareOnEngine) return register;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

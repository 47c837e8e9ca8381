import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { EngineContext } from '../../src/engine/types.js';
import { signIn, type TestApp } from '../helpers.js';

// HTTP helpers for the engine and resource suites: requests as a signed-in user (cookie + X-XSRF-TOKEN), and a
// query counter (a Kysely plugin on the real database) to prove embeds run a fixed number of queries.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the tests
export type Answer = { status: number; body: any };

export async function client(t: TestApp, role: 'su' | 'admin' | 'operator' = 'admin') {
  const { headers } = await signIn(t, role);
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Answer> => {
    const response = await t.app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown) => send('POST', url, payload),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    del: (url: string) => send('DELETE', url),
  };
}
export type Client = Awaited<ReturnType<typeof client>>;

/**
 * Counts the SQL statements run through a Kysely instance: each result, since Kysely also transforms the inner
 * query of a CTE (`with`) when the outer one is built, which would count a single statement twice.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  /** Each statement's operation tree as JSON (its SQL fragments included), for tests that check a plan's form. */
  trees: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.trees.push(JSON.stringify(args.node));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

export function countingContext(t: TestApp): { ctx: EngineContext; counter: QueryCounter } {
  const counter = new QueryCounter();
  return { ctx: { ...t.app.ctx, db: t.database.db.withPlugin(counter) }, counter };
}

/** `filters=` etc. with URL encoding of each value. */
export const qs = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

import pg from 'pg';

// The PostgreSQL run must fail loudly when the server is unreachable, never silently test SQLite only.
export default async function setup(): Promise<void> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return;
  const url = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`PostgreSQL injoignable (${url}) : ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

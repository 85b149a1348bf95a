// Exits 0 when a PostgreSQL server accepts a connection on 127.0.0.1:5432 as user postgres.
import pg from 'pg';

const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch {
  process.exit(1);
}

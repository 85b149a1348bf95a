// Creates or drops a database on the local PostgreSQL: node scripts/pg-admin.mjs create|drop <name>
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/pg-admin.mjs create|drop <name>');
  process.exit(2);
}
const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
await client.connect();
// The name is checked against [a-z0-9_] above; identifiers cannot be bound as parameters.
if (action === 'create') await client.query(`CREATE DATABASE ${name}`);
else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.end();

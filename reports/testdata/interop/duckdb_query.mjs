// Runs one SQL query with DuckDB and prints its rows as a JSON array
// (BIGINT and DATE as strings, as getRowObjectsJson gives them).
// Usage: node duckdb_query.mjs 'SELECT ...'
import { DuckDBInstance } from '@duckdb/node-api';

const sql = process.argv[2];
if (!sql) {
  console.error("usage: node duckdb_query.mjs 'SELECT ...'");
  process.exit(2);
}
const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
const reader = await conn.runAndReadAll(sql);
console.log(JSON.stringify(reader.getRowObjectsJson()));

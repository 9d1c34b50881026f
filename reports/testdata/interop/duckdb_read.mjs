// Reads a Parquet file with DuckDB and prints, as JSON: the row count, the
// column names and types, the key-value metadata and every row in file
// order (BIGINT as strings, timestamps as ISO strings).
// Usage: node duckdb_read.mjs file.parquet
import { DuckDBInstance } from '@duckdb/node-api';

const file = process.argv[2];
if (!file) {
  console.error('usage: node duckdb_read.mjs file.parquet');
  process.exit(2);
}
const lit = "'" + file.replaceAll("'", "''") + "'";
const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
async function rows(sql) {
  const reader = await conn.runAndReadAll(sql);
  return reader.getRowObjectsJson();
}
const count = await rows(`SELECT count(*) AS n FROM read_parquet(${lit})`);
const columns = await rows(`DESCRIBE SELECT * FROM read_parquet(${lit})`);
const kv = await rows(`SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${lit}) ORDER BY key`);
const meta = await rows(`SELECT DISTINCT path_in_schema AS col, compression, encodings FROM parquet_metadata(${lit}) ORDER BY col`);
const groups = await rows(`SELECT count(DISTINCT row_group_id) AS n FROM parquet_metadata(${lit})`);
const data = await rows(`SELECT * EXCLUDE (file_row_number) FROM read_parquet(${lit}, file_row_number = true) ORDER BY file_row_number`);
console.log(JSON.stringify({
  count: Number(count[0].n),
  columns: columns.map((c) => ({ name: c.column_name, type: c.column_type })),
  kv,
  compression: meta,
  rowGroups: Number(groups[0].n),
  rows: data,
}));

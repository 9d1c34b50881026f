// Validates a SARIF log against the SARIF 2.1.0 JSON schema (draft-04) with
// ajv. Prints "valid" or the errors as JSON and exits non-zero.
// Usage: node validate_sarif.mjs sarif-schema-2.1.0.json file.sarif
import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const [schemaPath, logPath] = process.argv.slice(2);
if (!schemaPath || !logPath) {
  console.error('usage: node validate_sarif.mjs schema.json file.sarif');
  process.exit(2);
}
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
const log = JSON.parse(readFileSync(logPath, 'utf8'));
if (validate(log)) {
  console.log('valid');
} else {
  console.log(JSON.stringify(validate.errors, null, 1));
  process.exit(1);
}

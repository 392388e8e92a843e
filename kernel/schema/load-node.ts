// Reads the schema files from disk (server, tests). The console uses load-vite.ts instead.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Registry, createRegistry } from './registry';

export const SCHEMA_DIR = join(import.meta.dirname, '../../schemas');

/** Files of schemas/ that are not resource schemas. */
export const NON_RESOURCE_FILES = new Set(['config.json', 'routes.json', 'meta-schema.json']);

export function readSchemaFiles(dir = SCHEMA_DIR): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || NON_RESOURCE_FILES.has(file)) continue;
    files[file] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return files;
}

export function loadRegistry(dir = SCHEMA_DIR): Registry {
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return createRegistry(readSchemaFiles(dir), read('config.json'), read('routes.json'));
}

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables, and one file per feature beside them (each imports what it references from schema.ts).
  schema: ['./src/db/schema.ts', './src/db/schema/*.ts'],
  out: './drizzle',
  casing: 'snake_case',
});

/**
 * Fastify's JSON-schema compilers (Ajv, fast-json-stringify and theirs: about 110 modules, a
 * twelfth of what the server loads at start), required when a route first declares a schema.
 * Input is checked with zod and valibot, so none does today.
 */
import type { FastifyServerOptions } from 'fastify'
import { createRequire } from 'node:module'

type SchemaCompilers = Required<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>>

const requireLazily = createRequire(import.meta.url)

/** A compiler factory whose package is required at its first call. */
function requiredAtFirstUse<Factory extends (...args: never[]) => unknown>(packageName: string): Factory {
  return ((...args: Parameters<Factory>) => (requireLazily(packageName) as () => Factory)()(...args)) as Factory
}

export const lazySchemaCompilers: SchemaCompilers = {
  buildValidator: requiredAtFirstUse<SchemaCompilers['buildValidator']>('@fastify/ajv-compiler'),
  buildSerializer: requiredAtFirstUse<SchemaCompilers['buildSerializer']>('@fastify/fast-json-stringify-compiler'),
}

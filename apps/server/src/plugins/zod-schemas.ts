import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Requests are validated by the contract's zod schemas; responses are written by
 * fast-json-stringify from the JSON Schema of the same contract. Parsing every response with zod
 * would cost most of the throughput, and the stringifier also drops fields the contract does not
 * declare, so internal columns cannot leak.
 */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema }) => {
    if (!(schema instanceof z.ZodType)) throw new Error('Response schemas must be zod schemas');
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  });
}

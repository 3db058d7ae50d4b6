import { z } from 'zod';

/** The rows of a raw `db.execute` result, parsed with `schema` (raw SQL answers are untyped). */
export const rowsOf = <T extends z.ZodType>(schema: T, result: unknown): z.infer<T>[] =>
  z.object({ rows: z.array(schema) }).parse(result).rows;

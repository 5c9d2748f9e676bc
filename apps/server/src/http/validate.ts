import { toFieldErrors } from '@osp/shared';
import type { z } from 'zod';
import { ValidationError } from './errors';

/** Parses input with a shared schema or throws the 422 that lists every invalid field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

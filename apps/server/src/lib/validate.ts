import type { z } from 'zod';
import { firstIssueMessage } from '@aesa/shared/api';
import { invalidInput } from './app-error.ts';

/** Parses a request part with a shared schema; the first issue's message becomes a 400. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidInput(firstIssueMessage(result.error));
  return result.data;
}

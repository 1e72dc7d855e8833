import type { z } from 'zod';
import { refusalOfIssue } from '@aesa/shared/schemas/coded';
import { refusedInput } from './app-error.ts';

/** Parses a request part with a shared schema; its first issue becomes the refusal (the rule's code, else a 400). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw refusedInput(refusalOfIssue(result.error.issues[0]));
  return result.data;
}

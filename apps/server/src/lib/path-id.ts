import { z } from 'zod';
import { notFound } from './app-error.ts';

const uuid = z.uuid();

/** A uuid from the URL path. Text that cannot be an id names nothing: 404, like an unknown id. */
export function pathId(value: unknown, message: string): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  get,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

// One form system for the admin screens: react-hook-form checked by a shared zod schema, the
// very schema the route validates with (or one derived from it in packages/shared). The submit
// handler receives the schema's output, so what a form sends is what the server parses, and a
// rule a form shows is the rule the server enforces.

/** The message react-hook-form holds for a field ('a.b' paths too), or undefined. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export type ZodForm<V extends FieldValues, Out> = UseFormReturn<V, unknown, Out> & {
  /**
   * A field's registration and its error, spread on a field of components/ui/field.tsx, which
   * shows the error under the control: `<TextField label="Title" {...form.field('title')} />`.
   */
  field: <N extends FieldPath<V>>(name: N, options?: RegisterOptions<V, N>) => UseFormRegisterReturn<N> & { error: string | undefined };
  /** The message of any path of the schema, including one no input is registered for (e.g. `recipients`). */
  errorOf: (name: string) => string | undefined;
};

interface ZodFormOptions<V extends FieldValues, Out> extends Omit<UseFormProps<V, unknown, Out>, 'resolver'> {
  /**
   * What the schema is given instead of the inputs' values, when the two differ: a
   * datetime-local value made an ISO instant, chosen groups and members made the request's
   * recipient list. Keep the keys of the fields that show errors, so each message lands
   * under its field.
   */
  toInput?: (values: V) => unknown;
}

/**
 * react-hook-form with the zod resolver. `V` is what the inputs hold (text as typed); the
 * schema turns it into `Out` (trimmed text, nulls for empty optional fields), which is what
 * the submit handler gets. Checked on submit, then again on each change of a field; the first
 * invalid field gets focus, so its message is read out.
 */
export function useZodForm<V extends FieldValues, Out>(schema: z.ZodType<Out>, { toInput, ...options }: ZodFormOptions<V, Out>): ZodForm<V, Out> {
  const check = zodResolver(schema as never) as unknown as Resolver<V, unknown, Out>;
  const form = useForm<V, unknown, Out>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: toInput ? (values, context, opts) => check(toInput(values) as V, context, opts) : check,
  });
  const errors = form.formState.errors;
  return {
    ...form,
    field: (name, opts) => ({ ...form.register(name, opts), error: errorAt(errors, name) }),
    errorOf: (name) => errorAt(errors, name),
  };
}

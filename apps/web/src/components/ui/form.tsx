import { MSG } from '@aesa/shared/messages';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { type ComponentProps, type ReactNode, useCallback, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type ResolverError,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  get,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client.ts';
import { dismissFailureFlashes } from '@/lib/flash.ts';
import { FormError } from './field.tsx';

// Every form validates with the shared zod schema its route uses (react-hook-form with the zod
// resolver), so a rule shown on a screen is the rule the server enforces.
//
// The schema is loaded when it is first needed, not with the page: zod is a quarter of a public
// page's JavaScript, and a visitor who only reads the page never validates anything. The form
// starts loading it as soon as the member focuses one of its fields, so it is there by the time
// they submit (see docs/decisions/025-forms-load-their-schema-on-demand.md).

/** Loads the schema a form validates with (a dynamic import of a shared schemas module). */
export type SchemaLoader<In, Out> = () => Promise<z.ZodType<Out, In>>;

/**
 * The schema itself, for screens that already carry zod (the admin area, which no visitor
 * loads), or its loader, for the public and member pages.
 */
export type SchemaSource<In, Out> = z.ZodType<Out, In> | SchemaLoader<In, Out>;

/**
 * A resolver that loads the schema on first use. A failed load (the connection dropped) is shown
 * as the form's error, and the next submit tries again.
 */
function lazyZodResolver<In extends FieldValues, Out>(load: () => Promise<z.ZodType<Out, unknown>>, toInput: (values: In) => unknown): Resolver<In, unknown, Out> {
  let resolver: Resolver<In, unknown, Out> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      try {
        resolver = standardSchemaResolver((await load()) as never) as unknown as Resolver<In, unknown, Out>;
      } catch {
        const failed: ResolverError<In> = { values: {}, errors: { root: { type: 'load', message: MSG.network } } as FieldErrors<In> };
        return failed;
      }
    }
    return resolver(toInput(values) as In, context, options);
  };
}

/** The message react-hook-form holds for a path ('a.b' too, or one no input is registered for), or undefined. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** Memoises a loader: one import, started by whichever comes first (focus or submit). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

export type ZodForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /**
   * The props of a TextField, PasswordField, TextAreaField or SelectField bound to `name`, which
   * shows the error under the control: `<TextField label="Title" {...form.field('title')} />`.
   */
  field: (name: Path<In>) => ReturnType<UseFormReturn<In>['register']> & { error?: string };
  /** The message of any path of the schema, including one no input is registered for (e.g. `recipients`). */
  errorOf: (name: string) => string | undefined;
  /** The form-level message (a failed call), shown above the fields. */
  formError: string | undefined;
  setFormError: (message: string | null | undefined) => void;
  /** Starts loading the schema (the form calls it when a field gets focus). */
  preload: () => void;
  /**
   * Puts a server's refusal about one input (its `field`: end before start, a name taken) under
   * that input, with focus, and answers true; false when it is about no input of this form, for
   * the caller to say it another way (the admin screens' notice). `fields` maps the request's
   * names to the form's where they differ.
   */
  showRefusal: (error: unknown, fields?: Partial<Record<string, Path<In>>>) => boolean;
};

interface ZodFormOptions<In extends FieldValues, Out> extends Omit<UseFormProps<In, unknown, Out>, 'resolver'> {
  /**
   * What the schema is given instead of the inputs' values, when the two differ: a
   * datetime-local value made an ISO instant, chosen groups and members made the request's
   * recipient list. Keep the keys of the fields that show errors, so each message lands
   * under its field.
   */
  toInput?: (values: In) => unknown;
}

/**
 * react-hook-form with a shared zod schema. The submit handler receives the schema's output
 * (trimmed text, nulls for empty optional fields), which is what the route parses. Messages
 * appear when the form is submitted; a field's message goes when that field is edited (it is
 * checked again at the next submit), and focus goes to the first invalid field so its message is
 * read out.
 */
export function useZodForm<In extends FieldValues, Out>(source: SchemaSource<In, Out>, options?: ZodFormOptions<In, Out>): ZodForm<In, Out>;
/**
 * Inputs that differ from the schema's input (a datetime-local value for an ISO instant, text for
 * a nullable field): name both types, and give `toInput` where the schema needs another shape.
 */
export function useZodForm<In extends FieldValues, Out>(source: SchemaSource<unknown, Out>, options?: ZodFormOptions<In, Out>): ZodForm<In, Out>;
export function useZodForm<In extends FieldValues, Out>(source: SchemaSource<unknown, Out>, { toInput, ...options }: ZodFormOptions<In, Out> = {}): ZodForm<In, Out> {
  // One loader and resolver for the life of the form.
  const [{ load, resolver }] = useState(() => {
    const load = once(typeof source === 'function' ? source : () => Promise.resolve(source));
    return { load, resolver: lazyZodResolver<In, Out>(load, toInput ?? ((values) => values)) };
  });
  const form = useForm<In, unknown, Out>({ mode: 'onSubmit', reValidateMode: 'onSubmit', ...options, resolver });
  const { register, clearErrors, setError, formState } = form;
  // Stable, so that a caller may set the form's message from an effect.
  const setFormError = useCallback(
    (message: string | null | undefined) => (message ? setError('root', { type: 'server', message }) : clearErrors('root')),
    [setError, clearErrors],
  );

  return {
    ...form,
    // A new attempt: the toasts about the last one's failure go (the form's own messages are checked again).
    handleSubmit: (onValid, onInvalid) => (event) => {
      dismissFailureFlashes();
      return form.handleSubmit(onValid, onInvalid)(event);
    },
    showRefusal: (error, fields = {}) => {
      if (!isApiError(error) || !error.field) return false;
      const name = fields[error.field] ?? (Object.hasOwn(form.getValues(), error.field) ? (error.field as Path<In>) : undefined);
      if (!name) return false;
      setError(name, { type: 'server', message: error.message }, { shouldFocus: true });
      return true;
    },
    field: (name: Path<In>) => ({
      ...register(name, { onChange: () => clearErrors(name) }),
      error: errorAt(formState.errors, name),
    }),
    errorOf: (name: string) => errorAt(formState.errors, name),
    formError: formState.errors.root?.message,
    setFormError,
    preload: () => void load().catch(() => undefined),
  };
}

type FormProps<In extends FieldValues, Out> = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  form: ZodForm<In, Out>;
  onSubmit: SubmitHandler<Out>;
  /** Shown before the form-level error (a heading that names the form). */
  heading?: ReactNode;
  children: ReactNode;
};

/**
 * A form element for a useZodForm form: the browser's own validation is off (the schema's
 * messages are shown instead), the form-level error comes first, and focusing any field starts
 * loading the schema.
 */
export function Form<In extends FieldValues, Out>({ form, onSubmit, heading, children, onFocus, ...props }: FormProps<In, Out>) {
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={(event) => {
        form.preload();
        onFocus?.(event);
      }}
      {...props}
    >
      {heading}
      <FormError>{form.formError}</FormError>
      {children}
    </form>
  );
}

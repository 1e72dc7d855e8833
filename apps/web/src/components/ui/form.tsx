import { MSG } from '@aesa/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { FormError } from './field.tsx';

// Every form validates with the shared zod schema its route uses (react-hook-form with the zod
// resolver), so a rule shown on a screen is the rule the server enforces.
//
// The schema is loaded when it is first needed, not with the page: zod is a quarter of a public
// page's JavaScript, and a visitor who only reads the page never validates anything. The form
// starts loading it as soon as the member focuses one of its fields, so it is there by the time
// they submit (see docs/decisions/025-forms-load-their-schema-on-demand.md).

/** Loads the schema a form validates with (a dynamic import of a shared schemas module). */
export type SchemaLoader<In extends FieldValues, Out> = () => Promise<z.ZodType<Out, In>>;

/**
 * A resolver that loads the schema on first use. A failed load (the connection dropped) is shown
 * as the form's error, and the next submit tries again.
 */
function lazyZodResolver<In extends FieldValues, Out extends FieldValues>(load: () => Promise<z.ZodType<Out, In>>): Resolver<In, unknown, Out> {
  let resolver: Resolver<In, unknown, Out> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      try {
        resolver = zodResolver(await load());
      } catch {
        const failed: ResolverError<In> = { values: {}, errors: { root: { type: 'load', message: MSG.network } } as FieldErrors<In> };
        return failed;
      }
    }
    return resolver(values, context, options);
  };
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

export type ZodForm<In extends FieldValues, Out extends FieldValues> = UseFormReturn<In, unknown, Out> & {
  /** The props of a TextField, PasswordField, TextAreaField or SelectField bound to `name`. */
  field: (name: Path<In>) => ReturnType<UseFormReturn<In>['register']> & { error?: string };
  /** The form-level message (a failed call), shown above the fields. */
  formError: string | undefined;
  setFormError: (message: string | null | undefined) => void;
  /** Starts loading the schema (the form calls it when a field gets focus). */
  preload: () => void;
};

/**
 * react-hook-form with a shared zod schema. Messages appear when the form is submitted; a field's
 * message goes when that field is edited (it is checked again at the next submit), and focus goes
 * to the first invalid field so its message is read out.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues>(
  loadSchema: SchemaLoader<In, Out>,
  options: Omit<UseFormProps<In, unknown, Out>, 'resolver'> = {},
): ZodForm<In, Out> {
  // One loader and resolver for the life of the form.
  const [{ load, resolver }] = useState(() => {
    const load = once(loadSchema);
    return { load, resolver: lazyZodResolver(load) };
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
    field: (name: Path<In>) => ({
      ...register(name, { onChange: () => clearErrors(name) }),
      error: (get(formState.errors, name) as { message?: string } | undefined)?.message,
    }),
    formError: formState.errors.root?.message,
    setFormError,
    preload: () => void load().catch(() => undefined),
  };
}

type FormProps<In extends FieldValues, Out extends FieldValues> = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
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
export function Form<In extends FieldValues, Out extends FieldValues>({ form, onSubmit, heading, children, onFocus, ...props }: FormProps<In, Out>) {
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

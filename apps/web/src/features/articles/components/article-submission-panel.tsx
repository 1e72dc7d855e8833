import type { MySubmissionItem, SubmissionStatus } from '@aesa/shared/editorial';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { submitArticle, useMySubmissions } from '../api/articles-api.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

const STATUS: Record<SubmissionStatus, { label: string; className: string }> = {
  pending: { label: 'Pending review', className: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', className: 'bg-green-100 text-green-900' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900' },
  needs_revision: { label: 'Needs revision', className: 'bg-sky-100 text-sky-900' },
};


/** A signed-in member's side of AeroIntel: submit an article, and follow the review of each one. */
export function ArticleSubmissionPanel({ userId }: { userId: string }) {
  return (
    <div className="space-y-6">
      <SubmissionForm userId={userId} />
      <MySubmissions userId={userId} />
    </div>
  );
}

function SubmissionForm({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // The text fields follow the submission request's rules; the PDF and the cover are checked
  // with the same form schema before they are sent.
  const form = useZodForm(() => import('@aesa/shared/schemas/article-submission').then((m) => m.submissionFormSchema), {
    defaultValues: { title: '', abstract: '', keywords: '', file: null, cover: null },
  });
  // Resets the two file inputs after a successful submission.
  const [fileKey, setFileKey] = useState(0);

  const submit = useMutation({
    mutationFn: submitArticle,
    onSuccess: () => {
      flash.success('Your article has been submitted for review.');
      form.reset();
      setFileKey((k) => k + 1);
      void queryClient.invalidateQueries({ queryKey: ['articles', 'mine', userId] });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      form.setFormError(`Submission failed: ${error instanceof Error && error.message ? error.message : 'Unknown error'}`);
    },
  });

  /**
   * A chosen file goes into the form's values; its message goes when another is chosen. The form
   * gets a handle that can only focus the input: it must not write the file input's value.
   */
  const fileField = (name: 'file' | 'cover') => ({
    ref: (input: HTMLInputElement | null) => form.register(name).ref(input && { focus: () => input.focus() }),
    error: form.formState.errors[name]?.message,
    onFile: (file: File | null) => {
      form.setValue(name, file);
      form.clearErrors(name);
    },
  });

  return (
    <Form
      form={form}
      // The keywords go as typed: the server splits them with the same rule.
      onSubmit={({ title, abstract, file, cover }) => submit.mutate({ title, abstract, keywords: form.getValues('keywords') ?? '', file: file as File, cover: cover as File | null })}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      heading={
        <div>
          <h2 className="text-lg font-bold text-navy-900">Submit an Article</h2>
          <p className="mt-1 text-sm text-slate-600">The editorial team reviews every submission. Accepted ones are published here.</p>
        </div>
      }
    >
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Abstract" required rows={5} maxLength={5000} {...form.field('abstract')} />
      <TextField label="Keywords" hint="Optional, separated by commas" {...form.field('keywords')} />
      <FileField
        key={`file-${fileKey}`}
        label="Article (PDF)"
        hint="A PDF of at most 10 MB."
        accept="application/pdf,.pdf"
        required
        {...fileField('file')}
      />
      <FileField
        key={`cover-${fileKey}`}
        label="Cover image"
        hint="Optional: JPEG, PNG or WebP, at most 5 MB."
        accept="image/jpeg,image/png,image/webp"
        {...fileField('cover')}
      />
      <Button type="submit" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Article'}
      </Button>
    </Form>
  );
}

function FileField({
  label,
  hint,
  accept,
  required,
  error,
  onFile,
  ref,
}: {
  label: string;
  hint: ReactNode;
  accept: string;
  required?: boolean;
  error?: string;
  onFile: (file: File | null) => void;
  /** The form's handle on the input, to focus it when its file is refused. */
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="file"
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className={cn(
          'block w-full min-w-0 rounded-lg border bg-white text-sm text-slate-800',
          'file:mr-3 file:h-10 file:border-0 file:bg-slate-100 file:px-3 file:font-semibold file:text-slate-800 hover:file:bg-slate-200',
          error ? 'border-red-700' : 'border-slate-400',
        )}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function MySubmissions({ userId }: { userId: string }) {
  const mine = useMySubmissions(userId);
  return (
    <section aria-labelledby="my-submissions-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="my-submissions-title" className="text-lg font-bold text-navy-900">
        My Submissions
      </h2>
      <div className="mt-3">
        {mine.isPending ? (
          <Spinner label="Loading your submissions" />
        ) : mine.isError ? (
          <div role="alert" className="text-sm text-red-800">
            <p>Failed to load submissions: {mine.error instanceof Error && mine.error.message ? mine.error.message : 'Unknown error'}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void mine.refetch()}>
              Try Again
            </Button>
          </div>
        ) : mine.data.length === 0 ? (
          <p className="text-sm text-slate-600">You have not submitted an article yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {mine.data.map((s) => (
              <MySubmissionRow key={s.id} submission={s} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function MySubmissionRow({ submission }: { submission: MySubmissionItem }) {
  const status = STATUS[submission.submission_status] ?? STATUS.pending;
  const submitted = useDateFormat().date(submission.submitted_at);
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{submission.title}</p>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
      </div>
      {!submitted ? null : (
        <p className="text-xs text-slate-600">
          Submitted <time dateTime={submission.submitted_at}>{submitted}</time>
        </p>
      )}
      {submission.notes ? (
        <p className="mt-1 rounded-md bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-700">
          <span className="font-semibold">Editor&apos;s notes: </span>
          {submission.notes}
        </p>
      ) : null}
    </li>
  );
}

import type { MySubmissionItem, SubmissionStatus } from '@aesa/shared/editorial';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { submitArticle, useMySubmissions } from '../api/articles-api.ts';
import { type SubmissionField, validateSubmission } from '../lib/submission-rules.ts';
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
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [abstract, setAbstract] = useState('');
  const [keywords, setKeywords] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SubmissionField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Resets the two file inputs after a successful submission.
  const [fileKey, setFileKey] = useState(0);

  const submit = useMutation({
    mutationFn: submitArticle,
    onSuccess: () => {
      flash.success('Your article has been submitted for review.');
      setTitle('');
      setAbstract('');
      setKeywords('');
      setFile(null);
      setCover(null);
      setFileKey((k) => k + 1);
      void queryClient.invalidateQueries({ queryKey: ['articles', 'mine', userId] });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      setFormError(`Submission failed: ${error instanceof Error && error.message ? error.message : 'Unknown error'}`);
    },
  });

  function clear(field: SubmissionField) {
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateSubmission({ title, abstract, keywords, file, cover });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    submit.mutate({ title: title.trim(), abstract: abstract.trim(), keywords, file: file!, cover });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h2 className="text-lg font-bold text-navy-900">Submit an Article</h2>
        <p className="mt-1 text-sm text-slate-600">The editorial team reviews every submission. Accepted ones are published here.</p>
      </div>
      <FormError>{formError}</FormError>
      <TextField
        label="Title"
        required
        maxLength={200}
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          clear('title');
        }}
        error={errors.title}
      />
      <TextAreaField
        label="Abstract"
        required
        rows={5}
        maxLength={5000}
        value={abstract}
        onChange={(e) => {
          setAbstract(e.target.value);
          clear('abstract');
        }}
        error={errors.abstract}
      />
      <TextField
        label="Keywords"
        hint="Optional, separated by commas"
        value={keywords}
        onChange={(e) => {
          setKeywords(e.target.value);
          clear('keywords');
        }}
        error={errors.keywords}
      />
      <FileField
        key={`file-${fileKey}`}
        label="Article (PDF)"
        hint="A PDF of at most 10 MB."
        accept="application/pdf,.pdf"
        required
        error={errors.file}
        onFile={(f) => {
          setFile(f);
          clear('file');
        }}
      />
      <FileField
        key={`cover-${fileKey}`}
        label="Cover image"
        hint="Optional: JPEG, PNG or WebP, at most 5 MB."
        accept="image/jpeg,image/png,image/webp"
        error={errors.cover}
        onFile={(f) => {
          setCover(f);
          clear('cover');
        }}
      />
      <Button type="submit" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Article'}
      </Button>
    </form>
  );
}

function FileField({
  label,
  hint,
  accept,
  required,
  error,
  onFile,
}: {
  label: string;
  hint: ReactNode;
  accept: string;
  required?: boolean;
  error?: string;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
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

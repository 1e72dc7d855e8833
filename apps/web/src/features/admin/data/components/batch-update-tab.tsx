import { ADMIN_MSG, YEAR_HINT, type MemberRoleBatchResponse } from '@aesa/shared/admin';
import { errorMessage, messageFor } from '@aesa/shared/error-codes';
import { memberRoleBatchFormSchema } from '@aesa/shared/schemas/admin';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { UserPickerField } from '@/components/user-picker/user-picker-field.tsx';
import { usePickedUser } from '@/components/user-picker/use-picked-user.ts';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useBatchUpdate } from '../api/batch.ts';
import {
  type BatchDraftItem,
  type BatchFormValues,
  type BatchItemBody,
  DUPLICATE_ITEM,
  ROLE_TYPES,
  type RoleType,
  batchBodies,
  draftItem,
  failedItemName,
  failedItems,
  isInList,
  newBatchForm,
} from '../lib/batch-items.ts';

const ROLE_TYPE_LABEL: Record<RoleType, string> = { executive: 'Executive', member: 'Member', alumni: 'Alumni', student: 'Student' };

/**
 * Batch Update: build a list of role assignments (a member's role with the
 * same name is updated, otherwise one is added), then execute them together. Each item succeeds
 * or fails on its own; the result lists updated, inserted and failed items.
 */
export function BatchUpdateTab() {
  const { alertFailure, notify } = useAdminDialogs();
  const form = useZodForm<BatchFormValues, BatchItemBody>(memberRoleBatchFormSchema, { defaultValues: newBatchForm() });
  const { user, pick, setUser } = usePickedUser(form);
  const [items, setItems] = useState<BatchDraftItem[]>([]);
  const [result, setResult] = useState<{ response: MemberRoleBatchResponse; sent: BatchDraftItem[] } | null>(null);
  const batch = useBatchUpdate();

  const onAdd = form.handleSubmit((body) => {
    if (!user) return;
    if (isInList(items, body)) {
      form.setError('role_name', { message: DUPLICATE_ITEM }, { shouldFocus: true });
      return;
    }
    setItems((list) => [...list, draftItem(body, user)]);
    // The next item is often the same kind of role: keep everything but the member.
    setUser(null);
    form.reset({ ...form.getValues(), user_id: '' });
  });

  function onExecute() {
    if (items.length === 0) {
      notify(ADMIN_MSG.batchEmpty);
      return;
    }
    const sent = items;
    batch.mutate(batchBodies(sent), {
      onSuccess: (response) => {
        setResult({ response, sent });
        const { updated, inserted, failed } = response.results;
        // Failed items stay in the list to be corrected; the rest are done.
        setItems(failedItems(sent, failed));
        flash.success(`Batch update done: ${updated.length} updated, ${inserted.length} inserted, ${failed.length} failed`);
      },
      onError: (error) => alertFailure(error, (m) => `Error in batch update: ${m}`),
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form onSubmit={onAdd} noValidate className="flex min-w-0 flex-col gap-4 self-start rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-bold text-navy-900">Add a role assignment</h2>
        <UserPickerField
          label="Member"
          value={user}
          onChange={pick}
          error={form.errorOf('user_id')}
          pickerTitle="Select Member"
        />
        <TextField label="Role name" required maxLength={80} placeholder="e.g. Treasurer" autoComplete="off" {...form.field('role_name')} />
        <SelectField label="Role type" {...form.field('role_type')}>
          {ROLE_TYPES.map((t) => (
            <option key={t} value={t}>
              {ROLE_TYPE_LABEL[t]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Year range" hint={YEAR_HINT} maxLength={20} autoComplete="off" {...form.field('associated_year_range')} />
          <TextField label="Position category" maxLength={80} autoComplete="off" {...form.field('associated_position')} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Status</legend>
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input type="checkbox" className="size-5 accent-brand-600" {...form.register('is_current')} />
            Current (active) role
          </label>
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input type="checkbox" className="size-5 accent-brand-600" {...form.register('verified_by_admin')} />
            Verified by admin (with Current, lets the member vote)
          </label>
        </fieldset>
        <Button type="submit" variant="secondary">
          Add to List
        </Button>
      </form>

      <section aria-labelledby="batch-list-title" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="batch-list-title" className="text-lg font-bold text-navy-900">
            Role assignments to apply ({items.length})
          </h2>
          <Button onClick={onExecute} disabled={batch.isPending}>
            {batch.isPending ? 'Updating...' : 'Execute Batch Update'}
          </Button>
        </div>
        {items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
            No role assignments yet. Add members and their roles with the form, then execute them together.
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Role assignments to apply">
            {items.map((item) => (
              <li key={item.key} className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
                <Avatar name={item.user.name} src={item.user.profile_image_url} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-slate-900">
                    {item.user.name || 'Unnamed member'} · {item.role_name}
                  </p>
                  <p className="truncate text-xs text-slate-600">
                    {ROLE_TYPE_LABEL[item.role_type]} · {item.associated_year_range} · {item.associated_position} · {item.is_current ? 'Current' : 'Not current'} ·{' '}
                    {item.verified_by_admin ? 'Verified' : 'Not verified'}
                  </p>
                </div>
                <Button size="sm" variant="ghost" onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))} aria-label={`Remove ${item.user.name} · ${item.role_name} from the list`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {result ? <BatchResult response={result.response} sent={result.sent} /> : null}
      </section>
    </div>
  );
}

function BatchResult({ response, sent }: { response: MemberRoleBatchResponse; sent: BatchDraftItem[] }) {
  const { updated, inserted, failed } = response.results;
  return (
    <section aria-labelledby="batch-result-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="batch-result-title" className="font-bold text-navy-900">
        Last batch update
      </h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-sky-50 p-2">
          <dt className="text-xs font-medium text-slate-700">Updated</dt>
          <dd className="text-xl font-bold text-sky-900">{updated.length}</dd>
        </div>
        <div className="rounded-xl bg-green-50 p-2">
          <dt className="text-xs font-medium text-slate-700">Inserted</dt>
          <dd className="text-xl font-bold text-green-900">{inserted.length}</dd>
        </div>
        <div className="rounded-xl bg-red-50 p-2">
          <dt className="text-xs font-medium text-slate-700">Failed</dt>
          <dd className="text-xl font-bold text-red-900">{failed.length}</dd>
        </div>
      </dl>
      {failed.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-red-900" aria-label="Failed items">
          {failed.map((f, i) => (
            <li key={i} className="break-words">
              <span className="font-semibold">{failedItemName(f.item, sent)}</span>: {messageFor(f.code, f.params) ?? errorMessage('VALIDATION_FAILED')}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

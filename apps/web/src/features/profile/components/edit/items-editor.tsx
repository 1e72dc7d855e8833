import { imageFileProblem } from '@aesa/shared/uploads';
import { useLayoutEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Form, type ZodForm, useZodForm } from '@/components/ui/form.tsx';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { useDeleteItem, useItemCallsPending, useSaveItem, useUploadItemImage } from '../../api/profile-items.ts';
import { useDirty } from '../../lib/dirty.ts';
import { safeImageSrc } from '../../lib/format.ts';
import { PencilIcon } from '../profile-icons.tsx';
import { PrivateBadge } from '../view/item-card.tsx';
import { DiscardDialog, EditorActions, EditorDialog, useRequestClose } from './editor-dialog.tsx';
import { endedSession, errorText, reportSaveFailure } from './editor-helpers.ts';
import { ImageFileField } from './image-file-field.tsx';
import { type EditableItem, type FieldSpec, ITEMS, type ItemFormValues, type ItemKind, type ItemsConfig, formValues, itemFormBody } from './items-config.ts';
import { Switch } from '@/components/ui/switch.tsx';

type View = { view: 'list' } | { view: 'form'; item: EditableItem | null };

/** Manage projects, achievements or volunteer activities: a list, and an add/edit form. */
export function ItemsEditor({ kind, profile, onClose }: { kind: ItemKind; profile: ProfileData; onClose: () => void }) {
  const config = ITEMS[kind];
  const items = config.items(profile);
  const [view, setView] = useState<View>({ view: 'list' });
  const [formDirty, setFormDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const [toDelete, setToDelete] = useState<EditableItem | null>(null);
  // A save, a delete or an upload under way: the dialog stays open until it is answered.
  const busy = useItemCallsPending(config.collection);
  const remove = useDeleteItem(config.collection);

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => flash.success(config.deleted),
      onError: (error) => {
        if (!endedSession(error)) flash.error(config.deleteFailed(errorText(error)));
      },
      onSettled: () => setToDelete(null),
    });
  }

  const inForm = view.view === 'form';
  return (
    <EditorDialog
      title={inForm ? `${view.item ? 'Edit' : 'Add'} ${config.singular}` : config.title}
      dirty={inForm && formDirty}
      saved={saved}
      busy={busy}
      onClose={onClose}
      className="max-w-xl"
    >
      {view.view === 'list' ? (
        <ItemsList
          config={config}
          items={items}
          onAdd={() => setView({ view: 'form', item: null })}
          onEdit={(item) => setView({ view: 'form', item })}
          onDelete={setToDelete}
        />
      ) : (
        <ItemForm
          key={view.item?.id ?? 'new'}
          config={config}
          item={view.item}
          onDirtyChange={setFormDirty}
          onBack={() => {
            setFormDirty(false);
            setView({ view: 'list' });
          }}
          onSaved={() => {
            setFormDirty(false);
            setSaved(true);
          }}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${config.singular.toLowerCase()}`}
        message={config.deleteQuestion}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        confirmVariant="danger"
        cancelLabel="Cancel"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </EditorDialog>
  );
}

function ItemsList({
  config,
  items,
  onAdd,
  onEdit,
  onDelete,
}: {
  config: ItemsConfig;
  items: EditableItem[];
  onAdd: () => void;
  onEdit: (item: EditableItem) => void;
  onDelete: (item: EditableItem) => void;
}) {
  const requestClose = useRequestClose();
  return (
    <div>
      <Button onClick={onAdd} className="w-full sm:w-auto">
        <span aria-hidden="true">+</span> {config.addLabel}
      </Button>
      {items.length === 0 ? (
        <p className="mt-4 text-slate-600">{config.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {items.map((item) => {
            const name = config.name(item);
            return (
              <li key={item.id} className="flex flex-wrap items-center gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                    {name}
                    {item.privacy ? <PrivateBadge /> : null}
                  </p>
                  <p className="text-sm text-slate-600">{config.summary(item)}</p>
                </div>
                <div className="flex gap-1">
                  <Button variant="outline" size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${name}`}>
                    <PencilIcon /> Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => onDelete(item)} aria-label={`Delete ${name}`} className="text-red-800">
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6 flex justify-end border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={requestClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

function ItemForm({
  config,
  item,
  onDirtyChange,
  onBack,
  onSaved,
}: {
  config: ItemsConfig;
  item: EditableItem | null;
  onDirtyChange: (dirty: boolean) => void;
  onBack: () => void;
  onSaved: () => void;
}) {
  const initial = useMemo<ItemFormValues>(() => ({ ...formValues(config, item), privacy: item?.privacy ?? false }), [config, item]);
  const form = useZodForm<ItemFormValues, Record<string, unknown>>(config.schema, { defaultValues: initial, toInput: itemFormBody(config, item) });
  const save = useSaveItem(config.collection);
  const uploading = useItemCallsPending(config.collection, 'upload');
  const [askBack, setAskBack] = useState(false);
  const current = form.watch();
  const dirty = useDirty(initial, current);

  // The dialog around the form asks before closing when this is true.
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The first message (the "fill in the required fields" one) is said once, above the form; a
  // field shows only a message of its own. Editing a field takes away its own message and the
  // form's.
  const errors = form.formState.errors;
  const first = config.fields.map((f) => errors[f.name]?.message).find(Boolean);
  const formMessage = form.formError ?? first;
  const edited = (name: string) =>
    form.clearErrors(['root', name, ...config.fields.filter((f) => errors[f.name]?.message === first).map((f) => f.name)]);
  const field = (name: string) => {
    const { error, onChange, ...registration } = form.field(name);
    return {
      ...registration,
      error: error !== formMessage ? error : undefined,
      onChange: (event: { target: unknown; type?: unknown }) => {
        edited(name);
        return onChange(event);
      },
    };
  };
  const setValue = (name: string, value: string | boolean) => {
    form.setValue(name, value);
    edited(name);
  };

  const onSubmit = (body: Record<string, unknown>) =>
    save.mutate(
      { id: item?.id ?? null, body },
      {
        onSuccess: () => {
          flash.success(item ? config.updated : config.added);
          onSaved();
        },
        onError: (error) => reportSaveFailure(form, error, (detail) => config.saveFailed(detail, !item)),
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      {!form.formError && first ? <FormError>{first}</FormError> : null}
      {config.fields.map((spec) => (
        <ItemField
          key={spec.name}
          spec={spec}
          config={config}
          registration={field(spec.name)}
          value={String(current[spec.name] ?? '')}
          min={spec.type === 'date' && spec.minFrom ? String(current[spec.minFrom] ?? '') || undefined : undefined}
          onValue={(value) => setValue(spec.name, value)}
        />
      ))}
      <Switch
        label="Private"
        description={`Only you can see a private ${config.singular.toLowerCase()}.`}
        checked={current.privacy === true}
        onChange={(checked) => setValue('privacy', checked)}
      />
      <EditorActions
        busy={save.isPending || uploading}
        busyLabel={uploading ? 'Uploading...' : 'Saving...'}
        label={item ? 'Save Changes' : config.addLabel}
        cancelLabel="Back"
        onCancel={() => (dirty ? setAskBack(true) : onBack())}
      />
      <DiscardDialog open={askBack} onDiscard={onBack} onClose={() => setAskBack(false)} />
    </Form>
  );
}

type Registration = ReturnType<ZodForm<ItemFormValues, Record<string, unknown>>['field']>;

function ItemField({
  spec,
  config,
  registration,
  value,
  min,
  onValue,
}: {
  spec: FieldSpec;
  config: ItemsConfig;
  registration: Registration;
  value: string;
  min?: string;
  onValue: (value: string) => void;
}) {
  const label = 'required' in spec && spec.required ? `${spec.label} *` : spec.label;
  switch (spec.type) {
    case 'textarea':
      return <TextAreaField label={label} rows={4} required={spec.required} {...registration} />;
    case 'select':
      return (
        <SelectField label={label} {...registration}>
          {spec.emptyOption ? <option value="">{spec.emptyOption}</option> : null}
          {spec.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
      );
    case 'image':
      return <ImageField field={spec} config={config} value={value} onChange={onValue} />;
    case 'date':
      return <TextField label={label} type="date" required={spec.required} min={min} {...registration} />;
    default:
      return (
        <TextField
          label={label}
          type={spec.type}
          inputMode={spec.type === 'url' ? 'url' : undefined}
          required={spec.required}
          placeholder={spec.placeholder}
          {...registration}
        />
      );
  }
}

/** The item's picture: uploaded as soon as it is chosen (POST /profile/me/upload/data-image). */
function ImageField({
  field,
  config,
  value,
  onChange,
}: {
  field: FieldSpec;
  config: ItemsConfig;
  value: string;
  onChange: (value: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadItemImage(config.collection, config.imageType);
  const uploading = upload.isPending;
  const src = safeImageSrc(value);
  // A failed upload's words, until another file is chosen.
  const uploadError = upload.error && !endedSession(upload.error) ? (upload.error.message || 'Failed to upload image. Please try again.') : null;
  const error = problem ?? uploadError;

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    upload.reset();
    const found = imageFileProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, {
      onSuccess: (res) => {
        onChange(res.url);
        flash.success('Image uploaded successfully!');
      },
      onError: (err) => {
        if (!endedSession(err)) flash.error('Failed to upload image');
      },
    });
  }

  return (
    <ImageFileField
      label={field.label}
      hint={uploading ? 'Uploading...' : 'Optional. JPEG, PNG or WebP, less than 5MB.'}
      liveHint
      error={error}
      disabled={uploading}
      onChange={(e) => choose(e.currentTarget)}
    >
      {src ? (
        <div className="mb-2 flex items-center gap-3">
          <img src={src} alt={`${field.label} preview`} className="h-20 w-28 rounded-lg bg-slate-100 object-cover" />
          <Button variant="outline" size="sm" onClick={() => onChange('')} disabled={uploading}>
            Remove image
          </Button>
        </div>
      ) : null}
    </ImageFileField>
  );
}

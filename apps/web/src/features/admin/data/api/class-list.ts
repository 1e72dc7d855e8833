import type { ClassListReport } from '@aesa/shared/schemas/class-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dataKeys } from './member-roles.ts';

/** POST /admin/members/import?dry_run=true|false (multipart `file`): the row report of the class list. */
export function importClassList(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return api.post<ClassListReport>('/admin/members/import', form, { query: { dry_run: String(dryRun) }, timeoutMs: 60_000 });
}

export function useClassListPreview() {
  return useMutation({ mutationFn: (file: File) => importClassList(file, true) });
}

/** Applying verifies members: the member roles shown elsewhere are loaded again. */
export function useClassListApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importClassList(file, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataKeys.memberRoles() }),
  });
}

import { useId, useState } from 'react';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { LevelFilter } from '@/components/level-filter.tsx';
import { TextField } from '@/components/ui/field.tsx';

/**
 * Export members: every member (or those of a level, or matching a search, as the member picker
 * finds them) as CSV with e-mail, level, enrolment year, skills, verification and whether they are
 * financial members of the current session.
 */
export function MembersExport() {
  const headingId = useId();
  const [level, setLevel] = useState('');
  const [search, setSearch] = useState('');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-base font-bold text-navy-900">
        Export members
      </h3>
      <p className="text-sm text-slate-700">
        A CSV of the members with their e-mail, level, enrolment year, skills, whether they are verified and whether they have paid this session&apos;s dues. The
        download is recorded in the audit log.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <LevelFilter value={level} onChange={setLevel} />
        <TextField label="Search members" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, e-mail or matric number" autoComplete="off" />
      </div>
      <div>
        <ExportCsvButton name="members" query={{ level, search }} accessibleLabel="Export CSV of the members with this level and search" />
      </div>
    </section>
  );
}

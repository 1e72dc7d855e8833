import { ENROLLMENT_YEARS, LEVELS } from '@aesa/shared/constants';
import { COMPLETE_PROFILE_MSG } from '@aesa/shared/profile';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/field.tsx';

type Bound = UseFormRegisterReturn & { error?: string };

/**
 * The years a select offers: the enrolment years (newest first), and the member's own year when it
 * is older than those, so that a stored year shows as it is instead of as "nothing chosen".
 */
export function yearOptions(current?: number | string | null): number[] {
  const years = [...ENROLLMENT_YEARS].reverse();
  const own = current === '' || current == null ? null : Number(current);
  return own !== null && Number.isInteger(own) && !years.includes(own) ? [...years, own] : years;
}

/**
 * A member's current level (the directory's levels: 100 to 500 Level, Alumni) and enrolment year,
 * as the "Complete your profile" step, the settings and a data admin's correction all ask them.
 */
export function LevelYearFields({ level, year, currentYear }: { level: Bound; year: Bound; currentYear?: number | string | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label={COMPLETE_PROFILE_MSG.levelLabel} {...level}>
        <option value="">Choose a level</option>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </SelectField>
      <SelectField label={COMPLETE_PROFILE_MSG.yearLabel} {...year}>
        <option value="">Choose a year</option>
        {yearOptions(currentYear).map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

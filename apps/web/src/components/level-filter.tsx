import { LEVELS } from '@aesa/shared/constants';
import { SelectField } from '@/components/ui/field.tsx';

/** The Level filter of the member pickers: All levels, or one level. */
export function LevelFilter({ value, onChange }: { value: string; onChange: (level: string) => void }) {
  return (
    <SelectField label="Level" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All levels</option>
      {LEVELS.map((l) => (
        <option key={l} value={l}>
          {l}
        </option>
      ))}
    </SelectField>
  );
}

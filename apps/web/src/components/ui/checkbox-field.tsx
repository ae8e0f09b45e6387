/** A checkbox with its label and an optional hint, the whole box clickable. */
export const CheckboxField = ({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
    <input
      type="checkbox"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className="mt-0.5 size-4 shrink-0 accent-brand-600"
    />
    <span className="text-sm">
      <span className="block font-medium text-slate-800">{label}</span>
      {hint ? <span className="block text-slate-500">{hint}</span> : null}
    </span>
  </label>
);

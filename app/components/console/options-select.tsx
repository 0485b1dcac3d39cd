import { NativeSelect } from '@chakra-ui/react';

/** A console form's select: a plain named field (posted without JavaScript), its options as [value, label]. */
export function OptionsSelect({
  name,
  defaultValue,
  options,
  onChange,
  bg,
}: {
  name: string;
  defaultValue: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange?: (value: string) => void;
  bg?: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} bg={bg} defaultValue={defaultValue} onChange={onChange && ((e) => onChange(e.currentTarget.value))}>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

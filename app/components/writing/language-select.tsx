import { NativeSelect } from '@chakra-ui/react';
import { OUTPUT_LANGUAGE_LABELS, OUTPUT_LANGUAGES, type OutputLanguage } from '../../../contracts/ai-operation-constants';

/** The writing forms' language choice; `autoLabel` adds a first choice '' (read from the text). */
export function LanguageSelect<V extends OutputLanguage | ''>({
  value,
  onChange,
  testId,
  autoLabel,
}: {
  value: V;
  onChange: (value: V) => void;
  testId: string;
  autoLabel?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as V)} data-testid={testId}>
        {autoLabel !== undefined && <option value="">{autoLabel}</option>}
        {OUTPUT_LANGUAGES.map((v) => (
          <option key={v} value={v}>
            {OUTPUT_LANGUAGE_LABELS[v]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

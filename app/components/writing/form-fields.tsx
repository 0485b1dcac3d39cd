import { Checkbox, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OutputLanguage } from '../../../contracts/ai-operation-constants';
import { FormField } from '~/components/ui/form-field';
import { LanguageSelect } from '~/components/writing/language-select';

/** How a writing page's form changes: one field at a time, through the studio's updater. */
export type FormUpdate<F> = (update: (form: F) => F) => void;

/** `set('field', value)` for one writing form. */
export const fieldSetter =
  <F,>(setForm: FormUpdate<F>) =>
  <K extends keyof F>(key: K, value: F[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

/** A choice among fixed values (document type, tone, language…). */
export function ChoiceField<T extends string>({
  label,
  value,
  values,
  labelOf,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <FormField label={label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T)} data-testid={testId}>
          {values.map((v) => (
            <option key={v} value={v}>
              {labelOf(v)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

type TextProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  maxLength?: number;
  required?: boolean;
  helper?: ReactNode;
};

/** A one-line text field (target school, major, recommender…). */
export function TextField({ label, value, onChange, testId, maxLength, required, helper }: TextProps) {
  return (
    <FormField label={label} required={required} helper={helper}>
      <Input size="sm" value={value} maxLength={maxLength} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />
    </FormField>
  );
}

/** A text of several lines (extra requirements, prompts, lists one a line). */
export function TextAreaField({ label, value, onChange, testId, maxLength, required, helper, rows }: TextProps & { rows: number }) {
  return (
    <FormField label={label} required={required} helper={helper}>
      <Textarea
        size="sm"
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
    </FormField>
  );
}

/** 字数: counted in words for English, characters for Chinese; digits only, at most four. */
export function WordLimitField({
  language,
  value,
  onChange,
  testId,
}: {
  language: OutputLanguage;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <FormField label={language === 'en' ? '字数（词）' : '字数（字）'}>
      <Input
        size="sm"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        data-testid={testId}
      />
    </FormField>
  );
}

/** One entry of a multiple choice (CV sections, PS focus experiences): added or removed from `chosen`. */
export function ChoiceCheckbox<T extends string>({
  value,
  label,
  chosen,
  onChange,
  disabled,
}: {
  value: T;
  label: string;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={chosen.includes(value)}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontSize="sm">{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The language the text is written in. */
export function LanguageField({
  label = '输出语言',
  value,
  onChange,
  testId,
}: {
  label?: string;
  value: OutputLanguage;
  onChange: (value: OutputLanguage) => void;
  testId: string;
}) {
  return (
    <FormField label={label}>
      <LanguageSelect value={value} onChange={onChange} testId={testId} />
    </FormField>
  );
}

/** 目标专业: the programme applied to (PS, CV). */
export function TargetProgramField(props: { value: string; onChange: (value: string) => void; testId: string; required?: boolean }) {
  return <TextField label="目标专业" maxLength={100} {...props} />;
}

/** 其他要求: anything else the writer should follow, passed to the model as it is. */
export function ExtraRequirementsField(props: { value: string; onChange: (value: string) => void; testId: string }) {
  return <TextAreaField label="其他要求" rows={3} maxLength={2000} {...props} />;
}

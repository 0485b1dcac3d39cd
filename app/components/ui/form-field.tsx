import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Every form field: label, control, helper text and the field's error, one way everywhere. */
export function FormField({
  label,
  error,
  required,
  helper,
  readOnly,
  children,
}: {
  label: ReactNode;
  error?: string;
  required?: boolean;
  helper?: ReactNode;
  readOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

import { Alert } from '@chakra-ui/react';

/** A whole-form message above the fields (server errors, "saved"). Renders nothing without text. */
export function FormAlert({
  status = 'error',
  children,
  testId,
}: {
  status?: 'error' | 'success' | 'warning';
  children?: string | null;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : undefined} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

import { Button, Stack } from '@chakra-ui/react';
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConsoleSection } from '~/components/console/console-section';
import { FormAlert } from '~/components/ui/form-alert';

/**
 * A form that starts again empty once `saved` is a new success (uncontrolled inputs: reset in an
 * effect), unless it edits an existing row, which keeps what was stored.
 */
export function useResetOnSuccess(saved: unknown, editing = false) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (saved && !editing) formRef.current?.reset();
  }, [saved, editing]);
  return formRef;
}

/**
 * The console's create-or-edit card: a plain post (works without JavaScript) with the row's id when
 * editing, a way back to a new form, the "not found", "saved" and whole-form messages, then the fields.
 */
export function ConsoleEditForm({
  title,
  testId,
  editingId,
  cancelHref,
  cancelLabel,
  intent,
  missingText,
  saved,
  savedTestId,
  formError,
  children,
}: {
  title: string;
  testId: string;
  editingId: string | null;
  cancelHref: string;
  cancelLabel: string;
  /** A fixed intent as a hidden field; leave out when the submit buttons carry it. */
  intent?: string;
  /** Shown when the row asked for (?edit=) no longer exists. */
  missingText: string | null;
  saved: { message: string } | null;
  savedTestId: string;
  formError?: string;
  children: ReactNode;
}) {
  const formRef = useResetOnSuccess(saved, editingId !== null);
  return (
    <ConsoleSection
      title={title}
      testId={testId}
      action={
        editingId && (
          <Button asChild size="sm" variant="outline">
            <Link to={cancelHref}>{cancelLabel}</Link>
          </Button>
        )
      }
    >
      <Form method="post" ref={formRef} noValidate>
        {intent && <input type="hidden" name="intent" value={intent} />}
        {editingId && <input type="hidden" name="id" value={editingId} />}
        <Stack gap="4">
          <FormAlert status="warning">{missingText}</FormAlert>
          <FormAlert status="success" testId={savedTestId}>
            {saved?.message ?? null}
          </FormAlert>
          <FormAlert>{formError}</FormAlert>
          {children}
        </Stack>
      </Form>
    </ConsoleSection>
  );
}

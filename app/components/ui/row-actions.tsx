import { Button } from '@chakra-ui/react';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { FormAlert } from '~/components/ui/form-alert';

/** A row action waiting for the operator's yes: what the dialog (or, without JavaScript, ConfirmPanel) asks. */
export type PendingRowAction = { intent: string; id: string; title: string; body: ReactNode; confirmText: string; palette?: string };

/**
 * The dialog's state for a page's row actions (ADR 0018). It closes once the action it sent has
 * answered (state adjusted while rendering, as the other console pages do).
 */
export function useRowActionDialog(actionData: unknown) {
  const [pending, setPending] = useState<PendingRowAction | null>(null);
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    setPending(null);
  }
  return { pending, ask: setPending, close: () => setPending(null) };
}

/**
 * A row's button as a real post (intent and id), so without JavaScript the action asks on the page;
 * with it the dialog asks first and the post is not sent.
 */
export function RowActionButton({
  action,
  onAsk,
  label,
  palette = 'gray',
  testId,
}: {
  action: PendingRowAction;
  onAsk: (action: PendingRowAction) => void;
  label: string;
  palette?: string;
  testId?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={action.intent} />
      <input type="hidden" name="id" value={action.id} />
      <Button
        type="submit"
        size="xs"
        variant="ghost"
        colorPalette={palette}
        onClick={(event) => {
          event.preventDefault();
          onAsk(action);
        }}
        data-testid={testId}
      >
        {label}
      </Button>
    </Form>
  );
}

/** The confirmation dialog: its button sends the same post with confirm=yes. */
export function RowActionDialog({
  pending,
  onClose,
  testId = 'row-action-dialog',
  confirmTestId = 'confirm-row-action',
}: {
  pending: PendingRowAction | null;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('confirm') === 'yes';
  return (
    <AppDialog
      role="alertdialog"
      open={pending !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      title={pending?.title ?? ''}
      testId={testId}
      footer={
        <Button
          colorPalette={pending?.palette ?? 'red'}
          loading={busy}
          onClick={() => pending && submit({ intent: pending.intent, id: pending.id, confirm: 'yes' }, { method: 'post' })}
          data-testid={confirmTestId}
        >
          {pending?.confirmText}
        </Button>
      }
    >
      {pending?.body}
    </AppDialog>
  );
}

/** What a row action's post answered (services/pages/row-actions.server): asked, applied or refused. */
export type RowActionAnswer = { stage: 'confirm' | 'done' | 'failed'; id: string; message?: string; error?: string };

/** The question the action asked about one of `items` (no JavaScript: on the page), or null. */
function askedOnPage<T extends { id: string }>(
  answer: RowActionAnswer | null | undefined,
  items: readonly T[],
  describe: (item: T) => PendingRowAction,
): PendingRowAction | null {
  if (answer?.stage !== 'confirm') return null;
  const item = items.find((i) => i.id === answer.id);
  return item ? describe(item) : null;
}

/** Above a list: the on-page question (no JavaScript), then what the last row action did or why it was refused. */
export function RowActionNotices<T extends { id: string }>({
  answer,
  items,
  describe,
  panelTestId,
  doneTestId,
  doneFallback = null,
}: {
  answer: RowActionAnswer | null | undefined;
  /** The rows on the page and what each action asks about one (the same words as the dialog). */
  items: readonly T[];
  describe: (item: T) => PendingRowAction;
  panelTestId: string;
  doneTestId: string;
  /** A success told by the URL instead (a redirect after the action). */
  doneFallback?: string | null;
}) {
  const asking = askedOnPage(answer, items, describe);
  return (
    <>
      {asking && (
        <ConfirmPanel
          title={asking.title}
          fields={{ intent: asking.intent, id: asking.id }}
          confirmText={asking.confirmText}
          testId={panelTestId}
        >
          {asking.body}
        </ConfirmPanel>
      )}
      <FormAlert status="success" testId={doneTestId}>
        {answer?.stage === 'done' ? (answer.message ?? null) : doneFallback}
      </FormAlert>
      <FormAlert>{answer?.stage === 'failed' ? (answer.error ?? null) : null}</FormAlert>
    </>
  );
}

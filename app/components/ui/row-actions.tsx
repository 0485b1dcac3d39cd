import { Button } from '@chakra-ui/react';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';

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
export function RowActionDialog({ pending, onClose }: { pending: PendingRowAction | null; onClose: () => void }) {
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
      testId="row-action-dialog"
      footer={
        <Button
          colorPalette={pending?.palette ?? 'red'}
          loading={busy}
          onClick={() => pending && submit({ intent: pending.intent, id: pending.id, confirm: 'yes' }, { method: 'post' })}
          data-testid="confirm-row-action"
        >
          {pending?.confirmText}
        </Button>
      }
    >
      {pending?.body}
    </AppDialog>
  );
}

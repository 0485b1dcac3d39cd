import { Button, Stack, Text } from '@chakra-ui/react';
import { ERROR_MESSAGES } from '../../contracts/errors';
import { formatPoints } from '../../contracts/constants';
import { AppDialog } from '~/components/ui/app-dialog';
import { showModal, type QueuedDialogProps } from '~/components/modal-queue';
import { FAILURE_MODAL_THROTTLE_MS, type BlockingFailure } from '~/services/failure-modals';
import { CHARGE_ROUTE } from '~/services/navigation';

/** Spec §8 402: 继续使用需要充值, with the balance and the points the operation needs. */
function ShortageDialog({ required, available, ...dialog }: QueuedDialogProps & { required: number | null; available: number | null }) {
  const close = () => dialog.onOpenChange({ open: false });
  return (
    <AppDialog
      {...dialog}
      role="alertdialog"
      size={{ base: 'xs', md: 'sm' }}
      title="继续使用需要充值"
      testId="shortage-dialog"
      cancelText="暂不充值"
      footer={
        <Button asChild colorPalette="orange" onClick={close}>
          {/* Pricing opens beside the work in progress (spec §2), which stays as it is. */}
          <a href={CHARGE_ROUTE} target="_blank" rel="noopener noreferrer" data-testid="shortage-recharge">
            立即充值
          </a>
        </Button>
      }
    >
      <Stack gap="3">
        <Text color="gray.700">积分不足，充值后即可继续使用。</Text>
        <Stack gap="1.5" bg="orange.50" rounded="md" px="4" py="3" fontSize="sm">
          <Text>
            当前余额：
            <Text as="b" fontVariantNumeric="tabular-nums" data-testid="shortage-available">
              {available === null ? '—' : formatPoints(available)}
            </Text>{' '}
            积分
          </Text>
          <Text>
            本次需要：
            <Text as="b" color="orange.700" fontVariantNumeric="tabular-nums" data-testid="shortage-required">
              {required === null ? '—' : formatPoints(required)}
            </Text>{' '}
            积分
          </Text>
        </Stack>
      </Stack>
    </AppDialog>
  );
}

/** Spec §8 429: 服务器繁忙, with the server's message or the queue message. */
function BusyDialog({ message, ...dialog }: QueuedDialogProps & { message: string }) {
  return (
    <AppDialog
      {...dialog}
      role="alertdialog"
      size={{ base: 'xs', md: 'sm' }}
      title="服务器繁忙"
      testId="busy-dialog"
      cancelText={false}
      footer={
        <Button colorPalette="blue" onClick={() => dialog.onOpenChange({ open: false })}>
          我知道了
        </Button>
      }
    >
      <Text color="gray.700">{message || ERROR_MESSAGES.BUSY}</Text>
    </AppDialog>
  );
}

/** Queues the modal for a blocking failure; each kind at most once per 2 s (spec §9). */
export function showFailureModal(failure: BlockingFailure): boolean {
  const options = { throttleMs: FAILURE_MODAL_THROTTLE_MS };
  if (failure.kind === 'shortage') {
    return showModal(
      'points-shortage',
      (dialog) => <ShortageDialog {...dialog} required={failure.required} available={failure.available} />,
      options,
    );
  }
  return showModal('server-busy', (dialog) => <BusyDialog {...dialog} message={failure.message} />, options);
}

import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '~/components/ui/app-dialog';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess, toaster } from '~/services/toasts';
import { DRAFT_TYPES, type DraftType } from '~/services/drafts';
import { clearDrafts, draftEvictionNotice, draftTypesPresent, startDraftMaintenance } from '~/services/browser/drafts.client';

export const DRAFT_COUNT_REFRESH_MS = 30_000;

/** Lost work: the notice stays until closed, and a second eviction replaces it rather than stacking. */
function notifyDraftsEvicted(types: DraftType[]) {
  const options = { id: 'drafts-evicted', type: 'warning', title: draftEvictionNotice(types), duration: Infinity, closable: true };
  if (toaster.isVisible(options.id)) toaster.update(options.id, options);
  else toaster.create(options);
}

/**
 * Number of saved drafts, refreshed every 30 s and whenever another tab changes storage. Mounted
 * once by the shell header, it also runs the hourly storage check and tells the user when their
 * oldest drafts were evicted for quota.
 */
export function useDraftCount(userId: string) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const refresh = () => setCount(draftTypesPresent(userId).length);
    const stopMaintenance = startDraftMaintenance(userId, (types) => {
      notifyDraftsEvicted(types);
      refresh();
    });
    refresh();
    const timer = setInterval(refresh, DRAFT_COUNT_REFRESH_MS);
    window.addEventListener('storage', refresh);
    return () => {
      stopMaintenance();
      clearInterval(timer);
      window.removeEventListener('storage', refresh);
    };
  }, [userId]);
  return [count, () => setCount(draftTypesPresent(userId).length)] as const;
}

export function ClearDraftsDialog({
  userId,
  open,
  onOpenChange,
  onCleared,
  finalFocusEl,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCleared: () => void;
  /** Where focus returns when the dialog closes (the menu button that led here). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const [present, setPresent] = useState<DraftType[]>([]);
  const [selected, setSelected] = useState<Set<DraftType>>(new Set());
  // Each time the dialog opens, read which drafts exist and select them all (adjusted while rendering:
  // storage reads are SSR-safe and the dialog starts closed).
  const openFor = open ? userId : null;
  const [readFor, setReadFor] = useState<string | null>(null);
  if (readFor !== openFor) {
    setReadFor(openFor);
    if (openFor !== null) {
      const types = draftTypesPresent(openFor);
      setPresent(types);
      setSelected(new Set(types));
    }
  }

  const confirm = () => {
    try {
      clearDrafts(userId, [...selected]);
      notifySuccess(`已清除 ${selected.size} 份草稿`);
      onCleared();
      onOpenChange(false);
    } catch {
      notifyError('清除草稿失败，请稍后再试');
    }
  };

  return (
    <AppDialog
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(e) => onOpenChange(e.open)}
      size={{ base: 'xs', md: 'sm' }}
      title="清除草稿"
      testId="clear-drafts-dialog"
      footer={
        <Button colorPalette="red" disabled={selected.size === 0} onClick={confirm}>
          清除所选
        </Button>
      }
    >
      <Text fontSize="sm" color="gray.600" mb="3">
        草稿只保存在当前浏览器中。选择要清除的草稿类型，清除后无法恢复。
      </Text>
      <Stack gap="2">
        {(Object.keys(DRAFT_TYPES) as DraftType[]).map((type) => (
          <Checkbox.Root
            key={type}
            disabled={!present.includes(type)}
            checked={selected.has(type)}
            onCheckedChange={(e) =>
              setSelected((s) => {
                const next = new Set(s);
                if (e.checked) next.add(type);
                else next.delete(type);
                return next;
              })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {DRAFT_TYPES[type]}
              {!present.includes(type) && (
                <Text as="span" color="gray.400" ml="2" fontSize="xs">
                  无草稿
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </AppDialog>
  );
}

import { Box, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_MASK_MS, maskProgress } from '~/services/progress';

/** The animation both the mask and the loading overlay show (public/loading.svg: same origin, allowed by the CSP). */
export const LOADING_ANIMATION_SRC = '/loading.svg';

// Masks on screen in this tab: the global loading overlay stands aside while one shows its own progress.
let shownMasks = 0;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
const changeShown = (by: number) => {
  shownMasks += by;
  for (const l of listeners) l();
};
/** True while some progress mask is on screen. */
export const useMaskShown = () =>
  useSyncExternalStore(
    subscribe,
    () => shownMasks > 0,
    () => false,
  );

/**
 * The progress mask's value (spec §4): time-based over `durationMs` (35 s; 40 s for auto-profile),
 * at most 95% until `done`. It starts when `running` turns true, or at `startedAt` when the caller
 * keeps its own start (a run paused for a question resumes where it was).
 */
export function useProgressMask({
  running,
  done = false,
  startedAt,
  durationMs = DEFAULT_MASK_MS,
}: {
  running: boolean;
  done?: boolean;
  startedAt?: number;
  durationMs?: number;
}): number {
  // Each run's own clock: its start and the last tick (components mount the mask with the run).
  const [clock, setClock] = useState<{ start: number; now: number } | null>(null);
  useEffect(() => {
    if (!running || done) return;
    const begun = Date.now();
    const tick = () => setClock({ start: begun, now: Date.now() });
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, done]);
  if (done) return 100;
  if (!running || !clock) return 0;
  return maskProgress(clock.now - (startedAt ?? clock.start), durationMs);
}

/**
 * What a long AI action shows while the user waits (spec §4 progress mask): the animation, what is
 * happening, and a bar with its percentage (role=progressbar). `children` adds a line under it.
 * `compact`: one thin line (the label only for screen readers), for a place whose layout must not
 * jump when the wait ends (above the writing editor).
 */
export function ProgressMask({
  value,
  label,
  hint,
  testId = 'progress-mask',
  compact = false,
  children,
}: {
  value: number;
  label: string;
  hint?: string;
  testId?: string;
  compact?: boolean;
  children?: ReactNode;
}) {
  useEffect(() => {
    changeShown(1);
    return () => changeShown(-1);
  }, []);
  if (compact) {
    return (
      <HStack gap="2" data-testid={testId} data-progress={value} aria-busy={value < 100}>
        <Image src={LOADING_ANIMATION_SRC} alt="" aria-hidden w="5" h="5" flexShrink={0} _motionReduce={{ display: 'none' }} />
        <Progress.Root value={value} max={100} colorPalette="blue" size="xs" flex="1" minW="0">
          <Progress.Track aria-label={label}>
            <Progress.Range transition="width 0.25s linear" />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="xs" color="gray.600" fontVariantNumeric="tabular-nums" minW="8" textAlign="right">
          {value}%
        </Text>
      </HStack>
    );
  }
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p="4" data-testid={testId} data-progress={value} aria-busy={value < 100}>
      <HStack gap="3" align="center">
        <Image src={LOADING_ANIMATION_SRC} alt="" aria-hidden w="10" h="10" flexShrink={0} _motionReduce={{ display: 'none' }} />
        <Stack gap="1.5" flex="1" minW="0">
          {hint && (
            <Text fontSize="sm" color="gray.600">
              {hint}
            </Text>
          )}
          <Progress.Root value={value} max={100} colorPalette="blue" size="sm">
            <HStack justify="space-between" mb="1" gap="2">
              <Progress.Label fontSize="sm">{label}</Progress.Label>
              <Progress.ValueText fontSize="sm" fontVariantNumeric="tabular-nums">
                {value}%
              </Progress.ValueText>
            </HStack>
            <Progress.Track aria-label={label}>
              <Progress.Range transition="width 0.25s linear" />
            </Progress.Track>
          </Progress.Root>
          {children}
        </Stack>
      </HStack>
    </Box>
  );
}

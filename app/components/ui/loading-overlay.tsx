import { Box, Flex, Image, Text } from '@chakra-ui/react';
import { useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { DelayedFlag, OVERLAY_DELAY_MS, overlayProgress } from '~/services/progress';
import { LOADING_ANIMATION_SRC, useMaskShown } from './progress-mask';

/** The page is changing: a navigation loading, or a form submitted (an action) and its reload. */
export const useNavigating = () => useNavigation().state !== 'idle';

/**
 * True once `busy` has lasted OVERLAY_DELAY_MS (300 ms): a fast navigation never shows the overlay.
 * `since` is when it showed.
 */
function useDelayed(busy: boolean): { visible: boolean; since: number } {
  const [state, setState] = useState({ visible: false, since: 0 });
  const flag = useRef<DelayedFlag | null>(null);
  useEffect(() => {
    const delayed = new DelayedFlag(OVERLAY_DELAY_MS, (visible) => setState({ visible, since: Date.now() - OVERLAY_DELAY_MS }));
    flag.current = delayed;
    return () => delayed.cancel();
  }, []);
  useEffect(() => flag.current?.set(busy), [busy]);
  return state;
}

/**
 * The global loading overlay (spec §2): for a navigation or a submitted form that takes longer than
 * 300 ms, a progress bar along the top (held under 95% until the page arrives) and, over the page,
 * the animation from public/loading.svg with 加载中…. It stands aside while a progress mask shows
 * the same wait in place. The page's main element carries aria-busy meanwhile (the shell sets it).
 */
export function LoadingOverlay() {
  const navigating = useNavigating();
  const masked = useMaskShown();
  const { visible, since } = useDelayed(navigating && !masked);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!visible) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [visible]);
  if (!visible) return null;
  const value = overlayProgress(Math.max(OVERLAY_DELAY_MS, now - since));
  return (
    <Box position="fixed" inset="0" zIndex="overlay" data-testid="loading-overlay">
      <Box
        position="absolute"
        top="0"
        left="0"
        right="0"
        h="3px"
        bg="blue.100"
        role="progressbar"
        aria-label="页面加载进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-testid="loading-overlay-bar"
      >
        <Box h="full" bg="blue.500" w={`${value}%`} transition="width 0.2s ease-out" />
      </Box>
      <Flex position="absolute" inset="0" top="3px" align="center" justify="center" bg="whiteAlpha.600">
        <Flex direction="column" align="center" gap="2" bg="white" rounded="xl" shadow="md" px="6" py="4" role="status">
          <Image src={LOADING_ANIMATION_SRC} alt="" aria-hidden w="14" h="14" _motionReduce={{ display: 'none' }} />
          <Text fontSize="sm" color="gray.600">
            加载中…
          </Text>
        </Flex>
      </Flex>
    </Box>
  );
}

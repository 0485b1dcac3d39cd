import { Box, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { formatPoints } from '../../../contracts/constants';
import { PointsHistoryDialog } from '~/components/points/points-history-dialog';
import { usePointsBalance } from '~/hooks/use-points-balance';
import { signedPoints } from '~/services/points';

/**
 * The header's balance (spec §2, §4): two decimals truncated; a change shows its difference for
 * 3 s. Clicking opens the points-history modal; without JavaScript (or with a modifier key) it is a
 * plain link to /dash/points-history.
 */
export function PointsDisplay({ balance }: { balance: number }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const { delta, key } = usePointsBalance(balance);
  return (
    <Box position="relative" flexShrink={0}>
      <Link
        to="/dash/points-history"
        title="积分余额（点击查看积分明细）"
        aria-label={`积分余额 ${formatPoints(balance)}，查看积分明细`}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          setHistoryOpen(true);
        }}
      >
        <Box
          as="span"
          display="inline-flex"
          alignItems="center"
          gap="1"
          px="2"
          py="1"
          rounded="md"
          bg="orange.50"
          color="orange.700"
          _hover={{ bg: 'orange.100' }}
          transition="background 0.15s"
        >
          <Coins size={16} aria-hidden />
          <Text as="span" fontWeight="semibold" fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="points-display">
            {formatPoints(balance)}
          </Text>
        </Box>
      </Link>
      {/* Always present, so screen readers announce the difference when it appears. */}
      <Box position="absolute" top="calc(100% + 6px)" right="0" aria-live="polite" pointerEvents="none">
        {delta !== null && (
          <Text
            key={key}
            data-testid="points-delta"
            px="2"
            py="0.5"
            rounded="full"
            fontSize="xs"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            whiteSpace="nowrap"
            shadow="sm"
            color="white"
            bg={delta > 0 ? 'green.500' : 'red.500'}
            animationName="fade-in, slide-from-top"
            animationDuration="moderate"
          >
            {signedPoints(delta)}
          </Text>
        )}
      </Box>
      <PointsHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} balance={balance} />
    </Box>
  );
}

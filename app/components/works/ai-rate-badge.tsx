import { Badge, Text } from '@chakra-ui/react';

/**
 * A work's last AI-detection rate (0–100). The detector's own label decides how a check is shown on
 * the detection page; here the number is only a reminder, coloured by the same broad bands.
 */
export function AiRateBadge({ rate }: { rate: number | null }) {
  if (rate === null) {
    return (
      <Text as="span" fontSize="xs" color="gray.400" data-testid="work-ai-rate">
        未检测
      </Text>
    );
  }
  const palette = rate >= 70 ? 'red' : rate >= 40 ? 'orange' : 'green';
  return (
    <Badge colorPalette={palette} variant="subtle" fontVariantNumeric="tabular-nums" data-testid="work-ai-rate">
      AI 率 {rate.toFixed(1)}%
    </Badge>
  );
}

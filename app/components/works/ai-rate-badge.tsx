import { Badge, Text } from '@chakra-ui/react';
import type { DetectionLabel } from '../../../contracts/detection-constants';
import { DETECTION_LABEL_TEXT } from '~/services/detection';

/**
 * A work's last AI-detection rate (0–100), coloured by the label that check gave it (the model's
 * own thresholds), so it agrees with what the detection page said. A rate kept before labels were
 * is shown uncoloured.
 */
export function AiRateBadge({ rate, label }: { rate: number | null; label: DetectionLabel | null }) {
  if (rate === null) {
    return (
      <Text as="span" fontSize="xs" color="gray.400" data-testid="work-ai-rate">
        未检测
      </Text>
    );
  }
  return (
    <Badge
      colorPalette={label ? DETECTION_LABEL_TEXT[label].palette : 'gray'}
      variant="subtle"
      fontVariantNumeric="tabular-nums"
      title={label ? DETECTION_LABEL_TEXT[label].title : undefined}
      data-testid="work-ai-rate"
      data-label={label ?? undefined}
    >
      AI 率 {rate.toFixed(1)}%
    </Badge>
  );
}

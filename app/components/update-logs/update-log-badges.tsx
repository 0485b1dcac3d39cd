import { Badge, HStack, Text } from '@chakra-ui/react';
import { UPDATE_IMPORTANCE_LABELS, UPDATE_TYPE_LABELS, type UpdateType } from '../../../contracts/constants';

/** 普通 quiet, 重要 orange, 紧急 red and solid: urgency is what a reader should notice first. */
const IMPORTANCE_STYLE: Record<1 | 2 | 3, { palette: string; variant: 'subtle' | 'solid' }> = {
  1: { palette: 'gray', variant: 'subtle' },
  2: { palette: 'orange', variant: 'subtle' },
  3: { palette: 'red', variant: 'solid' },
};

const TYPE_PALETTE: Record<UpdateType, string> = {
  FEATURE: 'blue',
  BUGFIX: 'purple',
  IMPROVEMENT: 'teal',
  SECURITY: 'red',
  OTHER: 'gray',
};

/** `1.2.0` and `v1.2.0` both read v1.2.0. */
export const versionLabel = (version: string) => `v${version.replace(/^v/i, '')}`;

export function ImportanceBadge({ importance }: { importance: number }) {
  const level = Math.min(3, Math.max(1, Math.trunc(importance) || 1)) as 1 | 2 | 3;
  const style = IMPORTANCE_STYLE[level];
  return (
    <Badge colorPalette={style.palette} variant={style.variant} data-testid="update-log-importance">
      {UPDATE_IMPORTANCE_LABELS[level]}
    </Badge>
  );
}

export function UpdateTypeBadge({ type }: { type: UpdateType }) {
  return (
    <Badge colorPalette={TYPE_PALETTE[type]} variant="outline" data-testid="update-log-type">
      {UPDATE_TYPE_LABELS[type]}
    </Badge>
  );
}

/** A log's version, type, importance and date in one wrapping row. */
export function UpdateLogMeta({
  version,
  type,
  importance,
  date,
}: {
  version: string;
  type: UpdateType;
  importance: number;
  date: string;
}) {
  return (
    <HStack gap="2" flexWrap="wrap" fontSize="sm">
      <Badge colorPalette="blue" variant="solid" fontFamily="mono" data-testid="update-log-version">
        {versionLabel(version)}
      </Badge>
      <UpdateTypeBadge type={type} />
      <ImportanceBadge importance={importance} />
      <Text as="span" color="gray.500" fontVariantNumeric="tabular-nums">
        {date}
      </Text>
    </HStack>
  );
}

/** 影响模块: small tags, or nothing when none are named. */
export function AffectedModules({ modules }: { modules: string[] }) {
  if (modules.length === 0) return null;
  return (
    <HStack gap="1.5" flexWrap="wrap" fontSize="xs" data-testid="update-log-modules">
      <Text as="span" color="gray.500">
        影响模块：
      </Text>
      {modules.map((m) => (
        <Badge key={m} variant="surface" colorPalette="gray" size="sm">
          {m}
        </Badge>
      ))}
    </HStack>
  );
}

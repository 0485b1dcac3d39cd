import { Button, Field, HStack, Input, Progress, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Sparkles, Square } from 'lucide-react';
import { REDUCE_MIN_DROP, REDUCE_MODE_LABELS, REDUCE_MODES, type ReduceMode } from '../../../contracts/detection-constants';
import type { AiPrice } from '../../../contracts/ai-operations';
import { priceText } from '~/services/ai-prices';
import type { ReduceProgress } from './reduce-state';

export type ReduceSettingsValue = { mode: ReduceMode; target: string; terms: string };

/** 降AI率's settings: the mode, the target rate and the words it must not change. */
export function ReduceSettings({
  value,
  onChange,
  disabled,
}: {
  value: ReduceSettingsValue;
  onChange: (value: ReduceSettingsValue) => void;
  disabled: boolean;
}) {
  return (
    <>
      <Field.Root>
        <Field.Label fontSize="sm">模式</Field.Label>
        <RadioGroup.Root
          value={value.mode}
          onValueChange={(d) => d.value && onChange({ ...value, mode: d.value as ReduceMode })}
          size="sm"
          disabled={disabled}
        >
          <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '5' }}>
            {REDUCE_MODES.map((m) => (
              <RadioGroup.Item key={m} value={m} data-testid={`reduce-mode-${m}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {REDUCE_MODE_LABELS[m].title}
                  <Text as="span" color="gray.500" fontSize="xs" ms="1.5">
                    {REDUCE_MODE_LABELS[m].hint}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Field.Root>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Field.Root maxW={{ md: '40' }}>
          <Field.Label fontSize="sm">目标 AI 率（%）</Field.Label>
          <Input
            type="number"
            min={5}
            max={90}
            value={value.target}
            onChange={(e) => onChange({ ...value, target: e.target.value })}
            size="sm"
            bg="white"
            disabled={disabled}
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label fontSize="sm">保护词（不改动，逗号分隔）</Field.Label>
          <Input
            value={value.terms}
            onChange={(e) => onChange({ ...value, terms: e.target.value })}
            placeholder="如：Zhejiang University, 数据挖掘导论"
            size="sm"
            bg="white"
            disabled={disabled}
          />
        </Field.Root>
      </Stack>
    </>
  );
}

/** 降AI率 and 停止, with the price before it runs (ADR 0040) and the no-charge rule. */
export function ReduceRunControls({
  text,
  price,
  running,
  disabled,
  onStart,
  onStop,
}: {
  text: string;
  price?: AiPrice | null;
  running: boolean;
  disabled: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const shownPrice = priceText(price ?? undefined);
  return (
    <>
      <HStack gap="2">
        <Button
          colorPalette="purple"
          onClick={onStart}
          disabled={disabled}
          loading={running}
          loadingText="处理中…"
          data-testid="reduce-submit"
        >
          <Sparkles size={16} /> 降AI率
        </Button>
        {running && (
          <Button variant="outline" onClick={onStop} data-testid="reduce-stop">
            <Square size={14} /> 停止
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="gray.600" data-testid="reduce-price-note">
        {shownPrice ? `价格：${shownPrice}` : ''}
        {price && price.pointsPer1000Chars > 0 && text.trim()
          ? `，本次约 ${(price.points + (price.pointsPer1000Chars * text.length) / 1000).toFixed(2)} 积分（${text.length} 字）`
          : ''}
        {shownPrice ? '。' : ''}
        未达标不扣积分：AI 率降低不足 {REDUCE_MIN_DROP} 个百分点且未达到目标时，预扣的积分全部退还。
      </Text>
    </>
  );
}

/** The rounds as they stream in. */
export function ReduceProgressBar({ progress }: { progress: ReduceProgress }) {
  return (
    <Stack gap="1.5" data-testid="reduce-progress">
      <Text fontSize="sm" color="gray.700">
        {progress.round === 0 ? '正在检测原文…' : `第 ${progress.round}/${progress.rounds} 轮：已改写 ${progress.rewritten} 句`}
        {progress.aiRate !== null && `，当前 AI 率 ${progress.aiRate.toFixed(1)}%`}
      </Text>
      <Progress.Root value={progress.rounds ? (progress.round / progress.rounds) * 100 : null} size="sm" colorPalette="purple">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

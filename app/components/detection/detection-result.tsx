import { Badge, Box, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { DetectionResultDto } from '../../../contracts/detection';
import { DETECTION_LABEL_TEXT, DETECTION_LIMITS, LABEL_TONE } from '~/services/detection';

/**
 * One check's result (spec §1 查AI率): the label first, then the rate on a gauge with its
 * uncertainty band, the sentences highlighted by their own label (the model's thresholds), the
 * reasons in plain Chinese — for the text and for each suspicious sentence — and what the method
 * cannot tell. Rendered on the server; needs no script (a highlighted sentence is a link to its
 * reasons; with script, clicking or focusing it shows them under the text).
 */

type Result = Pick<
  DetectionResultDto,
  | 'aiRate'
  | 'label'
  | 'band'
  | 'sentences'
  | 'reasons'
  | 'thresholds'
  | 'reliability'
  | 'caveats'
  | 'wordCount'
  | 'language'
  | 'modelVersion'
>;
type Sentence = Result['sentences'][number];

const RELIABILITY_TEXT = { high: '可信度较高', medium: '可信度一般', low: '可信度低' } as const;

const TONE_STYLE = {
  low: { bg: 'transparent', borderColor: 'transparent' },
  medium: { bg: 'orange.100', borderColor: 'orange.400' },
  high: { bg: 'red.100', borderColor: 'red.400' },
} as const;

/** How many suspicious sentences the list shows before folding the rest away. */
const SUSPICIOUS_SHOWN = 5;
const reasonAnchor = (i: number) => `why-${i}`;

/** A point on the gauge's arc (0–100 maps to 180°–0°). */
function arcPoint(rate: number, radius: number) {
  const angle = Math.PI * (1 - Math.min(100, Math.max(0, rate)) / 100);
  return { x: 100 + radius * Math.cos(angle), y: 100 - radius * Math.sin(angle) };
}

function arc(from: number, to: number, radius: number) {
  const a = arcPoint(from, radius);
  const b = arcPoint(to, radius);
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${radius} ${radius} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

/**
 * The gauge's colour per label: the 500 tone of the label's palette (DETECTION_LABEL_TEXT: green,
 * orange, red), so a gauge reads like the label's badge (issue 24: not a fixed green-to-red gradient
 * that showed a 99.9% "ai" result on a mostly green arc).
 */
export const GAUGE_COLOUR: Record<Result['label'], string> = { human: '#22c55e', mixed: '#f97316', ai: '#ef4444' };
const GAUGE_TRACK = '#e5e7eb';

export function RateGauge({
  rate,
  band,
  thresholds,
  label,
}: {
  rate: number;
  band: { low: number; high: number };
  thresholds: Result['thresholds'];
  label: Result['label'];
}) {
  const needle = arcPoint(rate, 70);
  const colour = GAUGE_COLOUR[label];
  const tick = (at: number) => ({ a: arcPoint(at, 76), b: arcPoint(at, 92) });
  return (
    <svg
      viewBox="0 0 200 112"
      width="220"
      role="img"
      aria-label={`AI 率 ${rate.toFixed(1)}%，可信区间 ${band.low.toFixed(1)}%–${band.high.toFixed(1)}%`}
    >
      {/* A grey track filled up to the rate in the label's colour. */}
      <path d={arc(0, 100, 84)} stroke={GAUGE_TRACK} strokeWidth="14" fill="none" />
      {rate > 0 && <path d={arc(0, rate, 84)} stroke={colour} strokeWidth="14" fill="none" data-testid="gauge-value" data-label={label} />}
      {/* Ticks where the model's label turns mixed and ai (its own thresholds). */}
      {[thresholds.mixed, thresholds.ai].map((t) => {
        const { a, b } = tick(t);
        return (
          <line
            key={t}
            x1={a.x.toFixed(2)}
            y1={a.y.toFixed(2)}
            x2={b.x.toFixed(2)}
            y2={b.y.toFixed(2)}
            stroke="#334155"
            strokeWidth="1.5"
          />
        );
      })}
      {/* The band: where the rate would land on most resamples of the sentences. */}
      <path d={arc(band.low, Math.max(band.high, band.low + 0.5), 68)} stroke="#475569" strokeOpacity="0.35" strokeWidth="8" fill="none" />
      <line x1="100" y1="100" x2={needle.x} y2={needle.y} stroke="#1f2937" strokeWidth="3" strokeLinecap="round" />
      <circle cx="100" cy="100" r="5" fill="#1f2937" />
    </svg>
  );
}

/**
 * The checked text with each sentence marked by its own label (text between sentences kept as it
 * was). A suspicious sentence links to its reasons; `onPick` (with script) shows them in place.
 */
export function HighlightedText({
  text,
  sentences,
  onPick,
}: {
  text: string;
  sentences: Result['sentences'];
  onPick?: (index: number) => void;
}) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  sentences.forEach((s, i) => {
    if (s.start > at) parts.push(text.slice(at, s.start));
    const tone = LABEL_TONE[s.label];
    const common = {
      ...TONE_STYLE[tone],
      color: 'inherit',
      rounded: 'sm',
      title: `本句 AI 率 ${s.aiRate.toFixed(1)}%`,
      'data-testid': 'scored-sentence',
      'data-tone': tone,
      'data-rate': s.aiRate,
    };
    parts.push(
      tone === 'low' ? (
        <Box as="span" key={i} {...common}>
          {text.slice(s.start, s.end)}
        </Box>
      ) : (
        <Box
          asChild
          key={i}
          {...common}
          borderBottomWidth="2px"
          textDecoration="none"
          cursor="pointer"
          _hover={{ filter: 'brightness(0.95)' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
        >
          <a
            href={`#${reasonAnchor(i)}`}
            onClick={(e) => {
              if (!onPick) return;
              e.preventDefault();
              onPick(i);
            }}
            onFocus={() => onPick?.(i)}
          >
            {text.slice(s.start, s.end)}
          </a>
        </Box>
      ),
    );
    at = Math.max(at, s.end);
  });
  if (at < text.length) parts.push(text.slice(at));
  return (
    <Box whiteSpace="pre-wrap" lineHeight="1.9" overflowWrap="anywhere" data-testid="highlighted-text">
      {parts}
    </Box>
  );
}

/** One suspicious sentence: where it is, its rate and label, and why. */
function SentenceReasons({ sentence, index, testId }: { sentence: Sentence; index: number; testId: string }) {
  const label = DETECTION_LABEL_TEXT[sentence.label];
  return (
    <Stack gap="1" data-testid={testId} data-index={index}>
      <HStack gap="2" flexWrap="wrap">
        <Text fontSize="xs" color="gray.500">
          第 {index + 1} 句
        </Text>
        <Badge colorPalette={label.palette} size="sm" fontVariantNumeric="tabular-nums">
          AI 率 {sentence.aiRate.toFixed(1)}%
        </Badge>
      </HStack>
      <Text fontSize="sm" color="gray.800" overflowWrap="anywhere">
        “{sentence.text}”
      </Text>
      <List.Root ps="5" gap="0.5" fontSize="sm" color="gray.700">
        {(sentence.reasons ?? []).map((r) => (
          <List.Item key={r} data-testid="sentence-reason">
            {r}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** 可疑句子及依据: the sentences labelled mixed or ai, highest first, each with its reasons. */
function SuspiciousSentences({ sentences }: { sentences: Result['sentences'] }) {
  const flagged = sentences
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.label !== 'human')
    .sort((a, b) => b.s.aiRate - a.s.aiRate || a.i - b.i);
  const item = ({ s, i }: { s: Sentence; i: number }) => (
    <Box
      as="li"
      key={i}
      id={reasonAnchor(i)}
      listStyleType="none"
      borderTopWidth="1px"
      pt="2.5"
      scrollMarginTop="20"
      css={{ '&:target': { background: 'var(--chakra-colors-yellow-50)', outline: '2px solid var(--chakra-colors-yellow-400)' } }}
    >
      <SentenceReasons sentence={s} index={i} testId="suspicious-sentence" />
    </Box>
  );
  return (
    <Box data-testid="suspicious-sentences">
      <Text fontWeight="semibold" mb="1.5">
        可疑句子及依据
      </Text>
      {flagged.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          没有 AI 特征明显的句子。
        </Text>
      ) : (
        <>
          <Stack as="ul" gap="2.5">
            {flagged.slice(0, SUSPICIOUS_SHOWN).map(item)}
          </Stack>
          {flagged.length > SUSPICIOUS_SHOWN && (
            <Box as="details" mt="2.5">
              <Box as="summary" cursor="pointer" fontSize="sm" color="blue.700">
                其余 {flagged.length - SUSPICIOUS_SHOWN} 句
              </Box>
              <Stack as="ul" gap="2.5" mt="2">
                {flagged.slice(SUSPICIOUS_SHOWN).map(item)}
              </Stack>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

export function DetectionResult({ result, text }: { result: Result; text: string }) {
  const label = DETECTION_LABEL_TEXT[result.label];
  const flagged = result.sentences.filter((s) => s.label === 'ai').length;
  const [picked, setPicked] = useState<number | null>(null);
  const pickedSentence = picked === null ? undefined : result.sentences[picked];
  return (
    <Stack gap="5" data-testid="detection-result">
      <Stack direction={{ base: 'column', md: 'row' }} gap="5" align={{ md: 'center' }}>
        <Stack gap="2" flex="1" minW="0">
          <Badge colorPalette={label.palette} size="lg" alignSelf="flex-start" data-testid="detection-label">
            {label.title}
          </Badge>
          <Text color="gray.700">{label.advice}</Text>
          <Text fontSize="sm" color="gray.600">
            AI 率{' '}
            <Text as="b" fontSize="xl" color="gray.900" data-testid="detection-rate" fontVariantNumeric="tabular-nums">
              {result.aiRate.toFixed(1)}%
            </Text>
            ，可信区间{' '}
            <Text as="span" fontVariantNumeric="tabular-nums" data-testid="detection-band">
              {result.band.low.toFixed(1)}%–{result.band.high.toFixed(1)}%
            </Text>
            {result.band.high - result.band.low >= 30 && (
              <Text as="span" color="orange.700">
                （区间较宽，结果不确定）
              </Text>
            )}
          </Text>
          <HStack gap="2" flexWrap="wrap" data-testid="detection-reliability">
            <Badge variant="outline" colorPalette={result.reliability === 'high' ? 'gray' : 'orange'}>
              {RELIABILITY_TEXT[result.reliability]}
            </Badge>
            {result.caveats.map((c) => (
              <Text key={c} fontSize="xs" color="orange.700">
                {c}
              </Text>
            ))}
          </HStack>
          <Text fontSize="xs" color="gray.500">
            {result.language === 'zh' ? '中文' : result.language === 'en' ? '英文' : '中英混合'}，{result.wordCount}{' '}
            {result.language === 'zh' ? '字' : '词'} · 模型 {result.modelVersion}
          </Text>
        </Stack>
        <Box alignSelf="center">
          <RateGauge rate={result.aiRate} band={result.band} thresholds={result.thresholds} label={result.label} />
        </Box>
      </Stack>

      {result.reasons.length > 0 && (
        <Box>
          <Text fontWeight="semibold" mb="1.5">
            主要依据
          </Text>
          <List.Root ps="5" gap="1" color="gray.700" fontSize="sm" data-testid="detection-reasons">
            {result.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}

      <Box>
        <HStack justify="space-between" mb="2" flexWrap="wrap" gap="2">
          <Text fontWeight="semibold">逐句结果</Text>
          <HStack gap="1" columnGap="3" fontSize="xs" color="gray.600" flexWrap="wrap">
            <HStack gap="1" whiteSpace="nowrap">
              <Box w="3" h="3" bg="red.100" borderWidth="1px" borderColor="red.300" rounded="sm" /> AI 特征明显（{flagged} 句）
            </HStack>
            <HStack gap="1" whiteSpace="nowrap">
              <Box w="3" h="3" bg="orange.100" borderWidth="1px" borderColor="orange.300" rounded="sm" /> 有一定 AI 特征
            </HStack>
          </HStack>
        </HStack>
        <Box bg="gray.50" rounded="md" p={{ base: '3', md: '4' }} maxH="480px" overflowY="auto">
          <HighlightedText text={text} sentences={result.sentences} onPick={setPicked} />
        </Box>
        <Text fontSize="xs" color="gray.500" mt="1.5" data-testid="detection-thresholds">
          按模型阈值标记：AI 率 ≥ {result.thresholds.mixed.toFixed(1)}% 为“{DETECTION_LABEL_TEXT.mixed.title}”，≥{' '}
          {result.thresholds.ai.toFixed(1)}% 为“{DETECTION_LABEL_TEXT.ai.title}”。点击高亮的句子查看依据。
        </Text>
        {pickedSentence && picked !== null && (
          <Box mt="2" bg="yellow.50" borderWidth="1px" borderColor="yellow.300" rounded="md" px="4" py="3" aria-live="polite">
            <SentenceReasons sentence={pickedSentence} index={picked} testId="picked-sentence" />
          </Box>
        )}
      </Box>

      <SuspiciousSentences sentences={result.sentences} />

      <Box bg="blue.50" rounded="md" px="4" py="3" fontSize="sm" color="gray.700" data-testid="detection-limits">
        <Text fontWeight="semibold" mb="1">
          检测说明
        </Text>
        <List.Root ps="5" gap="1">
          {DETECTION_LIMITS.map((l) => (
            <List.Item key={l}>{l}</List.Item>
          ))}
        </List.Root>
      </Box>
    </Stack>
  );
}

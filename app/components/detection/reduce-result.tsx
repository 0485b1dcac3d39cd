import { Alert, Badge, Box, Button, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Check, X } from 'lucide-react';
import type { ReduceResultData } from '../../../contracts/detection-constants';
import { FormAlert } from '~/components/ui/form-alert';
import { DETECTION_LABEL_TEXT } from '~/services/detection';
import type { ReduceSaved } from '~/services/browser/reduce.client';
import { workDetailHref } from '~/services/works';
import type { ReduceDone } from './reduce-state';

type Sentence = Extract<ReduceResultData['segments'][number], { kind: 'sentence' }>;

/** The new rate against the old, what it cost, and what was left as it was and why. */
export function ReduceSummary({ done }: { done: ReduceDone }) {
  const { result } = done;
  return (
    <>
      <HStack gap="3" flexWrap="wrap" bg="purple.50" rounded="md" px="4" py="3">
        <Text>
          AI 率{' '}
          <Text as="b" fontVariantNumeric="tabular-nums">
            {result.before.aiRate.toFixed(1)}%
          </Text>{' '}
          →{' '}
          <Text as="b" fontSize="lg" color="purple.700" fontVariantNumeric="tabular-nums" data-testid="reduce-after">
            {result.after.aiRate.toFixed(1)}%
          </Text>
        </Text>
        <Badge colorPalette={DETECTION_LABEL_TEXT[result.after.label].palette}>{DETECTION_LABEL_TEXT[result.after.label].title}</Badge>
        <Text fontSize="sm" color="gray.600">
          改写 {result.changedSentences} 句，{result.rounds} 轮，消耗 {done.points.toFixed(2)} 积分
          {result.engine === 'local' && '（本地改写）'}
        </Text>
      </HStack>
      {done.uncharged && (
        <Alert.Root status="info" data-testid="reduce-uncharged">
          <Alert.Indicator />
          <Alert.Title>{done.uncharged}</Alert.Title>
        </Alert.Root>
      )}
      {result.locked.length > 0 && (
        <Text fontSize="sm" color="gray.600" data-testid="reduce-locked">
          有 {result.locked.length} 句的改写会改变事实（
          {[...new Set(result.locked.flatMap((l) => l.facts))].slice(0, 5).join('、')}），已保留原句。
        </Text>
      )}
      {(result.grammarDropped ?? 0) > 0 && (
        <Text fontSize="sm" color="gray.600" data-testid="reduce-grammar-dropped">
          有 {result.grammarDropped} 句的改写经语法检查发现了原句没有的语法错误，已保留原句。
        </Text>
      )}
      {result.grammarChecked === false && (
        <Text fontSize="sm" color="gray.600" data-testid="reduce-grammar-unchecked">
          语法检查引擎没有及时答复，本次英文改写未经语法检查，请自行核对。
        </Text>
      )}
      {result.factsChanged.length > 0 && (
        <FormAlert status="warning">{`以下内容在改写后有变化，请核对：${result.factsChanged.join('、')}`}</FormAlert>
      )}
    </>
  );
}

/** One rewritten sentence beside its original, to take or leave. */
function SentenceRow({ sentence: s, rejected, onDecide }: { sentence: Sentence; rejected: boolean; onDecide: (take: boolean) => void }) {
  return (
    <Grid
      templateColumns={{ base: '1fr', md: '1fr 1fr auto' }}
      gap="3"
      borderWidth="1px"
      rounded="md"
      p="3"
      bg={rejected ? 'gray.50' : 'white'}
      data-testid="reduce-sentence"
    >
      <Box fontSize="sm" color="gray.600">
        <Text fontSize="xs" color="gray.400" mb="0.5">
          原句
        </Text>
        {s.original}
      </Box>
      <Box fontSize="sm" color={rejected ? 'gray.400' : 'gray.900'} textDecoration={rejected ? 'line-through' : undefined}>
        <Text fontSize="xs" color="gray.400" mb="0.5">
          改写
        </Text>
        {s.rewritten}
      </Box>
      <HStack
        gap="1"
        alignSelf="center"
        justifySelf={{ base: 'flex-start', md: 'center' }}
        flexDirection={{ base: 'row', md: 'column' }}
        role="group"
        aria-label="接受或拒绝这句改写"
      >
        <Button
          size="xs"
          variant={rejected ? 'outline' : 'solid'}
          colorPalette="green"
          aria-pressed={!rejected}
          onClick={() => onDecide(true)}
          data-testid="reduce-accept"
        >
          <Check size={12} /> 接受
        </Button>
        <Button
          size="xs"
          variant={rejected ? 'solid' : 'outline'}
          colorPalette="gray"
          aria-pressed={rejected}
          onClick={() => onDecide(false)}
          data-testid="reduce-reject"
        >
          <X size={12} /> 拒绝
        </Button>
      </HStack>
    </Grid>
  );
}

/** 逐句对比: every changed sentence, each taken unless turned down. */
export function SentenceDiff({
  result,
  rejected,
  onDecide,
  onDecideAll,
}: {
  result: ReduceResultData;
  rejected: ReadonlySet<number>;
  onDecide: (index: number, take: boolean) => void;
  /** `rejected`: the indexes turned down (none: all taken). */
  onDecideAll: (rejected: number[]) => void;
}) {
  const changed = result.segments.filter((s): s is Sentence => s.kind === 'sentence' && s.rewritten !== s.original);
  if (changed.length === 0) return <Text color="gray.600">没有需要改写的句子。</Text>;
  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold">
          逐句对比（接受 <span data-testid="reduce-accepted-count">{changed.length - rejected.size}</span> / {changed.length}）
        </Text>
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => onDecideAll([])} data-testid="reduce-accept-all">
            <Check size={12} /> 全部接受
          </Button>
          <Button size="xs" variant="outline" onClick={() => onDecideAll(changed.map((s) => s.index))} data-testid="reduce-reject-all">
            <X size={12} /> 全部拒绝
          </Button>
        </HStack>
      </HStack>
      <Stack gap="2" maxH="560px" overflowY="auto" data-testid="reduce-diff">
        {changed.map((s) => (
          <SentenceRow key={s.index} sentence={s} rejected={rejected.has(s.index)} onDecide={(take) => onDecide(s.index, take)} />
        ))}
      </Stack>
    </Stack>
  );
}

/** What to do with the text kept: into the input, a new version of the opened work, or a new work. */
export function ReduceSaveBar({
  work,
  title,
  saving,
  onTitle,
  onApply,
  onSave,
}: {
  work: { id: string; title: string } | null;
  title: string;
  saving: boolean;
  onTitle: (title: string) => void;
  onApply: () => void;
  onSave: (into: 'work' | 'new') => void;
}) {
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="2" align={{ md: 'flex-end' }}>
      <Button variant="outline" onClick={onApply} data-testid="reduce-apply">
        用结果替换输入框
      </Button>
      {work && (
        <Button colorPalette="blue" onClick={() => onSave('work')} loading={saving} data-testid="reduce-save-work">
          保存为「{work.title}」的新版本
        </Button>
      )}
      <Field.Root maxW={{ md: '72' }}>
        <Field.Label fontSize="xs">新作品标题</Field.Label>
        <Input value={title} onChange={(e) => onTitle(e.target.value)} size="sm" bg="white" maxLength={200} />
      </Field.Root>
      <Button
        variant={work ? 'outline' : 'solid'}
        colorPalette="blue"
        onClick={() => onSave('new')}
        loading={saving}
        data-testid="reduce-save-new"
      >
        另存为新作品
      </Button>
    </Stack>
  );
}

/** Where the text kept was saved, at the rate it was saved with. */
export function ReduceSavedAlert({ saved }: { saved: ReduceSaved }) {
  return (
    <Alert.Root status="success" data-testid="reduce-saved">
      <Alert.Indicator />
      <Alert.Title flex="1" minW="0">
        已保存到
        <Link to={workDetailHref(saved.workId)}>
          <Text as="span" color="blue.700" mx="1">
            「{saved.title}」
          </Text>
        </Link>
        {saved.aiRate !== null && (
          <>
            ，保存后的 AI 率{' '}
            <Text as="b" fontVariantNumeric="tabular-nums" data-testid="reduce-saved-rate">
              {saved.aiRate.toFixed(1)}%
            </Text>
          </>
        )}
        {saved.aiLabel && (
          <Badge colorPalette={DETECTION_LABEL_TEXT[saved.aiLabel].palette} ms="2" verticalAlign="middle" data-testid="reduce-saved-label">
            {DETECTION_LABEL_TEXT[saved.aiLabel].title}
          </Badge>
        )}
      </Alert.Title>
    </Alert.Root>
  );
}

import { Alert, Badge, Box, Button, Field, Grid, HStack, Input, Progress, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Check, Sparkles, Square, X } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  DEFAULT_REDUCE_MODE,
  DEFAULT_REDUCE_TARGET,
  REDUCE_MIN_DROP,
  REDUCE_MODE_LABELS,
  REDUCE_MODES,
  type ReduceMode,
  type ReduceResultData,
} from '../../../contracts/detection-constants';
import type { AiPrice } from '../../../contracts/ai-operations';
import { FormAlert } from '~/components/ui/form-alert';
import { useHydrated } from '~/hooks/use-hydrated';
import { refreshPoints } from '~/hooks/use-points-balance';
import { priceText } from '~/services/ai-prices';
import { cacheAiRate } from '~/services/browser/ai-rate-cache.client';
import { DETECTION_LABEL_TEXT, REDUCE_AI_PAGE_ID } from '~/services/detection';
import { keptText, runReduction, saveReduction, type ReduceSaved } from '~/services/browser/reduce.client';
import { workDetailHref } from '~/services/works';

type Progress = { round: number; rounds: number; rewritten: number; aiRate: number | null };
type Done = { reductionId: string; points: number; result: ReduceResultData; uncharged?: string };

/**
 * 降AI率 on the page (issue 14): mode and target, progress as the rounds stream in, each rewritten
 * sentence beside its original to take or leave, the new rate, and saving what was kept into the
 * opened work (a new version) or a new work. Needs JavaScript (it streams); the check does not.
 */
export function ReducePanel({
  text,
  work,
  userId,
  onApply,
  price,
}: {
  text: string;
  work: { id: string; title: string } | null;
  userId: string;
  onApply: (text: string) => void;
  /** 降AI率's price (GET /ai/prices), shown before it runs (ADR 0040). */
  price?: AiPrice | null;
}) {
  const shownPrice = priceText(price ?? undefined);
  const hydrated = useHydrated();
  const [mode, setMode] = useState<ReduceMode>(DEFAULT_REDUCE_MODE);
  const [target, setTarget] = useState(String(DEFAULT_REDUCE_TARGET));
  const [terms, setTerms] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [rejected, setRejected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<ReduceSaved | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);

  async function start() {
    const controller = new AbortController();
    stopper.current = controller;
    setRunning(true);
    setDone(null);
    setSaved(null);
    setError(null);
    setRejected(new Set());
    setProgress({ round: 0, rounds: 0, rewritten: 0, aiRate: null });
    try {
      const outcome = await runReduction(
        {
          text,
          mode,
          target: Number(target) || undefined,
          protectedTerms: terms
            .split(/[,，、\n]/)
            .map((t) => t.trim())
            .filter(Boolean),
          workId: work?.id,
        },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.event === 'round') setProgress((p) => p && { ...p, round: event.data.round, rounds: event.data.rounds });
            else if (event.event === 'sentence') setProgress((p) => p && { ...p, rewritten: p.rewritten + 1 });
            else if (event.event === 'score') setProgress((p) => p && { ...p, aiRate: event.data.aiRate });
          },
        },
      );
      if (outcome.status === 'done') {
        setDone(outcome);
        setTitle(work ? `${work.title}（降AI率）` : '降AI率后的文本');
        cacheAiRate(userId, work?.id ?? REDUCE_AI_PAGE_ID, {
          aiRate: outcome.result.after.aiRate,
          writingId: work?.id ?? outcome.reductionId,
          timestamp: Date.now(),
          original: text,
          modified: outcome.result.text,
          label: outcome.result.after.label,
        });
      } else if (outcome.status === 'error') setError(`${outcome.message}`);
      else setError('已停止，积分已退还');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '降AI率失败，请稍后重试');
    } finally {
      stopper.current = null;
      setRunning(false);
      // The reservation moved the balance (charged or refunded since): the header shows it.
      refreshPoints();
    }
  }

  async function save(into: 'work' | 'new') {
    if (!done) return;
    setSaving(true);
    setError(null);
    try {
      const kept = keptText(done.result, rejected);
      const answer = await saveReduction(
        done.reductionId,
        into === 'work' && work ? { text: kept, workId: work.id } : { text: kept, title: title.trim() || '降AI率后的文本', type: 'free' },
      );
      setSaved(answer);
      // The page's last check is now the text kept, at the rate it was saved with.
      // So is the saved work's, when it is opened here.
      if (answer.aiRate !== null) {
        const entry = {
          aiRate: answer.aiRate,
          writingId: answer.workId,
          timestamp: Date.now(),
          original: text,
          modified: kept,
          ...(answer.aiLabel ? { label: answer.aiLabel } : {}),
        };
        for (const key of new Set([work?.id ?? REDUCE_AI_PAGE_ID, answer.workId])) cacheAiRate(userId, key, entry);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  }

  const changed = done ? done.result.segments.filter((s) => s.kind === 'sentence' && s.rewritten !== s.original) : [];
  const toggle = (index: number, take: boolean) =>
    setRejected((prev) => {
      const next = new Set(prev);
      if (take) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Stack gap="4" data-testid="reduce-panel">
      <Text color="gray.600" fontSize="sm">
        改写 AI 特征明显的句子并重新检测，直到低于目标 AI
        率或达到该模式的轮数。数字、人名、学校、日期和保护词保持不变；每一句改写都可以接受或拒绝。
      </Text>
      <Field.Root>
        <Field.Label fontSize="sm">模式</Field.Label>
        <RadioGroup.Root value={mode} onValueChange={(d) => d.value && setMode(d.value as ReduceMode)} size="sm" disabled={running}>
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
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            size="sm"
            bg="white"
            disabled={running}
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label fontSize="sm">保护词（不改动，逗号分隔）</Field.Label>
          <Input
            value={terms}
            onChange={(e) => setTerms(e.target.value)}
            placeholder="如：Zhejiang University, 数据挖掘导论"
            size="sm"
            bg="white"
            disabled={running}
          />
        </Field.Root>
      </Stack>
      <HStack gap="2">
        <Button
          colorPalette="purple"
          onClick={start}
          disabled={!hydrated || running || !text.trim()}
          loading={running}
          loadingText="处理中…"
          data-testid="reduce-submit"
        >
          <Sparkles size={16} /> 降AI率
        </Button>
        {running && (
          <Button variant="outline" onClick={() => stopper.current?.abort()} data-testid="reduce-stop">
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

      {progress && !done && running && (
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
      )}
      <FormAlert testId="reduce-error">{error}</FormAlert>

      {done && (
        <Stack gap="4" data-testid="reduce-result">
          <HStack gap="3" flexWrap="wrap" bg="purple.50" rounded="md" px="4" py="3">
            <Text>
              AI 率{' '}
              <Text as="b" fontVariantNumeric="tabular-nums">
                {done.result.before.aiRate.toFixed(1)}%
              </Text>{' '}
              →{' '}
              <Text as="b" fontSize="lg" color="purple.700" fontVariantNumeric="tabular-nums" data-testid="reduce-after">
                {done.result.after.aiRate.toFixed(1)}%
              </Text>
            </Text>
            <Badge colorPalette={DETECTION_LABEL_TEXT[done.result.after.label].palette}>
              {DETECTION_LABEL_TEXT[done.result.after.label].title}
            </Badge>
            <Text fontSize="sm" color="gray.600">
              改写 {done.result.changedSentences} 句，{done.result.rounds} 轮，消耗 {done.points.toFixed(2)} 积分
              {done.result.engine === 'local' && '（本地改写）'}
            </Text>
          </HStack>
          {done.uncharged && (
            <Alert.Root status="info" data-testid="reduce-uncharged">
              <Alert.Indicator />
              <Alert.Title>{done.uncharged}</Alert.Title>
            </Alert.Root>
          )}
          {done.result.locked.length > 0 && (
            <Text fontSize="sm" color="gray.600" data-testid="reduce-locked">
              有 {done.result.locked.length} 句的改写会改变事实（
              {[...new Set(done.result.locked.flatMap((l) => l.facts))].slice(0, 5).join('、')}），已保留原句。
            </Text>
          )}
          {(done.result.grammarDropped ?? 0) > 0 && (
            <Text fontSize="sm" color="gray.600" data-testid="reduce-grammar-dropped">
              有 {done.result.grammarDropped} 句的改写经语法检查发现了原句没有的语法错误，已保留原句。
            </Text>
          )}
          {done.result.grammarChecked === false && (
            <Text fontSize="sm" color="gray.600" data-testid="reduce-grammar-unchecked">
              语法检查引擎没有及时答复，本次英文改写未经语法检查，请自行核对。
            </Text>
          )}
          {done.result.factsChanged.length > 0 && (
            <FormAlert status="warning">{`以下内容在改写后有变化，请核对：${done.result.factsChanged.join('、')}`}</FormAlert>
          )}
          {changed.length === 0 ? (
            <Text color="gray.600">没有需要改写的句子。</Text>
          ) : (
            <Stack gap="2">
              <HStack justify="space-between" flexWrap="wrap" gap="2">
                <Text fontWeight="semibold">
                  逐句对比（接受 <span data-testid="reduce-accepted-count">{changed.length - rejected.size}</span> / {changed.length}）
                </Text>
                <HStack gap="1">
                  <Button size="xs" variant="outline" onClick={() => setRejected(new Set())} data-testid="reduce-accept-all">
                    <Check size={12} /> 全部接受
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => setRejected(new Set(changed.map((s) => (s.kind === 'sentence' ? s.index : -1))))}
                    data-testid="reduce-reject-all"
                  >
                    <X size={12} /> 全部拒绝
                  </Button>
                </HStack>
              </HStack>
              <Stack gap="2" maxH="560px" overflowY="auto" data-testid="reduce-diff">
                {changed.map((s) =>
                  s.kind === 'sentence' ? (
                    <Grid
                      key={s.index}
                      templateColumns={{ base: '1fr', md: '1fr 1fr auto' }}
                      gap="3"
                      borderWidth="1px"
                      rounded="md"
                      p="3"
                      bg={rejected.has(s.index) ? 'gray.50' : 'white'}
                      data-testid="reduce-sentence"
                    >
                      <Box fontSize="sm" color="gray.600">
                        <Text fontSize="xs" color="gray.400" mb="0.5">
                          原句
                        </Text>
                        {s.original}
                      </Box>
                      <Box
                        fontSize="sm"
                        color={rejected.has(s.index) ? 'gray.400' : 'gray.900'}
                        textDecoration={rejected.has(s.index) ? 'line-through' : undefined}
                      >
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
                          variant={rejected.has(s.index) ? 'outline' : 'solid'}
                          colorPalette="green"
                          aria-pressed={!rejected.has(s.index)}
                          onClick={() => toggle(s.index, true)}
                          data-testid="reduce-accept"
                        >
                          <Check size={12} /> 接受
                        </Button>
                        <Button
                          size="xs"
                          variant={rejected.has(s.index) ? 'solid' : 'outline'}
                          colorPalette="gray"
                          aria-pressed={rejected.has(s.index)}
                          onClick={() => toggle(s.index, false)}
                          data-testid="reduce-reject"
                        >
                          <X size={12} /> 拒绝
                        </Button>
                      </HStack>
                    </Grid>
                  ) : null,
                )}
              </Stack>
            </Stack>
          )}
          <Stack direction={{ base: 'column', md: 'row' }} gap="2" align={{ md: 'flex-end' }}>
            <Button variant="outline" onClick={() => onApply(keptText(done.result, rejected))} data-testid="reduce-apply">
              用结果替换输入框
            </Button>
            {work && (
              <Button colorPalette="blue" onClick={() => save('work')} loading={saving} data-testid="reduce-save-work">
                保存为「{work.title}」的新版本
              </Button>
            )}
            <Field.Root maxW={{ md: '72' }}>
              <Field.Label fontSize="xs">新作品标题</Field.Label>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} size="sm" bg="white" maxLength={200} />
            </Field.Root>
            <Button
              variant={work ? 'outline' : 'solid'}
              colorPalette="blue"
              onClick={() => save('new')}
              loading={saving}
              data-testid="reduce-save-new"
            >
              另存为新作品
            </Button>
          </Stack>
          {saved && (
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
                  <Badge
                    colorPalette={DETECTION_LABEL_TEXT[saved.aiLabel].palette}
                    ms="2"
                    verticalAlign="middle"
                    data-testid="reduce-saved-label"
                  >
                    {DETECTION_LABEL_TEXT[saved.aiLabel].title}
                  </Badge>
                )}
              </Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </Stack>
  );
}

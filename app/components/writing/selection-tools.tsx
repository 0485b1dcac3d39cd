import { Badge, Box, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { readAnswer } from '../../../contracts/ai-answer';
import { AI_OPERATION_LABELS, WRITING_STYLE_LABELS } from '../../../contracts/ai-operation-constants';
import type { AiPrices, SelectionOperation } from '../../../contracts/ai-operations';
import { priceOf, priceText } from '~/services/ai-prices';
import { STYLE_CHOICES, translationTarget, type SelectionTool } from '~/services/writing';

export type Proposal = {
  tool: SelectionTool;
  /** Where the selection was and what it said (accepting finds it again: edits move text). */
  from: number;
  original: string;
  text: string;
  status: 'running' | 'done' | 'error';
  message?: string;
  reserved?: number;
  charged?: number;
  /** Named by the next save once accepted: its words are then in the text. */
  operationId?: string;
};

const toolLabel = (tool: SelectionTool) =>
  tool.operation === 'style'
    ? `${AI_OPERATION_LABELS.style}：${WRITING_STYLE_LABELS[tool.style]}`
    : tool.operation === 'translate'
      ? tool.targetLanguage === 'en'
        ? '翻译为英文'
        : '翻译为中文'
      : AI_OPERATION_LABELS[tool.operation];

// mousedown would move the focus out of the editor and lose its selection.
const keep = (e: React.MouseEvent) => e.preventDefault();

/** The floating toolbar over a selection: each tool is its own charged operation. */
export function SelectionToolbar({
  top,
  left,
  text,
  onRun,
  prices,
}: {
  top: number;
  left: number;
  text: string;
  onRun: (tool: SelectionTool) => void;
  /** Each tool's price before it runs (ADR 0040); a tool the offline engine cannot do is disabled. */
  prices: AiPrices | null;
}) {
  const [styles, setStyles] = useState(false);
  const target = translationTarget(text);
  const simple = (['expand', 'rephrase', 'rewrite', 'shorten'] as const).map((operation) => ({ operation }));
  const price = (operation: SelectionOperation) => priceOf(prices, operation);
  const offered = (operation: SelectionOperation) => price(operation)?.available !== false;
  const tag = (operation: SelectionOperation) => {
    const shown = priceText(price(operation));
    return shown ? ` · ${shown}` : '';
  };
  const unavailable = (['expand', 'rephrase', 'rewrite', 'translate'] as const).filter((operation) => !offered(operation));
  const reason =
    unavailable.length > 0
      ? `离线模式（未接入 AI 语言模型）不能${unavailable.map((op) => AI_OPERATION_LABELS[op]).join('、')}，接入 AI 服务后可用；其余工具按固定规则处理，免费。`
      : null;
  return (
    <Box
      position="absolute"
      top={`${top}px`}
      left={`${left}px`}
      zIndex="10"
      bg="white"
      borderWidth="1px"
      rounded="lg"
      shadow="lg"
      p="1"
      maxW="calc(100% - 8px)"
      role="toolbar"
      aria-label="选中文字的 AI 工具"
      data-testid="selection-toolbar"
      onMouseDown={keep}
    >
      <HStack gap="1" flexWrap="wrap">
        {simple.map((tool) => (
          <Button
            key={tool.operation}
            size="xs"
            variant="ghost"
            onClick={() => onRun(tool)}
            disabled={!offered(tool.operation)}
            title={price(tool.operation)?.note ?? undefined}
            data-testid={`tool-${tool.operation}`}
          >
            {AI_OPERATION_LABELS[tool.operation]}
            {tag(tool.operation)}
          </Button>
        ))}
        <Button size="xs" variant={styles ? 'subtle' : 'ghost'} onClick={() => setStyles((s) => !s)} data-testid="tool-style">
          {AI_OPERATION_LABELS.style}
          {tag('style')}
        </Button>
        <Button
          size="xs"
          variant="ghost"
          onClick={() => onRun({ operation: 'translate', targetLanguage: target })}
          disabled={!offered('translate')}
          title={price('translate')?.note ?? undefined}
          data-testid="tool-translate"
        >
          {target === 'en' ? '译为英文' : '译为中文'}
          {tag('translate')}
        </Button>
      </HStack>
      {reason && (
        <Text fontSize="xs" color="orange.700" px="2" pt="1" maxW="420px" data-testid="tools-offline-note">
          {reason}
        </Text>
      )}
      {styles && (
        <HStack gap="1" flexWrap="wrap" borderTopWidth="1px" mt="1" pt="1">
          {STYLE_CHOICES.map((style) => (
            <Button
              key={style}
              size="xs"
              variant="outline"
              onClick={() => onRun({ operation: 'style', style })}
              data-testid={`tool-style-${style}`}
            >
              {WRITING_STYLE_LABELS[style]}
            </Button>
          ))}
        </HStack>
      )}
    </Box>
  );
}

/** The proposal beside the selection: streamed in, then 采纳 (replaces the selection) or 放弃. */
export function ProposalPanel({
  proposal,
  top,
  onAccept,
  onDiscard,
  onStop,
}: {
  proposal: Proposal;
  top: number;
  onAccept: () => void;
  onDiscard: () => void;
  onStop: () => void;
}) {
  const running = proposal.status === 'running';
  const answer = readAnswer(proposal.text);
  return (
    <Box
      position="absolute"
      top={`${top}px`}
      right={{ base: '1', md: '2' }}
      left={{ base: '1', md: 'auto' }}
      w={{ md: '380px' }}
      zIndex="11"
      bg="white"
      borderWidth="1px"
      borderColor="blue.200"
      rounded="lg"
      shadow="xl"
      p="3"
      data-testid="proposal-panel"
      aria-live="polite"
    >
      <HStack justify="space-between" mb="2" gap="2">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {toolLabel(proposal.tool)}
          </Text>
          {answer.offline && (
            <Badge colorPalette="orange" size="sm" data-testid="proposal-offline">
              离线模式
            </Badge>
          )}
        </HStack>
        <Text fontSize="xs" color="gray.500" data-testid="proposal-points">
          {proposal.charged !== undefined
            ? `已扣除 ${proposal.charged} 积分`
            : proposal.reserved !== undefined
              ? `预扣 ${proposal.reserved} 积分`
              : ''}
        </Text>
      </HStack>
      <Box
        fontSize="sm"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        bg="gray.50"
        rounded="md"
        p="2"
        maxH="60vh"
        overflowY="auto"
        data-testid="proposal-text"
      >
        {answer.body || (running ? <Spinner size="xs" /> : null)}
      </Box>
      {answer.note && (
        <Text fontSize="xs" color="gray.600" mt="2" data-testid="proposal-note">
          {answer.note}
        </Text>
      )}
      {proposal.status === 'error' && (
        <Text color="red.600" fontSize="sm" mt="2" role="alert">
          {proposal.message}
        </Text>
      )}
      <HStack justify="flex-end" mt="3" gap="2">
        {running ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onStop} data-testid="proposal-stop">
            停止
          </Button>
        ) : (
          <>
            <Button size="xs" variant="outline" onClick={onDiscard} data-testid="proposal-discard">
              放弃
            </Button>
            <Button
              size="xs"
              colorPalette="blue"
              onClick={onAccept}
              disabled={proposal.status !== 'done' || !answer.body}
              data-testid="proposal-accept"
            >
              采纳
            </Button>
          </>
        )}
      </HStack>
    </Box>
  );
}

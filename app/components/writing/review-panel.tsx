import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Check, Undo2, X } from 'lucide-react';
import {
  comparePolish,
  parseRevision,
  SUGGESTION_KIND_LABELS,
  type PolishComparison,
  type RevisionReview,
} from '../../../contracts/essay-review';

/** A review answer on a review page (essay revision, essay polish): streamed, then read. */
/** `operationId`: the review's operation, named by the next save once one of its changes is accepted. */
/** checkNote: what the grammar and fact checks took back from a model's answer (ADR 0041), shown with the note. */
export type Review = {
  kind: 'revision' | 'polish';
  status: 'running' | 'done';
  text: string;
  essay: string;
  operationId?: string;
  checkNote?: string;
};

const withCheckNote = (note: string | null, review: Review) => [note, review.checkNote].filter(Boolean).join(' ') || null;
export type Decision = 'accepted' | 'rejected' | 'missing';

/** One thing the user decides on: replace `before` by `after` (null: a comment, nothing to replace). */
export type ReviewItem = { id: string; before: string; after: string | null };

export type ReadReview =
  { kind: 'revision'; revision: RevisionReview; items: ReviewItem[] } | { kind: 'polish'; polish: PolishComparison; items: ReviewItem[] };

export function readReview(review: Review): ReadReview {
  if (review.kind === 'revision') {
    const parsed = parseRevision(review.text);
    const revision = { ...parsed, note: withCheckNote(parsed.note, review) };
    return {
      kind: 'revision',
      revision,
      items: revision.suggestions.map((s) => ({ id: s.id, before: s.original, after: s.kind === 'comment' ? null : s.replacement })),
    };
  }
  const compared = comparePolish(review.essay, review.text);
  const polish = { ...compared, note: withCheckNote(compared.note, review) };
  return { kind: 'polish', polish, items: polish.changes.map((c) => ({ id: c.id, before: c.before, after: c.after })) };
}

type Handlers = {
  decisions: Record<string, Decision>;
  onAccept: (item: ReviewItem) => void;
  onReject: (item: ReviewItem) => void;
  /** Shows the item's passage in the editor. */
  onShow: (id: string) => void;
  disabled: boolean;
};

const DECISION_TEXT: Record<Decision, string> = { accepted: '已采纳', rejected: '已忽略', missing: '原文已改动，找不到这段文字' };

function DecisionBar({
  item,
  decision,
  acceptLabel,
  rejectLabel,
  handlers,
}: {
  item: ReviewItem;
  decision?: Decision;
  acceptLabel: string;
  rejectLabel: string;
  handlers: Handlers;
}) {
  if (decision) {
    return (
      <Text fontSize="xs" color={decision === 'missing' ? 'orange.700' : 'gray.600'} data-testid="review-decision">
        {DECISION_TEXT[decision]}
      </Text>
    );
  }
  return (
    <HStack gap="2" justify="flex-end">
      <Button size="xs" variant="outline" onClick={() => handlers.onReject(item)} disabled={handlers.disabled} data-testid="review-reject">
        <X size={14} /> {rejectLabel}
      </Button>
      {item.after !== null && (
        <Button
          size="xs"
          colorPalette="blue"
          onClick={() => handlers.onAccept(item)}
          disabled={handlers.disabled}
          data-testid="review-accept"
        >
          <Check size={14} /> {acceptLabel}
        </Button>
      )}
    </HStack>
  );
}

function Header({ title, offline, counts }: { title: string; offline: boolean; counts: { total: number; decided: number } }) {
  return (
    <HStack justify="space-between" gap="2" flexWrap="wrap">
      <HStack gap="2">
        <Text fontWeight="semibold">{title}</Text>
        {offline && (
          <Badge colorPalette="orange" data-testid="review-offline">
            离线模式
          </Badge>
        )}
      </HStack>
      {counts.total > 0 && (
        <Text fontSize="xs" color="gray.600" data-testid="review-progress">
          已处理 {counts.decided} / {counts.total}
        </Text>
      )}
    </HStack>
  );
}

const Note = ({ note }: { note: string | null }) =>
  note ? (
    <Text fontSize="xs" color="gray.600" bg="orange.50" rounded="md" p="2" data-testid="review-note">
      {note}
    </Text>
  ) : null;

/** Strikes out what goes and shows what comes, as a reader compares two versions. */
function Replacement({ before, after }: { before: string; after: string | null }) {
  return (
    <Stack gap="1" fontSize="sm" overflowWrap="anywhere">
      <Text as="del" color="red.700" bg="red.50" rounded="sm" px="1" data-testid="review-before">
        {before}
      </Text>
      {after !== null && (
        <Text as="ins" textDecoration="none" color="green.800" bg="green.50" rounded="sm" px="1" data-testid="review-after">
          {after || '（删除）'}
        </Text>
      )}
    </Stack>
  );
}

function Card({
  id,
  decided,
  children,
  onShow,
}: {
  id: string;
  decided: boolean;
  children: React.ReactNode;
  onShow: (id: string) => void;
}) {
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      rounded="lg"
      p="3"
      bg={decided ? 'gray.50' : 'white'}
      opacity={decided ? 0.75 : 1}
      data-testid="review-item"
      data-item-id={id}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button')) onShow(id);
      }}
      cursor="pointer"
    >
      {children}
    </Stack>
  );
}

/** Essay revision: the overall assessment, then each suggestion with its reason, accepted or not one by one. */
export function RevisionPanel({ revision, handlers }: { revision: RevisionReview; handlers: Handlers }) {
  const decided = revision.suggestions.filter((s) => handlers.decisions[s.id]).length;
  return (
    <Stack gap="3" data-testid="revision-panel">
      <Header title="修改意见" offline={revision.offline} counts={{ total: revision.suggestions.length, decided }} />
      {revision.assessment.length > 0 && (
        <Stack as="section" aria-label="总体评价" gap="1.5" bg="blue.50" rounded="lg" p="3" data-testid="revision-assessment">
          <Text fontWeight="semibold" fontSize="sm">
            总体评价
          </Text>
          {revision.assessment.map((a, i) => (
            <Text key={i} fontSize="sm">
              {a.aspect && (
                <Text as="span" fontWeight="semibold">
                  {a.aspect}：
                </Text>
              )}
              {a.text}
            </Text>
          ))}
        </Stack>
      )}
      {revision.suggestions.length === 0 ? (
        <Text fontSize="sm" color="gray.600" data-testid="revision-empty">
          没有逐条的修改建议。
        </Text>
      ) : (
        revision.suggestions.map((s, i) => {
          const item: ReviewItem = { id: s.id, before: s.original, after: s.kind === 'comment' ? null : s.replacement };
          return (
            <Card key={s.id} id={s.id} decided={!!handlers.decisions[s.id]} onShow={handlers.onShow}>
              <HStack gap="2">
                <Badge colorPalette={s.kind === 'comment' ? 'purple' : s.kind === 'delete' ? 'red' : 'blue'}>
                  {SUGGESTION_KIND_LABELS[s.kind]}
                </Badge>
                <Text fontSize="xs" color="gray.500">
                  建议 {i + 1}
                </Text>
              </HStack>
              {s.kind === 'comment' ? (
                <Text fontSize="sm" bg="purple.50" rounded="sm" px="1" overflowWrap="anywhere" data-testid="review-before">
                  {s.original}
                </Text>
              ) : (
                <Replacement before={s.original} after={s.replacement} />
              )}
              {s.reason && (
                <Text fontSize="xs" color="gray.700" data-testid="review-reason">
                  理由：{s.reason}
                </Text>
              )}
              <DecisionBar
                item={item}
                decision={handlers.decisions[s.id]}
                acceptLabel="采纳"
                rejectLabel={s.kind === 'comment' ? '知道了' : '忽略'}
                handlers={handlers}
              />
            </Card>
          );
        })
      )}
      {revision.missingFacts.length > 0 && (
        <Stack gap="1" bg="yellow.50" rounded="lg" p="3" data-testid="revision-missing-facts">
          <Text fontWeight="semibold" fontSize="sm">
            需要向学生补充的事实
          </Text>
          {revision.missingFacts.map((f, i) => (
            <Text key={i} fontSize="sm">
              · {f}
            </Text>
          ))}
        </Stack>
      )}
      <Note note={revision.note} />
    </Stack>
  );
}

/** Essay polish: each changed sentence against the original, accepted or kept one by one or all at once. */
export function PolishPanel({
  polish,
  handlers,
  onAll,
}: {
  polish: PolishComparison;
  handlers: Handlers;
  onAll: (accept: boolean) => void;
}) {
  const decided = polish.changes.filter((c) => handlers.decisions[c.id]).length;
  const pending = polish.changes.length - decided;
  return (
    <Stack gap="3" data-testid="polish-panel">
      <Header title="润色结果" offline={polish.offline} counts={{ total: polish.changes.length, decided }} />
      {polish.changes.length === 0 ? (
        <Text fontSize="sm" color="gray.600" data-testid="polish-empty">
          润色结果与原文相同，没有需要处理的句子。
        </Text>
      ) : (
        <>
          <HStack gap="2" justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              onClick={() => onAll(false)}
              disabled={handlers.disabled || pending === 0}
              data-testid="polish-keep-all"
            >
              <Undo2 size={14} /> 全部保留原文
            </Button>
            <Button
              size="xs"
              colorPalette="blue"
              onClick={() => onAll(true)}
              disabled={handlers.disabled || pending === 0}
              data-testid="polish-accept-all"
            >
              <Check size={14} /> 全部采纳
            </Button>
          </HStack>
          {polish.changes.map((c) => (
            <Card key={c.id} id={c.id} decided={!!handlers.decisions[c.id]} onShow={handlers.onShow}>
              <Replacement before={c.before} after={c.after} />
              <DecisionBar
                item={{ id: c.id, before: c.before, after: c.after }}
                decision={handlers.decisions[c.id]}
                acceptLabel="采纳"
                rejectLabel="保留原文"
                handlers={handlers}
              />
            </Card>
          ))}
        </>
      )}
      <Note note={polish.note} />
    </Stack>
  );
}

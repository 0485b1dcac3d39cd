import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from '@remix-run/react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { MATCH_BAND_LABELS } from '../../../contracts/school-match-constants';
import type { MatchResultListItem, SchoolMatchCase, ShortlistItem } from '../../../contracts/school-match';
import { RowActionButton, type PendingRowAction } from '~/components/ui/row-actions';
import { formatDateTime } from '~/services/dates';
import {
  applicantLine,
  BAND_PALETTES,
  CASE_RESULT_LABELS,
  DEGREE_LABELS,
  matchExportHref,
  probabilityRange,
  programName,
  schoolMatchHref,
} from '~/services/school-match';

type Ask = (action: PendingRowAction) => void;

export function Panel({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Box as="section" aria-label={title} bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid={testId}>
      <Flex justify="space-between" align="center" gap="3" mb="3" flexWrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}

/** 上一页 / 下一页 of one list on the page (`param`), the other parameters kept. */
export function Pager({ param, page, pageSize, total }: { param: string; page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (n: number) => {
    const copy = new URLSearchParams(params);
    copy.set(param, String(n));
    return `?${copy}`;
  };
  return (
    <HStack justify="flex-end" gap="2" mt="3" fontSize="sm">
      <Text color="gray.500">
        第 {page} / {pages} 页，共 {total} 条
      </Text>
      {page > 1 ? (
        <Button asChild size="xs" variant="outline">
          <Link to={href(page - 1)} preventScrollReset>
            上一页
          </Link>
        </Button>
      ) : null}
      {page < pages ? (
        <Button asChild size="xs" variant="outline">
          <Link to={href(page + 1)} preventScrollReset>
            下一页
          </Link>
        </Button>
      ) : null}
    </HStack>
  );
}

export const askRemoveShortlist = (item: ShortlistItem): PendingRowAction => ({
  intent: 'remove-shortlist',
  id: item.id,
  title: '从学生清单移除？',
  body: `将「${item.school} · ${programName(item)}」从该学生的选校清单中移除。选校结果本身不受影响。`,
  confirmText: '移除',
});

/** 学生的选校清单: the programs kept for the picked student. */
export function ShortlistPanel({
  studentName,
  items,
  error,
  onAsk,
}: {
  studentName: string;
  items: ShortlistItem[] | null;
  error: string | null;
  onAsk: Ask;
}) {
  return (
    <Panel title={`${studentName} 的选校清单`} testId="shortlist-panel">
      {error ? (
        <Text fontSize="sm" color="red.600" role="alert">
          选校清单暂时无法读取：{error}
        </Text>
      ) : !items || items.length === 0 ? (
        <Text fontSize="sm" color="gray.500" data-testid="shortlist-empty">
          清单还是空的。在选校结果中点「加入清单」，把确定要申请的项目留在这里。
        </Text>
      ) : (
        <Stack gap="2" data-testid="shortlist-items">
          {items.map((item) => (
            <Flex
              key={item.id}
              gap="2"
              justify="space-between"
              align="center"
              borderWidth="1px"
              rounded="md"
              px="3"
              py="2"
              flexWrap="wrap"
              data-testid="shortlist-item"
            >
              <Box minW="0" flex="1">
                <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                  {item.school} · {programName(item)}
                </Text>
                <HStack gap="2" fontSize="xs" color="gray.500" flexWrap="wrap">
                  {item.band && (
                    <Badge size="xs" colorPalette={BAND_PALETTES[item.band]}>
                      {MATCH_BAND_LABELS[item.band]}
                    </Badge>
                  )}
                  <Text>
                    {DEGREE_LABELS[item.degree]} · {item.country ?? '国家未知'}
                    {item.probability ? ` · ${probabilityRange(item.probability)}` : ''}
                  </Text>
                </HStack>
              </Box>
              <RowActionButton action={askRemoveShortlist(item)} onAsk={onAsk} label="移除" palette="red" testId="shortlist-remove" />
            </Flex>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export const askDeleteResult = (item: MatchResultListItem): PendingRowAction => ({
  intent: 'delete-result',
  id: item.id,
  title: '删除这次选校结果？',
  body: `${formatDateTime(item.createdAt)} 的选校结果（${item.programs} 个项目）将被删除，不能恢复。已加入学生清单的项目不受影响。`,
  confirmText: '删除',
});

/** 历史结果: the saved runs, newest first; open one, export it, or delete it. */
export function HistoryPanel({
  history,
  students,
  openedId,
  onAsk,
}: {
  history: { items: MatchResultListItem[]; page: number; pageSize: number; total: number };
  students: Array<{ id: string; name: string }>;
  openedId: string | null;
  onAsk: Ask;
}) {
  const nameOf = (id: string | null) => (id ? (students.find((s) => s.id === id)?.name ?? '学生') : null);
  return (
    <Panel title="历史结果" testId="history-panel">
      {history.items.length === 0 ? (
        <Text fontSize="sm" color="gray.500" data-testid="history-empty">
          还没有保存的选校结果。每次选校的结果都会自动保存在这里。
        </Text>
      ) : (
        <Stack gap="2">
          {history.items.map((item) => (
            <Flex
              key={item.id}
              gap="2"
              justify="space-between"
              align="center"
              borderWidth="1px"
              borderColor={item.id === openedId ? 'blue.300' : undefined}
              bg={item.id === openedId ? 'blue.50' : undefined}
              rounded="md"
              px="3"
              py="2"
              flexWrap="wrap"
              data-testid="history-item"
            >
              <Box minW="0" flex="1">
                <Text fontSize="sm" fontWeight="medium">
                  {formatDateTime(item.createdAt)}
                  {nameOf(item.clientProfileId) ? ` · ${nameOf(item.clientProfileId)}` : ' · 未关联学生'}
                </Text>
                <Text fontSize="xs" color="gray.500" wordBreak="break-word">
                  冲刺 {item.bands.reach} · 匹配 {item.bands.match} · 保底 {item.bands.safety} · {applicantLine(item.applicant)}
                </Text>
              </Box>
              <HStack gap="1" flexWrap="wrap">
                <Button asChild size="xs" variant="ghost" colorPalette="blue">
                  <Link to={schoolMatchHref({ clientId: item.clientProfileId, result: item.id })} data-testid="history-open">
                    打开
                  </Link>
                </Button>
                <Button asChild size="xs" variant="ghost">
                  <a href={matchExportHref(item.id, 'docx')} download aria-label="导出 Word">
                    <FileText size={12} /> Word
                  </a>
                </Button>
                <Button asChild size="xs" variant="ghost">
                  <a href={matchExportHref(item.id, 'xlsx')} download aria-label="导出 Excel">
                    <FileSpreadsheet size={12} /> Excel
                  </a>
                </Button>
                <RowActionButton action={askDeleteResult(item)} onAsk={onAsk} label="删除" palette="red" testId="history-delete" />
              </HStack>
            </Flex>
          ))}
        </Stack>
      )}
      <Pager param="hpage" page={history.page} pageSize={history.pageSize} total={history.total} />
    </Panel>
  );
}

export const askDeleteCase = (item: SchoolMatchCase): PendingRowAction => ({
  intent: 'delete-case',
  id: item.id,
  title: '删除这条案例？',
  body: `「${item.school} · ${programName(item)}」${CASE_RESULT_LABELS[item.result]}${item.term ? `（${item.term}）` : ''}。删除后不再用于本账号的选校，不能恢复。`,
  confirmText: '删除',
});

export const caseLine = (c: SchoolMatchCase) =>
  [
    c.gpa != null ? `GPA ${c.gpa}${c.gpaScale ? `/${c.gpaScale}` : ''}` : null,
    c.schoolTier,
    c.ielts != null ? `雅思 ${c.ielts}` : null,
    c.toefl != null ? `托福 ${c.toefl}` : null,
    c.greV != null && c.greQ != null ? `GRE ${c.greV + c.greQ}` : null,
    c.gmat != null ? `GMAT ${c.gmat}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  HStack,
  Link as ChakraLink,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ExternalLink, ListPlus, NotebookPen } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { MATCH_BAND_LABELS } from '../../../contracts/school-match-constants';
import type { MatchItem, Program } from '../../../contracts/school-match';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { BAND_PALETTES, DEGREE_LABELS, probabilityText, programName, usd } from '~/services/school-match';
import { MethodBadge } from './match-results';

/**
 * The program as the catalogue has it now (GET /school-match/programs?query=, matched by id): its
 * source, verified date and this account's case count, which a recorded outcome moves.
 */
export function useProgramRecord(item: Pick<MatchItem, 'programId' | 'school' | 'program'> | null, refreshKey: number) {
  const id = item?.programId ?? null;
  const query = item ? `${item.school} ${item.program}`.slice(0, 100) : '';
  const key = id ? `${id}|${refreshKey}` : null;
  // Each answer is kept with the read it answers; while a new read runs, the last record of the
  // same program stays on screen (its case count is replaced when the answer arrives).
  const [answer, setAnswer] = useState<{ key: string; id: string; program: Program | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!id || !key) return;
    const controller = new AbortController();
    resourceFetch<{ items: Program[] }>(`school-match/programs?${new URLSearchParams({ query, pageSize: '50' })}`, {
      signal: controller.signal,
    })
      .then((page) => {
        const program = page.items.find((p) => p.id === id) ?? null;
        setAnswer({ key, id, program, error: program ? null : '项目库中已没有这个项目' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, id, program: null, error: error instanceof Error ? error.message : '读取项目信息失败' });
      });
    return () => controller.abort();
  }, [id, key, query]);
  const same = answer && answer.id === id ? answer : null;
  return { program: same?.program ?? null, error: same?.key === key ? same.error : null, loading: key !== null && answer?.key !== key };
}

const unknown = (v: ReactNode) => (v === null || v === undefined || v === '' ? '未知' : v);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="1.5" data-testid={testId}>
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gapX="4" gapY="1.5" fontSize="sm">
      {rows.map(([label, value]) => (
        <Box key={label} minW="0">
          <Text as="dt" fontSize="xs" color="gray.500">
            {label}
          </Text>
          <Text as="dd" wordBreak="break-word">
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function ProgramFacts({ program }: { program: Program }) {
  const gpa = [
    ['985', program.gpa985],
    ['211', program.gpa211],
    ['双非', program.gpaShuangfei],
    ['海本', program.gpaOverseas],
  ]
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k} ${v}`)
    .join('，');
  const money = (v: number | null) => (v === null ? '未知' : `${v.toLocaleString('en-US')} ${program.tuitionCurrency ?? ''}`.trim());
  return (
    <Facts
      rows={[
        ['数据来源', unknown(program.source)],
        [
          '核实日期',
          <HStack as="span" gap="1" key="v">
            <span data-testid="drawer-verified">{unknown(program.verifiedAt)}</span>
            {program.stale && (
              <Badge size="xs" colorPalette="orange" data-testid="drawer-stale">
                信息可能已过期
              </Badge>
            )}
          </HStack>,
        ],
        ['学制', unknown(program.duration)],
        ['学费/年', money(program.tuition)],
        ['生活费/年', money(program.livingCost)],
        ['截止日期', program.deadlines.length ? program.deadlines.join('、') : '未知'],
        [
          '雅思',
          program.ieltsOverall === null
            ? '未知'
            : `总分 ${program.ieltsOverall}${program.ieltsMinBand !== null ? `，单项不低于 ${program.ieltsMinBand}` : ''}`,
        ],
        [
          '托福',
          program.toeflTotal === null
            ? '未知'
            : `总分 ${program.toeflTotal}${program.toeflMinSection !== null ? `，单项不低于 ${program.toeflMinSection}` : ''}`,
        ],
        ['GPA 参考', gpa ? `${gpa}${program.gpaScale ? `（满分 ${program.gpaScale}）` : ''}` : '未知'],
        ['标化考试', program.testsRequired.length ? program.testsRequired.map((t) => t.toUpperCase()).join('、') : '未要求或未知'],
        ['录取率', program.admissionRate === null ? '未知' : `${Math.round(program.admissionRate * 100)}%`],
        ['排名', program.ranking === null ? '未知' : `${program.ranking}${program.rankingSource ? `（${program.rankingSource}）` : ''}`],
      ]}
    />
  );
}

/** The drawer's body: evidence, gaps, cost, similar cases and the program's record. */
function DrawerBody({ item, record }: { item: MatchItem; record: ReturnType<typeof useProgramRecord> }) {
  const evidence = item.evidence.filter((e) => e.kind !== 'similar_case');
  const similar = item.evidence.filter((e) => e.kind === 'similar_case');
  return (
    <Drawer.Body>
      <Stack gap="5">
        <HStack gap="2" flexWrap="wrap">
          <Text fontSize="sm" data-testid="drawer-cases-count">
            {record.program ? `本机构案例 ${record.program.casesCount} 条` : record.loading ? '读取项目信息…' : ''}
          </Text>
          {record.loading && <Spinner size="xs" />}
        </HStack>
        <Section title="依据" testId="drawer-evidence">
          {evidence.length === 0 ? (
            <Text fontSize="sm" color="gray.500">
              没有可比对的依据。
            </Text>
          ) : (
            <Stack as="ul" gap="1" ps="4" listStyleType="disc" fontSize="sm">
              {evidence.map((e, i) => (
                <li key={i} data-testid="evidence-line" data-kind={e.kind}>
                  {e.text}
                </li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="差距" testId="drawer-gaps">
          {item.gaps.length === 0 ? (
            <Text fontSize="sm" color="gray.500">
              没有发现未满足的要求（未知的要求不计）。
            </Text>
          ) : (
            <Stack as="ul" gap="1" ps="4" listStyleType="disc" fontSize="sm" color="orange.800">
              {item.gaps.map((g, i) => (
                <li key={i}>{g.text}</li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="费用">
          {item.cost ? (
            <Stack gap="1" fontSize="sm">
              <Text>{item.cost.text}</Text>
              <Text color="gray.500" fontSize="xs">
                学费 {usd(item.cost.tuitionUsd)}，生活费 {usd(item.cost.livingUsd)}，合计 {usd(item.cost.totalUsd)}，预算{' '}
                {usd(item.cost.budgetUsd)}
              </Text>
            </Stack>
          ) : (
            <Text fontSize="sm" color="gray.500">
              费用未知。
            </Text>
          )}
        </Section>
        <Section title="相似案例" testId="drawer-similar">
          {similar.length === 0 ? (
            <Text fontSize="sm" color="gray.500">
              本机构还没有该项目的相似案例。
            </Text>
          ) : (
            <Stack as="ul" gap="1" ps="4" listStyleType="disc" fontSize="sm">
              {similar.map((e, i) => (
                <li key={i}>{e.text}</li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="项目信息" testId="drawer-program">
          {record.error && (
            <Text fontSize="sm" color="red.600" role="alert">
              {record.error}
            </Text>
          )}
          {record.program && <ProgramFacts program={record.program} />}
          {record.program?.officialUrl ? (
            <ChakraLink
              href={record.program.officialUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="blue.700"
              fontSize="sm"
              data-testid="drawer-official"
            >
              项目官网 <ExternalLink size={12} />
            </ChakraLink>
          ) : (
            record.program && (
              <Text fontSize="sm" color="gray.500">
                官网链接未知
              </Text>
            )
          )}
          <Text fontSize="xs" color="gray.500">
            要求与截止日期以学校官网为准。
          </Text>
        </Section>
      </Stack>
    </Drawer.Body>
  );
}

/** A program's evidence: every line the model computed, the gaps, cost, similar cases, and where its data came from. */
export function ProgramDrawer({
  item,
  refreshKey,
  onClose,
  onShortlist,
  shortlisted,
  onRecordOutcome,
}: {
  item: MatchItem | null;
  refreshKey: number;
  onClose: () => void;
  onShortlist: ((item: MatchItem) => void) | null;
  shortlisted: boolean;
  onRecordOutcome: (item: MatchItem) => void;
}) {
  const record = useProgramRecord(item, refreshKey);
  return (
    <Drawer.Root open={item !== null} onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="program-drawer">
            {item && (
              <>
                <Drawer.Header>
                  <Stack gap="1">
                    <Drawer.Title>{item.school}</Drawer.Title>
                    <Text fontSize="sm" color="gray.700">
                      {programName(item)}
                    </Text>
                    <HStack gap="2" flexWrap="wrap" fontSize="sm">
                      <Badge colorPalette={BAND_PALETTES[item.band]}>{MATCH_BAND_LABELS[item.band]}</Badge>
                      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                        {probabilityText(item)}
                      </Text>
                      <MethodBadge item={item} />
                      <Text color="gray.500">
                        {DEGREE_LABELS[item.degree]} · {item.country ?? '国家未知'}
                      </Text>
                    </HStack>
                  </Stack>
                </Drawer.Header>
                <DrawerBody item={item} record={record} />
                <Drawer.Footer gap="2" flexWrap="wrap">
                  {onShortlist && (
                    <Button size="sm" variant="outline" colorPalette="green" disabled={shortlisted} onClick={() => onShortlist(item)}>
                      <ListPlus size={14} /> {shortlisted ? '已在清单' : '加入学生清单'}
                    </Button>
                  )}
                  <Button size="sm" colorPalette="blue" onClick={() => onRecordOutcome(item)} data-testid="drawer-record-outcome">
                    <NotebookPen size={14} /> 记录录取结果
                  </Button>
                </Drawer.Footer>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="关闭" />
                </Drawer.CloseTrigger>
              </>
            )}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

import { Badge, Box, Button, Checkbox, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form, useSearchParams, useSubmit } from '@remix-run/react';
import { Columns3, FileSpreadsheet, FileText, ListPlus, Rows3, TriangleAlert } from 'lucide-react';
import { MATCH_BAND_LABELS, MATCH_BANDS } from '../../../contracts/school-match-constants';
import type { MatchItem, SavedMatchResult } from '../../../contracts/school-match';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { formatDateTime } from '~/services/dates';
import {
  BAND_PALETTES,
  byBand,
  countriesOf,
  DEGREE_LABELS,
  filterMatchItems,
  hasFilters,
  matchExportHref,
  METHOD_LABELS,
  probabilityText,
  programName,
  topGap,
  usd,
  type MatchFilters,
  type MatchView,
} from '~/services/school-match';

export type ResultActions = {
  compare: string[];
  onToggleCompare: (programId: string) => void;
  onOpen: (item: MatchItem) => void;
  /** Null without a student: the list is a student's. */
  onShortlist: ((item: MatchItem) => void) | null;
  shortlisted: Set<string>;
};

/** The filter bar: a GET form on the page's address (a filtered list can be reloaded and linked). */
function FilterBar({ items, filters, view }: { items: MatchItem[]; filters: MatchFilters; view: MatchView }) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const send = (form: HTMLFormElement | null) => form && submit(form, { replace: true, preventScrollReset: true });
  const keep = ['clientId', 'result'].flatMap((name) => {
    const v = params.get(name);
    return v ? [[name, v] as [string, string]] : [];
  });
  const countries = countriesOf(items);
  const degrees = [...new Set(items.map((i) => i.degree))];
  return (
    <Form
      method="get"
      preventScrollReset
      replace
      aria-label="筛选选校结果"
      data-testid="match-filters"
      onSubmit={(e) => {
        e.preventDefault();
        send(e.currentTarget);
      }}
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="view" value={view} />
      <Flex gap="2" flexWrap="wrap" align="flex-end">
        <NativeSelect.Root size="sm" width={{ base: 'full', sm: '40' }}>
          <NativeSelect.Field
            key={filters.country}
            name="country"
            defaultValue={filters.country}
            aria-label="国家/地区"
            bg="white"
            onChange={(e) => send(e.currentTarget.form)}
            data-testid="filter-country"
          >
            <option value="">全部国家/地区</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width={{ base: 'full', sm: '32' }}>
          <NativeSelect.Field
            key={filters.degree}
            name="degree"
            defaultValue={filters.degree}
            aria-label="学位"
            bg="white"
            onChange={(e) => send(e.currentTarget.form)}
            data-testid="filter-degree"
          >
            <option value="">全部学位</option>
            {degrees.map((d) => (
              <option key={d} value={d}>
                {DEGREE_LABELS[d]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          key={`t${filters.maxTuition ?? ''}`}
          size="sm"
          bg="white"
          name="maxTuition"
          defaultValue={filters.maxTuition ?? ''}
          inputMode="numeric"
          placeholder="学费上限（美元/年）"
          aria-label="学费上限（美元/年）"
          width={{ base: 'full', sm: '44' }}
          data-testid="filter-tuition"
        />
        <Input
          key={`p${filters.minProbability ?? ''}`}
          size="sm"
          bg="white"
          name="minProb"
          defaultValue={filters.minProbability ?? ''}
          inputMode="numeric"
          placeholder="最低录取概率（%）"
          aria-label="最低录取概率（%）"
          width={{ base: 'full', sm: '40' }}
          data-testid="filter-probability"
        />
        <Button type="submit" size="sm" variant="outline" bg="white">
          筛选
        </Button>
        {hasFilters(filters) && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => submit(new URLSearchParams([...keep, ['view', view]]), { replace: true, preventScrollReset: true })}
          >
            清除筛选
          </Button>
        )}
      </Flex>
    </Form>
  );
}

function ViewToggle({ view }: { view: MatchView }) {
  const [params, setParams] = useSearchParams();
  const choose = (next: MatchView) => {
    const copy = new URLSearchParams(params);
    copy.set('view', next);
    setParams(copy, { replace: true, preventScrollReset: true });
  };
  return (
    <HStack gap="1" role="group" aria-label="显示方式">
      <Button
        size="xs"
        variant={view === 'columns' ? 'solid' : 'outline'}
        onClick={() => choose('columns')}
        aria-pressed={view === 'columns'}
      >
        <Columns3 size={14} /> 分档
      </Button>
      <Button
        size="xs"
        variant={view === 'table' ? 'solid' : 'outline'}
        onClick={() => choose('table')}
        aria-pressed={view === 'table'}
        data-testid="view-table"
      >
        <Rows3 size={14} /> 表格
      </Button>
    </HStack>
  );
}

export function MethodBadge({ item }: { item: Pick<MatchItem, 'method'> }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={item.method === 'requirements' ? 'gray' : 'purple'}>
      {METHOD_LABELS[item.method]}
    </Badge>
  );
}

function CompareBox({ item, actions, compact = false }: { item: MatchItem; actions: ResultActions; compact?: boolean }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={actions.compare.includes(item.programId)}
      onCheckedChange={() => actions.onToggleCompare(item.programId)}
      data-testid="compare-toggle"
    >
      <Checkbox.HiddenInput aria-label={`对比 ${item.school} ${item.program}`} />
      <Checkbox.Control />
      {!compact && <Checkbox.Label fontSize="xs">对比</Checkbox.Label>}
    </Checkbox.Root>
  );
}

function ShortlistButton({ item, actions }: { item: MatchItem; actions: ResultActions }) {
  if (!actions.onShortlist) return null;
  const done = actions.shortlisted.has(item.programId);
  return (
    <Button
      size="xs"
      variant="ghost"
      colorPalette="green"
      disabled={done}
      onClick={() => actions.onShortlist?.(item)}
      data-testid="shortlist-add"
    >
      <ListPlus size={12} /> {done ? '已在清单' : '加入清单'}
    </Button>
  );
}

function ProgramCard({ item, actions }: { item: MatchItem; actions: ResultActions }) {
  const gap = topGap(item);
  return (
    <Box borderWidth="1px" rounded="lg" p="3" bg="white" data-testid="match-card" data-program={item.programId}>
      <Stack gap="1.5">
        <Text fontWeight="semibold" fontSize="sm" wordBreak="break-word">
          {item.school}
        </Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-word">
          {programName(item)}
        </Text>
        <Text fontSize="xs" color="gray.500">
          {DEGREE_LABELS[item.degree]} · {item.country ?? '国家未知'}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="match-probability">
            {probabilityText(item)}
          </Text>
          <MethodBadge item={item} />
        </HStack>
        {gap && (
          <HStack gap="1" align="flex-start" color="orange.700" fontSize="xs">
            <Box pt="0.5" flexShrink="0">
              <TriangleAlert size={12} />
            </Box>
            <Text data-testid="match-gap">{gap}</Text>
          </HStack>
        )}
        <Flex gap="1" justify="space-between" align="center" flexWrap="wrap" pt="1">
          <CompareBox item={item} actions={actions} />
          <HStack gap="1">
            <ShortlistButton item={item} actions={actions} />
            <Button size="xs" variant="outline" onClick={() => actions.onOpen(item)} data-testid="match-open">
              查看依据
            </Button>
          </HStack>
        </Flex>
      </Stack>
    </Box>
  );
}

function Columns({ items, actions }: { items: MatchItem[]; actions: ResultActions }) {
  const groups = byBand(items);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-testid="match-columns">
      {MATCH_BANDS.map((band) => (
        <Stack key={band} gap="2" bg="gray.50" rounded="lg" p="2" minW="0" data-testid={`band-${band}`}>
          <HStack justify="space-between" px="1">
            <Badge colorPalette={BAND_PALETTES[band]} variant="solid" size="md">
              {MATCH_BAND_LABELS[band]}
            </Badge>
            <Text fontSize="xs" color="gray.500">
              {groups[band].length} 个
            </Text>
          </HStack>
          {groups[band].length === 0 ? (
            <Text fontSize="sm" color="gray.400" px="1" py="2">
              没有{MATCH_BAND_LABELS[band]}项目
            </Text>
          ) : (
            groups[band].map((item) => <ProgramCard key={item.programId} item={item} actions={actions} />)
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function ResultTable({ items, actions }: { items: MatchItem[]; actions: ResultActions }) {
  const columns: Column<MatchItem>[] = [
    { key: 'compare', header: '对比', cell: (i) => <CompareBox item={i} actions={actions} compact /> },
    { key: 'school', header: '学校', cell: (i) => i.school, cellProps: { minW: '40', whiteSpace: 'normal' } },
    { key: 'program', header: '项目', cell: (i) => programName(i), cellProps: { minW: '48', whiteSpace: 'normal' } },
    { key: 'degree', header: '学位', cell: (i) => DEGREE_LABELS[i.degree], cellProps: { whiteSpace: 'nowrap' } },
    { key: 'country', header: '国家/地区', cell: (i) => i.country ?? '未知', cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'band',
      header: '分档',
      cell: (i) => (
        <Badge colorPalette={BAND_PALETTES[i.band]} size="sm">
          {MATCH_BAND_LABELS[i.band]}
        </Badge>
      ),
    },
    {
      key: 'probability',
      header: '录取概率',
      cell: (i) => probabilityText(i),
      cellProps: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    },
    { key: 'method', header: '依据', cell: (i) => <MethodBadge item={i} /> },
    { key: 'tuition', header: '学费/年', cell: (i) => usd(i.cost?.tuitionUsd), cellProps: { whiteSpace: 'nowrap' } },
    { key: 'gap', header: '主要差距', cell: (i) => topGap(i) ?? '—', cellProps: { minW: '56', whiteSpace: 'normal' } },
    {
      key: 'actions',
      header: '操作',
      cell: (i) => (
        <HStack gap="1">
          <ShortlistButton item={i} actions={actions} />
          <Button size="xs" variant="outline" onClick={() => actions.onOpen(i)} data-testid="match-open">
            查看依据
          </Button>
        </HStack>
      ),
    },
  ];
  return (
    <Box borderWidth="1px" rounded="lg" bg="white" overflow="hidden">
      <DataTable columns={columns} rows={items} rowKey={(i) => i.programId} testId="match-table" />
    </Box>
  );
}

/** The narrative (with its fact check) when a model wrote one, else the structured summary lines. */
function Summary({ result }: { result: SavedMatchResult }) {
  if (result.narrative) {
    return (
      <Stack gap="2" data-testid="match-narrative">
        <Text fontSize="sm" whiteSpace="pre-wrap" lineHeight="1.8">
          {result.narrative.text}
        </Text>
        {result.narrative.unsupported.length > 0 && (
          <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" p="2" fontSize="xs" color="orange.800">
            事实核查：以下内容在选校结果中找不到依据，请核对后再使用：
            {result.narrative.unsupported.map((u) => u.text).join('、')}
          </Box>
        )}
        <Text fontSize="xs" color="gray.500">
          由 {result.narrative.model} 根据下方计算结果撰写，仅供参考。
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="2" data-testid="match-summary">
      {result.summary
        .filter((band) => band.lines.length > 0)
        .map((band) => (
          <Box key={band.band}>
            <Text fontSize="sm" fontWeight="semibold">
              {band.title}
            </Text>
            <Stack as="ul" gap="0.5" ps="4" fontSize="sm" color="gray.700" listStyleType="disc">
              {band.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </Stack>
          </Box>
        ))}
    </Stack>
  );
}

/** The opened result: its summary, filters, and the programs as three columns or a table. */
export function MatchResults({
  result,
  studentName,
  filters,
  view,
  actions,
  onCompare,
}: {
  result: SavedMatchResult;
  studentName: string | null;
  filters: MatchFilters;
  view: MatchView;
  actions: ResultActions;
  onCompare: () => void;
}) {
  const items = filterMatchItems(result.items, filters);
  return (
    <Box as="section" aria-label="选校结果" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid="match-result">
      <Stack gap="4">
        <Flex justify="space-between" gap="3" flexWrap="wrap" align="flex-start">
          <Box>
            <Heading as="h2" size="md">
              选校结果{studentName ? `：${studentName}` : ''}
            </Heading>
            <Text fontSize="xs" color="gray.500" mt="1">
              {formatDateTime(result.createdAt)} · 共 {result.items.length} 个项目 · 本机构案例 {result.methods.cases} 个、Scorecard 录取率{' '}
              {result.methods.scorecard} 个、仅比对要求 {result.methods.requirements} 个
            </Text>
          </Box>
          <HStack gap="2" flexWrap="wrap">
            <Button asChild size="xs" variant="outline">
              <a href={matchExportHref(result.id, 'docx')} download data-testid="export-docx">
                <FileText size={14} /> 导出 Word
              </a>
            </Button>
            <Button asChild size="xs" variant="outline">
              <a href={matchExportHref(result.id, 'xlsx')} download data-testid="export-xlsx">
                <FileSpreadsheet size={14} /> 导出 Excel
              </a>
            </Button>
          </HStack>
        </Flex>
        <Summary result={result} />
        <Text fontSize="xs" color="gray.500">
          录取概率是区间而非精确值：案例越少区间越宽；「仅比对要求」表示既没有本机构案例也没有公开录取率，只列出要求是否满足。院校要求以官网为准。
        </Text>
        {result.items.length === 0 ? (
          <Text color="gray.500" fontSize="sm" data-testid="match-empty">
            没有找到符合申请目标的项目。可以放宽目标国家或专业方向，或在表单中直接指定要评估的项目。
          </Text>
        ) : (
          <>
            <Flex justify="space-between" gap="3" flexWrap="wrap" align="flex-end">
              <FilterBar items={result.items} filters={filters} view={view} />
              <HStack gap="2" flexWrap="wrap">
                <Button size="xs" colorPalette="blue" disabled={actions.compare.length < 2} onClick={onCompare} data-testid="compare-open">
                  对比所选（{actions.compare.length}/4）
                </Button>
                <ViewToggle view={view} />
              </HStack>
            </Flex>
            {items.length === 0 ? (
              <Text color="gray.500" fontSize="sm" data-testid="match-filtered-empty">
                没有符合筛选条件的项目，请调整或清除筛选。
              </Text>
            ) : view === 'table' ? (
              <ResultTable items={items} actions={actions} />
            ) : (
              <Columns items={items} actions={actions} />
            )}
            {items.length < result.items.length && (
              <Text fontSize="xs" color="gray.500">
                已按筛选条件显示 {items.length} / {result.items.length} 个项目。
              </Text>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

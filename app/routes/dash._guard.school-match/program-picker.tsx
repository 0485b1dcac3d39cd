import { Badge, Box, Button, CloseButton, HStack, Input, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RUN_LIMIT_MAX } from '../../../contracts/school-match-constants';
import type { Program } from '../../../contracts/school-match';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { DEGREE_LABELS, programName, type PickedProgram } from '~/services/school-match';

const SEARCH_DELAY_MS = 300;

/** The catalogue's programs (the shared one and this account's), searched by name: up to 50 at a time. */
export function useProgramSearch(query: string) {
  const q = query.trim();
  // Each answer is kept with the query it answers: loading is an answer not yet for this query.
  const [answer, setAnswer] = useState<{ query: string; items: Program[]; total: number; error: string | null } | null>(null);
  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      resourceFetch<{ items: Program[]; total: number }>(`school-match/programs?${new URLSearchParams({ query: q, pageSize: '50' })}`, {
        signal: controller.signal,
      })
        .then((page) => setAnswer({ query: q, items: page.items, total: page.total, error: null }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ query: q, items: [], total: 0, error: error instanceof Error ? error.message : '搜索失败，请重试' });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  const current = q && answer?.query === q ? answer : null;
  return { items: current?.items ?? [], total: current?.total ?? 0, error: current?.error ?? null, loading: Boolean(q) && !current };
}

export const programLabel = (p: Pick<Program, 'school' | 'program' | 'programZh' | 'degree'>) =>
  `${p.school} · ${programName(p)} · ${DEGREE_LABELS[p.degree]}`;

/** 「评估这些项目」: picked programs are evaluated exactly; none picked, the catalogue is searched by the targets. */
export function ProgramPicker({
  picked,
  onChange,
  disabled,
}: {
  picked: PickedProgram[];
  onChange: (picked: PickedProgram[]) => void;
  disabled: boolean;
}) {
  const [query, setQuery] = useState('');
  const search = useProgramSearch(query);
  const full = picked.length >= RUN_LIMIT_MAX;
  return (
    <Stack gap="2" data-testid="program-picker">
      <Text fontSize="sm" fontWeight="medium">
        评估指定项目（可选）
      </Text>
      <Text fontSize="xs" color="gray.500">
        不选时按申请目标（国家、学位、专业方向）从项目库中查找；选了则只评估所选项目，最多 {RUN_LIMIT_MAX} 个。
      </Text>
      {picked.length > 0 && (
        <Wrap gap="2" data-testid="picked-programs">
          {picked.map((p) => (
            <Badge key={p.id} variant="subtle" colorPalette="blue" size="md" maxW="full" pe="0">
              <Text as="span" truncate maxW={{ base: '64', md: 'sm' }} title={p.label}>
                {p.label}
              </Text>
              <CloseButton
                size="2xs"
                aria-label={`移除 ${p.label}`}
                disabled={disabled}
                onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
              />
            </Badge>
          ))}
        </Wrap>
      )}
      <Input
        size="sm"
        bg="white"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder="输入学校或项目名称搜索，如 Imperial、Computing"
        aria-label="搜索项目"
        maxLength={100}
        disabled={disabled}
        data-testid="program-search"
      />
      {search.loading && (
        <HStack fontSize="sm" color="gray.500">
          <Spinner size="xs" /> <Text>搜索中…</Text>
        </HStack>
      )}
      {search.error && (
        <Text fontSize="sm" color="red.600" role="alert">
          {search.error}
        </Text>
      )}
      {!search.loading && query.trim() && !search.error && search.items.length === 0 && (
        <Text fontSize="sm" color="gray.500">
          没有找到匹配的项目。项目库由管理员导入；也可以在「案例库」录入案例，案例中的项目会加入您的项目库。
        </Text>
      )}
      {search.items.length > 0 && (
        <Box borderWidth="1px" rounded="md" maxH="56" overflowY="auto" bg="white" data-testid="program-search-results">
          {search.items.map((p) => {
            const chosen = picked.some((x) => x.id === p.id);
            return (
              <HStack key={p.id} px="3" py="1.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} justify="space-between" gap="2">
                <Box minW="0">
                  <Text fontSize="sm" truncate title={programLabel(p)}>
                    {programLabel(p)}
                  </Text>
                  <Text fontSize="xs" color="gray.500">
                    {p.country ?? '国家未知'}
                    {p.casesCount > 0 ? ` · 本机构案例 ${p.casesCount} 条` : ''}
                    {p.shared ? '' : ' · 本账号录入'}
                  </Text>
                </Box>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={disabled || chosen || full}
                  onClick={() => onChange([...picked, { id: p.id, label: programLabel(p) }])}
                  aria-label={`添加 ${programLabel(p)}`}
                  data-testid="program-add"
                >
                  {chosen ? (
                    '已选'
                  ) : (
                    <>
                      <Plus size={12} /> 选择
                    </>
                  )}
                </Button>
              </HStack>
            );
          })}
          {search.total > search.items.length && (
            <Text fontSize="xs" color="gray.500" px="3" py="1.5">
              共 {search.total} 个结果，只显示前 {search.items.length} 个，请输入更具体的名称。
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}

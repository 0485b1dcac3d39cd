import { Badge, Box, Button, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { CASE_CSV_COLUMNS } from '../../../contracts/school-match-constants';
import type { CaseImportResult, SchoolMatchCase } from '../../../contracts/school-match';
import { RowActionButton, type PendingRowAction } from '~/components/ui/row-actions';
import { FormAlert } from '~/components/ui/form-alert';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { formatDateTime } from '~/services/dates';
import { CASE_RESULT_LABELS, DEGREE_LABELS, programName } from '~/services/school-match';
import { askDeleteCase, caseLine, Pager, Panel } from './panels';

const RESULT_PALETTES = { admitted: 'green', rejected: 'red', waitlisted: 'orange' } as const;

/** CSV import of cases: a dry run lists the rows it would refuse, by number, and writes nothing. */
function CaseImport({ hydrated }: { hydrated: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ dryRun: boolean; result: CaseImportResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  async function send() {
    if (!file) return setError('请先选择 CSV 文件');
    const form = new FormData();
    form.append('file', file);
    form.append('dryRun', dryRun ? 'true' : 'false');
    setBusy(true);
    setError(null);
    try {
      const result = await resourceFetch<CaseImportResult>('school-match/cases/import', { method: 'POST', body: form });
      setAnswer({ dryRun, result });
      if (!dryRun) revalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '导入失败，请重试');
    } finally {
      setBusy(false);
    }
  }
  if (!hydrated) return null;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="gray.50" data-testid="case-import">
      <Text fontSize="sm" fontWeight="medium">
        从 CSV 批量导入
      </Text>
      <Text fontSize="xs" color="gray.600" wordBreak="break-all">
        表头：{CASE_CSV_COLUMNS.join(', ')}。必填
        school、program、degree（bachelor/master/phd/other）、result（admitted/rejected/waitlisted）；UTF-8 或 GBK 编码。
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setAnswer(null);
          }}
          data-testid="case-import-file"
        />
        <Button size="sm" variant="outline" bg="white" onClick={() => input.current?.click()}>
          <Upload size={14} /> 选择文件
        </Button>
        <Text fontSize="sm" color="gray.600" truncate maxW="60">
          {file ? file.name : '未选择文件'}
        </Text>
        <Checkbox.Root size="sm" checked={dryRun} onCheckedChange={(e) => setDryRun(e.checked === true)} data-testid="case-import-dry">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>试导入（只检查，不写入）</Checkbox.Label>
        </Checkbox.Root>
        <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void send()} data-testid="case-import-submit">
          {dryRun ? '检查文件' : '导入'}
        </Button>
      </HStack>
      <FormAlert>{error}</FormAlert>
      {answer && (
        <Stack gap="1" fontSize="sm" data-testid="case-import-result">
          <Text color={answer.result.errors.length ? 'orange.700' : 'green.700'}>
            {answer.dryRun ? '试导入（未写入）：可导入' : '已导入'} {answer.result.imported} 条，跳过 {answer.result.skipped} 条
            {answer.result.errors.length ? `，${answer.result.errors.length} 行有错误：` : '。'}
          </Text>
          {answer.result.errors.length > 0 && (
            <Box
              as="ul"
              ps="4"
              listStyleType="disc"
              maxH="40"
              overflowY="auto"
              fontSize="xs"
              color="red.700"
              data-testid="case-import-errors"
            >
              {answer.result.errors.slice(0, 200).map((e, i) => (
                <li key={i}>
                  第 {e.row} 行：{e.message}
                </li>
              ))}
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** 案例库: this account's recorded outcomes (never another account's), paged; delete one; import a CSV. */
export function CaseLibrary({
  cases,
  onAsk,
  hydrated,
}: {
  cases: { items: SchoolMatchCase[]; page: number; pageSize: number; total: number };
  onAsk: (action: PendingRowAction) => void;
  hydrated: boolean;
}) {
  return (
    <Panel title={`案例库（${cases.total}）`} testId="case-library">
      <Stack gap="3">
        <Text fontSize="xs" color="gray.500">
          本机构的录取结果只用于本账号的选校：项目案例越多，录取概率越贴近本机构的实际，区间也越窄。
        </Text>
        <CaseImport hydrated={hydrated} />
        {cases.items.length === 0 ? (
          <Text fontSize="sm" color="gray.500" data-testid="cases-empty">
            还没有案例。在选校结果的项目详情中点「记录录取结果」，或用 CSV 批量导入。
          </Text>
        ) : (
          <Stack gap="2">
            {cases.items.map((c) => (
              <Flex
                key={c.id}
                gap="2"
                justify="space-between"
                align="center"
                borderWidth="1px"
                rounded="md"
                px="3"
                py="2"
                flexWrap="wrap"
                data-testid="case-item"
              >
                <Box minW="0" flex="1">
                  <HStack gap="2" flexWrap="wrap">
                    <Badge size="xs" colorPalette={RESULT_PALETTES[c.result]}>
                      {CASE_RESULT_LABELS[c.result]}
                    </Badge>
                    <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                      {c.school} · {programName(c)} · {DEGREE_LABELS[c.degree]}
                    </Text>
                  </HStack>
                  <Text fontSize="xs" color="gray.500">
                    {[c.term, caseLine(c), `录入于 ${formatDateTime(c.createdAt)}`].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
                <RowActionButton action={askDeleteCase(c)} onAsk={onAsk} label="删除" palette="red" testId="case-delete" />
              </Flex>
            ))}
          </Stack>
        )}
        <Pager param="cpage" page={cases.page} pageSize={cases.pageSize} total={cases.total} />
      </Stack>
    </Panel>
  );
}

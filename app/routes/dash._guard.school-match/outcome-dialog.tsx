import { Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CASE_RESULTS } from '../../../contracts/school-match-constants';
import type { CaseResult, MatchApplicant, MatchItem } from '../../../contracts/school-match';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { applicantLine, CASE_RESULT_LABELS, caseSnapshotOf, programName } from '~/services/school-match';

/**
 * 记录录取结果: the program's outcome for this applicant, kept in the case library with the
 * applicant's scores as the run used them, anonymised (no name, no contact).
 */
export function OutcomeDialog({
  item,
  applicant,
  onClose,
  onRecorded,
}: {
  item: MatchItem | null;
  applicant: MatchApplicant;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const [result, setResult] = useState<CaseResult>('admitted');
  const [term, setTerm] = useState(applicant.intake ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    if (!item) return;
    setBusy(true);
    setError(null);
    try {
      await resourceFetch('school-match/cases', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ programId: item.programId, result, term: term.trim() || null, ...caseSnapshotOf(applicant) }),
      });
      onRecorded();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '记录失败，请重试');
    } finally {
      setBusy(false);
    }
  }
  return (
    <AppDialog
      title="记录录取结果"
      open={item !== null}
      onOpenChange={(e) => {
        if (!e.open) {
          setError(null);
          onClose();
        }
      }}
      testId="outcome-dialog"
      footer={
        <Button colorPalette="blue" loading={busy} onClick={() => void save()} data-testid="outcome-save">
          保存到案例库
        </Button>
      }
    >
      {item && (
        <Stack gap="3">
          <Text fontSize="sm">
            {item.school} · {programName(item)}
          </Text>
          <FormField label="结果" required>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={result}
                onChange={(e) => setResult(e.currentTarget.value as CaseResult)}
                aria-label="结果"
                data-testid="outcome-result"
              >
                {CASE_RESULTS.map((r) => (
                  <option key={r} value={r}>
                    {CASE_RESULT_LABELS[r]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="入学学期">
            <Input size="sm" value={term} onChange={(e) => setTerm(e.currentTarget.value)} maxLength={40} placeholder="如 2026 Fall" />
          </FormField>
          <Text fontSize="xs" color="gray.600" data-testid="outcome-snapshot">
            保存的匿名档案（不含姓名和联系方式）：{applicantLine(applicant)}
          </Text>
          <Text fontSize="xs" color="gray.500">
            案例只用于本账号的选校，不会被其他账号看到或使用。
          </Text>
          <FormAlert>{error}</FormAlert>
        </Stack>
      )}
    </AppDialog>
  );
}

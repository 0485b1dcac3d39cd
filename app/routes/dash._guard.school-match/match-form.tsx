import { Box, Button, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { DEGREES, GPA_SCALES, SCHOOL_TIERS } from '../../../contracts/school-match-constants';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { archiveDetailHref } from '~/services/archives';
import { DEGREE_LABELS, type MatchForm, type MatchFormField } from '~/services/school-match';
import { ProgramPicker } from './program-picker';

export type FormErrors = Partial<Record<MatchFormField | 'form', string>>;
type SetForm = (update: (form: MatchForm) => MatchForm) => void;

function Select({
  value,
  onChange,
  options,
  label,
  testId,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  options: Array<[string, string]>;
  label: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-label={label}
        bg="white"
        data-testid={testId}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

const FIELDS: Array<{ name: MatchFormField; label: string; placeholder?: string; numeric?: boolean; wide?: boolean }> = [
  { name: 'major', label: '本科专业', placeholder: '如 计算机科学与技术' },
  { name: 'ielts', label: '雅思', placeholder: '如 7', numeric: true },
  { name: 'toefl', label: '托福', placeholder: '如 105', numeric: true },
  { name: 'greV', label: 'GRE 语文', placeholder: '130–170', numeric: true },
  { name: 'greQ', label: 'GRE 数学', placeholder: '130–170', numeric: true },
  { name: 'gmat', label: 'GMAT', placeholder: '200–805', numeric: true },
  { name: 'sat', label: 'SAT', placeholder: '400–1600', numeric: true },
  { name: 'act', label: 'ACT', placeholder: '1–36', numeric: true },
];
const TARGETS: Array<{ name: MatchFormField; label: string; placeholder?: string; numeric?: boolean }> = [
  { name: 'countries', label: '目标国家/地区', placeholder: '如 英国、中国香港、United States（用顿号或逗号分隔）' },
  { name: 'fields', label: '专业方向', placeholder: '如 Computer Science、Data Science' },
  { name: 'budgetUsd', label: '每年预算（美元）', placeholder: '学费与生活费合计，如 60000', numeric: true },
  { name: 'intake', label: '入学学期', placeholder: '如 2026 Fall' },
];

/** 申请人与申请目标: a student picked fills it from the archive; anything may be typed or changed. */
export function MatchFormCard({
  form,
  setForm,
  errors,
  students,
  student,
  onPickStudent,
  running,
  runButton,
  draftText,
}: {
  form: MatchForm;
  setForm: SetForm;
  errors: FormErrors;
  students: Array<{ id: string; name: string }>;
  student: { id: string; name: string } | null;
  onPickStudent: (id: string) => void;
  running: boolean;
  runButton: ReactNode;
  draftText: string;
}) {
  const set = (name: MatchFormField) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const input = (f: { name: MatchFormField; label: string; placeholder?: string; numeric?: boolean }) => (
    <FormField key={f.name} label={f.label} error={errors[f.name]}>
      <Input
        size="sm"
        bg="white"
        value={form[f.name]}
        onChange={(e) => set(f.name)(e.currentTarget.value)}
        placeholder={f.placeholder}
        inputMode={f.numeric ? 'decimal' : undefined}
        maxLength={f.numeric ? 12 : 300}
        disabled={running}
        data-testid={`match-${f.name}`}
      />
    </FormField>
  );
  return (
    <Box as="section" aria-label="选校条件" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
      <Stack gap="5">
        <Stack direction={{ base: 'column', md: 'row', xl: 'column' }} gap="2" align={{ md: 'flex-end', xl: 'stretch' }}>
          <Box flex="1" minW="0" maxW={{ md: 'sm', xl: 'none' }}>
            <FormField
              label="学生档案"
              helper={student ? undefined : '选择学生后按档案预填成绩与申请目标，结果保存在该学生名下，也可不关联学生直接填写。'}
            >
              <Select
                label="选择学生"
                value={student?.id ?? ''}
                onChange={onPickStudent}
                options={[['', '不关联学生（手动填写）'], ...students.map((s): [string, string] => [s.id, s.name])]}
                testId="match-student"
                disabled={running}
              />
            </FormField>
          </Box>
          {student && (
            <Button asChild size="sm" variant="ghost" colorPalette="blue" alignSelf={{ base: 'flex-start', md: 'auto', xl: 'flex-start' }}>
              <Link to={archiveDetailHref(student.id)}>查看 {student.name} 的档案</Link>
            </Button>
          )}
        </Stack>

        <Stack gap="3">
          <Heading as="h2" size="sm">
            申请人
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4, xl: 2 }} gap="3">
            <FormField label="GPA" error={errors.gpa} required>
              <Input
                size="sm"
                bg="white"
                value={form.gpa}
                onChange={(e) => set('gpa')(e.currentTarget.value)}
                inputMode="decimal"
                placeholder="如 3.6"
                maxLength={12}
                disabled={running}
                data-testid="match-gpa"
              />
            </FormField>
            <FormField label="GPA 满分" error={errors.gpaScale} required>
              <Select
                label="GPA 满分"
                value={form.gpaScale}
                onChange={set('gpaScale')}
                options={[['', '请选择'], ...GPA_SCALES.map((s): [string, string] => [String(s), String(s)])]}
                testId="match-gpaScale"
                disabled={running}
              />
            </FormField>
            <FormField label="本科背景" error={errors.schoolTier}>
              <Select
                label="本科背景"
                value={form.schoolTier}
                onChange={set('schoolTier')}
                options={[['', '未填写'], ...SCHOOL_TIERS.map((t): [string, string] => [t, t === 'other' ? '其他' : t])]}
                testId="match-schoolTier"
                disabled={running}
              />
            </FormField>
            <FormField label="国际生" error={errors.international}>
              <Select
                label="国际生"
                value={form.international}
                onChange={set('international')}
                options={[
                  ['yes', '是'],
                  ['no', '否'],
                  ['', '未填写'],
                ]}
                disabled={running}
              />
            </FormField>
            {FIELDS.map(input)}
          </SimpleGrid>
        </Stack>

        <Stack gap="3">
          <Heading as="h2" size="sm">
            申请目标
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4, xl: 2 }} gap="3">
            <FormField label="学位" error={errors.degree}>
              <Select
                label="学位"
                value={form.degree}
                onChange={set('degree')}
                options={[['', '不限'], ...DEGREES.map((d): [string, string] => [d, DEGREE_LABELS[d]])]}
                testId="match-degree"
                disabled={running}
              />
            </FormField>
            {TARGETS.map(input)}
          </SimpleGrid>
          <ProgramPicker picked={form.programs} onChange={(programs) => setForm((f) => ({ ...f, programs }))} disabled={running} />
        </Stack>

        <FormAlert>{errors.form ?? null}</FormAlert>
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <HStack gap="2" color="gray.500" fontSize="xs">
            <GraduationCap size={14} />
            <Text data-testid="match-draft-status">{draftText || '填写的条件会自动保存为草稿'}</Text>
          </HStack>
          {runButton}
        </HStack>
      </Stack>
    </Box>
  );
}

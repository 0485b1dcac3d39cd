import { Box, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { UserCheck } from 'lucide-react';
import type { ProfileMatch } from '../../../contracts/archives';
import { PROFILE_MERGE_FIELD_LABELS, type ProfileMergeField, type ProfileMergeSection } from '../../../contracts/profile-merge-constants';
import { LIST_SECTIONS } from '~/services/archive-sections';
import { formatDate } from '~/services/dates';

/** Section names as the detail page shows them (技能 is typed there as a list, not a section of rows). */
const sectionLabel = (section: ProfileMergeSection) => (section === 'skills' ? '技能' : LIST_SECTIONS[section].label);

const evidence = (match: ProfileMatch) => {
  const on = match.matchedOn.map((e) => ({ phone: '电话', email: '邮箱', school: '学校' })[e]);
  if (match.strength === 'strong') return `姓名、${on.join('、')}一致`;
  return on.length > 0 ? `姓名、${on.join('、')}相同，请确认是否为同一人` : '仅姓名相同，请确认是否为同一人';
};

/**
 * The choice a CV of a student who may exist already offers (ADR 0044): which student, and what
 * updating it would change. Fields that differ keep the student's value unless ticked.
 */
export function CvMatchChoice({
  matches,
  selected,
  onSelect,
  replace,
  onReplace,
}: {
  matches: ProfileMatch[];
  selected: number;
  onSelect: (index: number) => void;
  replace: ReadonlySet<ProfileMergeField>;
  onReplace: (field: ProfileMergeField, take: boolean) => void;
}) {
  const match = matches[selected]!;
  const { filled, differs, added } = match.changes;
  const nothing = filled.length === 0 && differs.length === 0 && added.length === 0;
  return (
    <Stack gap="4" data-testid="new-student-match">
      <Text fontSize="sm" color="gray.700">
        简历中的学生可能已在你的学生档案中。可以用这份简历更新已有学生，或新建一份学生档案。
      </Text>
      <Stack gap="2" role="radiogroup" aria-label="已有学生">
        {matches.map((m, i) => (
          <Box
            as="label"
            key={m.id}
            display="flex"
            gap="3"
            alignItems="flex-start"
            borderWidth="1px"
            borderColor={i === selected ? 'blue.400' : 'gray.200'}
            bg={i === selected ? 'blue.50' : 'white'}
            rounded="md"
            px="3"
            py="2"
            cursor="pointer"
            data-testid="match-option"
          >
            <input
              type="radio"
              name="cv-match"
              checked={i === selected}
              onChange={() => onSelect(i)}
              style={{ marginTop: 4, flexShrink: 0 }}
              aria-label={m.name}
            />
            <Box flex="1" minW="0">
              <HStack gap="2" flexWrap="wrap">
                <UserCheck size={16} />
                <Text fontWeight="semibold" wordBreak="break-all">
                  {m.name}
                </Text>
                {m.currentSchool && (
                  <Text fontSize="sm" color="gray.600" wordBreak="break-all">
                    {m.currentSchool}
                  </Text>
                )}
              </HStack>
              <Text fontSize="xs" color={m.strength === 'strong' ? 'green.700' : 'orange.700'} data-testid="match-evidence">
                {evidence(m)} · 更新于 {formatDate(m.updated_at)}
              </Text>
            </Box>
          </Box>
        ))}
      </Stack>
      <Stack gap="3" fontSize="sm" data-testid="match-changes">
        <Text fontWeight="semibold">更新「{match.name}」将会：</Text>
        {nothing && <Text color="gray.600">简历中没有新的内容，档案不会改变。</Text>}
        {filled.length > 0 && (
          <Box data-testid="match-filled">
            <Text color="gray.600" mb="1">
              补充空缺的内容
            </Text>
            <Stack as="ul" gap="0.5" ps="4" listStyleType="disc">
              {filled.map((f) => (
                <li key={f.field}>
                  <Text as="span" wordBreak="break-word">
                    {PROFILE_MERGE_FIELD_LABELS[f.field]}：{f.value}
                  </Text>
                </li>
              ))}
            </Stack>
          </Box>
        )}
        {added.length > 0 && (
          <Box data-testid="match-added">
            <Text color="gray.600" mb="1">
              新增档案中没有的条目（原有条目保留）
            </Text>
            <Stack as="ul" gap="0.5" ps="4" listStyleType="disc">
              {added.map((a) => (
                <li key={a.section} data-section={a.section}>
                  <Text as="span" wordBreak="break-word">
                    {sectionLabel(a.section)} {a.entries.length} 条：{a.entries.join('；')}
                  </Text>
                </li>
              ))}
            </Stack>
          </Box>
        )}
        {differs.length > 0 && (
          <Box data-testid="match-differs">
            <Text color="gray.600" mb="1">
              与已有内容不同（默认保留已有内容，勾选则改用简历中的）
            </Text>
            <Stack gap="2">
              {differs.map((d) => (
                <Checkbox.Root
                  key={d.field}
                  alignItems="flex-start"
                  checked={replace.has(d.field)}
                  onCheckedChange={(e) => onReplace(d.field, e.checked === true)}
                  data-testid="match-differ"
                  data-field={d.field}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontWeight="normal" minW="0">
                    <Text as="span" fontWeight="semibold">
                      {PROFILE_MERGE_FIELD_LABELS[d.field]}
                    </Text>
                    <Text wordBreak="break-word">已有：{d.current}</Text>
                    <Text wordBreak="break-word">简历：{d.incoming}</Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

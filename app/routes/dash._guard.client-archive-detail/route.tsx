import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ClientProfile } from '../../../contracts/archives';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useHydrated } from '~/hooks/use-hydrated';
import {
  BASIC_FIELDS,
  formatSubScores,
  LIST_SECTIONS,
  SECTION_LABELS,
  SECTION_NAMES,
  sectionValues,
  TARGET_FIELDS,
  TEST_TYPES,
  type ListSection,
  type SectionField,
  type SectionName,
} from '~/services/archive-sections';
import { ARCHIVES_ROUTE, archiveDetailHref } from '~/services/archives';
import { clientArchiveDetailAction, clientArchiveDetailLoader, type SectionFailure } from '~/services/pages/archives-pages.server';
import { formatDateTime } from '~/services/dates';
import { MENU_GROUPS, pageTitle } from '~/services/navigation';
import { applicantLine, DEGREE_LABELS, probabilityRange, programName, schoolMatchHref } from '~/services/school-match';
import { MATCH_BAND_LABELS } from '../../../contracts/school-match-constants';

const PAGE = '学生档案详情';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.profile.name ?? PAGE) }];
export const loader = (args: LoaderFunctionArgs) => clientArchiveDetailLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => clientArchiveDetailAction(PAGE, args);

/** The writing tools a student's archive starts (issue 10); those not open yet show, disabled, as in the sidebar. */
const TOOL_IDS = ['ps-writing', 'cv-writing', 'recommended-writing', 'free-writing', 'essay-polish', 'school-match', 'reduce-ai'];
const TOOLS = MENU_GROUPS.flatMap((g) => g.items).filter((i) => TOOL_IDS.includes(i.id));

type Profile = ClientProfile;

/** /dash/client-archive-detail?id=: every section of a student's archive, each viewed and edited on its own. */
export default function ClientArchiveDetail() {
  const { profile, editing, saved, created, schoolMatch } = useLoaderData<typeof loader>();
  const failure = useActionAnswer<typeof action>() as SectionFailure | undefined;
  const { data } = profile;
  const summary = [data.currentSchool, data.major, data.degree].filter(Boolean).join(' · ');

  return (
    <Page
      title={profile.name}
      description={summary || '还没有学校与专业信息，可在「基本信息」中补充。'}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={ARCHIVES_ROUTE}>
            <ArrowLeft size={16} /> 返回列表
          </Link>
        </Button>
      }
    >
      <Stack gap="5">
        <FormAlert status="success" testId="archive-created">
          {created ? '学生档案已创建。核对并补充以下信息，写文书时 AI 会参考这些内容。' : null}
        </FormAlert>
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
          <Text fontWeight="semibold" mb="3">
            为该学生开始写作
          </Text>
          <Wrap gap="2" data-testid="archive-tools">
            {TOOLS.map((tool) =>
              tool.available ? (
                <Button key={tool.id} asChild size="sm" variant="outline" colorPalette="blue">
                  <Link to={`${tool.to}?clientId=${encodeURIComponent(profile.id)}`}>
                    <tool.icon size={14} /> {tool.label}
                  </Link>
                </Button>
              ) : (
                <Button key={tool.id} size="sm" variant="outline" disabled title="即将开放">
                  <tool.icon size={14} /> {tool.label}
                  <Badge size="xs" ms="1">
                    未开放
                  </Badge>
                </Button>
              ),
            )}
          </Wrap>
          <Text fontSize="xs" color="gray.500" mt="3">
            创建于 {formatDateTime(profile.created_at)}，最近更新 {formatDateTime(profile.updated_at)}
          </Text>
        </Box>

        <SchoolMatchCard profileId={profile.id} schoolMatch={schoolMatch} />

        {SECTION_NAMES.map((section) => (
          <SectionCard
            key={section}
            profile={profile}
            section={section}
            editing={editing === section || failure?.section === section}
            saved={saved === section}
            failure={failure?.section === section ? failure : null}
          />
        ))}

        {profile.cvText && (
          <Box as="details" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid="archive-cv-text">
            <Box as="summary" cursor="pointer" fontWeight="semibold">
              简历原文（建档依据）
            </Box>
            <Text mt="3" fontSize="sm" whiteSpace="pre-wrap" color="gray.700" maxH="96" overflowY="auto">
              {profile.cvText}
            </Text>
          </Box>
        )}
      </Stack>
    </Page>
  );
}

type SchoolMatchData = ReturnType<typeof useLoaderData<typeof loader>>['schoolMatch'];

/** 选校 (issue 26): the student's saved results (each opens on the 选校 page) and the list kept for them. */
function SchoolMatchCard({ profileId, schoolMatch }: { profileId: string; schoolMatch: SchoolMatchData }) {
  const { results, resultsError, shortlist, shortlistError } = schoolMatch;
  return (
    <Box
      as="section"
      id="school-match"
      bg="white"
      rounded="xl"
      borderWidth="1px"
      p={{ base: '4', md: '5' }}
      data-testid="archive-school-match"
    >
      <Flex justify="space-between" align="center" mb="3" gap="3" flexWrap="wrap">
        <Heading as="h2" size="md">
          选校
        </Heading>
        <Button asChild size="xs" variant="outline" colorPalette="blue">
          <Link to={schoolMatchHref({ clientId: profileId })}>为该学生选校</Link>
        </Button>
      </Flex>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="2" data-testid="archive-shortlist">
          <Text fontSize="sm" fontWeight="semibold">
            选校清单{shortlist ? `（${shortlist.length}）` : ''}
          </Text>
          {shortlistError ? (
            <Text fontSize="sm" color="red.600">
              选校清单暂时无法读取：{shortlistError}
            </Text>
          ) : !shortlist?.length ? (
            <Empty>清单还是空的</Empty>
          ) : (
            shortlist.map((item) => (
              <Box key={item.id} borderLeftWidth="3px" borderColor="green.200" ps="3" data-testid="archive-shortlist-item">
                <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                  {item.school} · {programName(item)}
                </Text>
                <Text fontSize="xs" color="gray.500">
                  {[
                    item.band ? MATCH_BAND_LABELS[item.band] : null,
                    DEGREE_LABELS[item.degree],
                    item.country,
                    probabilityRange(item.probability),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Box>
            ))
          )}
        </Stack>
        <Stack gap="2" data-testid="archive-match-results">
          <Text fontSize="sm" fontWeight="semibold">
            选校结果{results ? `（${results.total}）` : ''}
          </Text>
          {resultsError ? (
            <Text fontSize="sm" color="red.600">
              选校结果暂时无法读取：{resultsError}
            </Text>
          ) : !results?.items.length ? (
            <Empty>还没有选校结果</Empty>
          ) : (
            results.items.map((r) => (
              <Box key={r.id} borderLeftWidth="3px" borderColor="blue.200" ps="3">
                <Link to={schoolMatchHref({ clientId: profileId, result: r.id })} data-testid="archive-match-result">
                  <Text as="span" fontSize="sm" color="blue.700">
                    {formatDateTime(r.createdAt)} · 冲刺 {r.bands.reach} / 匹配 {r.bands.match} / 保底 {r.bands.safety}
                  </Text>
                </Link>
                <Text fontSize="xs" color="gray.500" wordBreak="break-word">
                  {applicantLine(r.applicant)}
                </Text>
              </Box>
            ))
          )}
        </Stack>
      </SimpleGrid>
    </Box>
  );
}

function SectionCard({
  profile,
  section,
  editing,
  saved,
  failure,
}: {
  profile: Profile;
  section: SectionName;
  editing: boolean;
  saved: boolean;
  failure: SectionFailure | null;
}) {
  const base = archiveDetailHref(profile.id);
  return (
    <Box
      as="section"
      id={section}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      p={{ base: '4', md: '5' }}
      data-testid={`section-${section}`}
      scrollMarginTop="20"
    >
      <Flex justify="space-between" align="center" mb="3" gap="3">
        <Heading as="h2" size="md">
          {SECTION_LABELS[section]}
        </Heading>
        {!editing && (
          <Button asChild size="xs" variant="ghost" colorPalette="blue">
            <Link to={`${base}&edit=${section}#${section}`} preventScrollReset data-testid={`edit-${section}`}>
              <Pencil size={12} /> 编辑
            </Link>
          </Button>
        )}
      </Flex>
      <FormAlert status="success" testId={`saved-${section}`}>
        {saved && !editing ? '已保存' : null}
      </FormAlert>
      {editing ? (
        <SectionForm profile={profile} section={section} failure={failure} cancelHref={`${base}#${section}`} />
      ) : (
        <SectionView profile={profile} section={section} />
      )}
    </Box>
  );
}

const Empty = ({ children = '未填写' }: { children?: ReactNode }) => (
  <Text as="span" color="gray.400">
    {children}
  </Text>
);

function Fields({ fields, values }: { fields: SectionField[]; values: Record<string, string> }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" as="dl">
      {fields.map((f) => (
        <Box key={f.name} minW="0">
          <Text as="dt" fontSize="xs" color="gray.500">
            {f.label}
          </Text>
          <Text as="dd" fontSize="sm" data-field={f.name} wordBreak="break-word">
            {values[f.name] || <Empty />}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

const joinDates = (start?: string, end?: string) => [start, end].filter(Boolean).join(' – ');

function SectionView({ profile, section }: { profile: Profile; section: SectionName }) {
  const { data } = profile;
  if (section === 'basic' || section === 'targets') {
    return (
      <Fields
        fields={section === 'basic' ? BASIC_FIELDS : TARGET_FIELDS}
        values={sectionValues(section, profile.name, data) as Record<string, string>}
      />
    );
  }
  if (section === 'skills') {
    return data.skills.length ? (
      <Wrap gap="2">
        {data.skills.map((s) => (
          <Badge key={s} variant="subtle" colorPalette="blue">
            {s}
          </Badge>
        ))}
      </Wrap>
    ) : (
      <Empty />
    );
  }
  if (section === 'notes') {
    return data.notes ? (
      <Text fontSize="sm" whiteSpace="pre-wrap">
        {data.notes}
      </Text>
    ) : (
      <Empty>还没有备注</Empty>
    );
  }
  const entries = entriesOf(profile, section);
  if (entries.length === 0) return <Empty>还没有{SECTION_LABELS[section]}</Empty>;
  return (
    <Stack gap="3" data-testid={`entries-${section}`}>
      {entries.map((e, i) => (
        <Box key={i} borderLeftWidth="3px" borderColor="blue.200" ps="3" data-testid="entry">
          <Flex justify="space-between" gap="3" flexWrap="wrap">
            <Text fontWeight="medium" fontSize="sm">
              {e.title}
            </Text>
            {e.when && (
              <Text fontSize="xs" color="gray.500" fontVariantNumeric="tabular-nums">
                {e.when}
              </Text>
            )}
          </Flex>
          {e.subtitle && (
            <Text fontSize="sm" color="gray.600">
              {e.subtitle}
            </Text>
          )}
          {e.description && (
            <Text fontSize="sm" color="gray.700" whiteSpace="pre-wrap" mt="1">
              {e.description}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** A list section's entries as title, subtitle, dates and description. */
function entriesOf(
  profile: Profile,
  section: ListSection,
): Array<{ title: string; subtitle?: string; when?: string; description?: string }> {
  const { data } = profile;
  switch (section) {
    case 'tests':
      return data.tests.map((t) => ({
        title: `${t.type}${t.total !== undefined ? ` ${t.total}` : ''}`,
        subtitle: formatSubScores(t.sub) || undefined,
        when: t.date,
      }));
    case 'education':
      return data.education.map((e) => ({
        title: e.school,
        subtitle: [e.degree, e.major, e.gpa?.value !== undefined ? `GPA ${e.gpa.value}${e.gpa.scale ? `/${e.gpa.scale}` : ''}` : undefined]
          .filter(Boolean)
          .join(' · '),
        when: joinDates(e.start, e.end),
      }));
    case 'awards':
      return data.awards.map((a) => ({ title: a.title, when: a.date, description: a.description }));
    case 'publications':
      return data.publications.map((p) => ({ title: p.title, subtitle: [p.authors, p.venue].filter(Boolean).join(' · '), when: p.date }));
    default:
      return data[section].map((x) => ({
        title: x.title,
        subtitle: [x.organization, x.role].filter(Boolean).join(' · '),
        when: joinDates(x.start, x.end),
        description: x.description,
      }));
  }
}

function FieldInput({ field, name, value, error }: { field: SectionField; name: string; value: string; error?: string }) {
  const control =
    field.kind === 'textarea' ? (
      <Textarea name={name} defaultValue={value} rows={3} autoresize maxH="60" />
    ) : field.kind === 'test-type' ? (
      <NativeSelect.Root>
        <NativeSelect.Field name={name} defaultValue={value || 'TOEFL'}>
          {TEST_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    ) : (
      <Input
        name={name}
        defaultValue={value}
        placeholder={field.placeholder}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        bg="white"
      />
    );
  return (
    <Box gridColumn={field.wide ? '1 / -1' : undefined}>
      <FormField label={field.label} error={error}>
        {control}
      </FormField>
    </Box>
  );
}

function SectionForm({
  profile,
  section,
  failure,
  cancelHref,
}: {
  profile: Profile;
  section: SectionName;
  failure: SectionFailure | null;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('section') === section;
  const current = sectionValues(section, profile.name, profile.data);
  const errors = failure?.errors ?? {};
  const posted = failure?.values;
  const value = (name: string, fallback: string) => posted?.[name] ?? fallback;

  let body: ReactNode;
  if (Array.isArray(current)) {
    body = <ListRows section={section as ListSection} rows={current} posted={posted} errors={errors} />;
  } else if (section === 'skills' || section === 'notes') {
    body = (
      <FormField label={section === 'skills' ? '技能（用逗号分隔）' : '备注'} error={errors[section]}>
        <Textarea
          name={section}
          defaultValue={value(section, current[section] ?? '')}
          rows={section === 'notes' ? 6 : 3}
          autoresize
          maxH="96"
        />
      </FormField>
    );
  } else {
    const fields = section === 'basic' ? BASIC_FIELDS : TARGET_FIELDS;
    body = (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} name={f.name} value={value(f.name, current[f.name] ?? '')} error={errors[f.name]} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Form method="post" preventScrollReset data-testid={`form-${section}`}>
      <input type="hidden" name="section" value={section} />
      <Stack gap="4">
        <FormAlert>{errors.form ?? null}</FormAlert>
        {body}
        <HStack gap="2">
          <Button type="submit" colorPalette="blue" loading={saving} data-testid={`save-${section}`}>
            保存
          </Button>
          <Button asChild variant="outline">
            <Link to={cancelHref} preventScrollReset>
              取消
            </Link>
          </Button>
        </HStack>
      </Stack>
    </Form>
  );
}

/** A list section's rows: the stored ones (each with 删除), then blank ones to add; 添加一项 adds another with JavaScript. */
function ListRows({
  section,
  rows,
  posted,
  errors,
}: {
  section: ListSection;
  rows: Array<Record<string, string>>;
  posted?: Record<string, string>;
  errors: Record<string, string | undefined>;
}) {
  const postedCount = posted ? Number(posted.rowCount) || 0 : 0;
  const [count, setCount] = useState(Math.max(postedCount, rows.length + 1));
  const fields = LIST_SECTIONS[section].fields;
  const hydrated = useHydrated();
  return (
    <Stack gap="4">
      <input type="hidden" name="rowCount" value={count} />
      {Array.from({ length: count }, (_, i) => {
        const stored = rows[i];
        const at = (name: string) => posted?.[`rows.${i}.${name}`] ?? stored?.[name] ?? '';
        return (
          <Box key={i} borderWidth="1px" rounded="lg" p="3" bg={stored ? undefined : 'gray.50'} data-testid="row">
            <Flex justify="space-between" align="center" mb="2">
              <Text fontSize="sm" fontWeight="medium" color="gray.600">
                {stored ? `第 ${i + 1} 项` : '新增一项（留空则不添加）'}
              </Text>
              {stored && (
                <Checkbox.Root
                  name={`rows.${i}.remove`}
                  value="1"
                  size="sm"
                  colorPalette="red"
                  defaultChecked={posted?.[`rows.${i}.remove`] === '1'}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>删除</Checkbox.Label>
                </Checkbox.Root>
              )}
            </Flex>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
              {fields.map((f) => (
                <FieldInput key={f.name} field={f} name={`rows.${i}.${f.name}`} value={at(f.name)} error={errors[`rows.${i}.${f.name}`]} />
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
      {hydrated && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() => setCount((c) => Math.min(c + 1, 60))}
          data-testid="add-row"
        >
          添加一项
        </Button>
      )}
    </Stack>
  );
}

import { Box, Button, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useEffect, useRef } from 'react';
import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS } from '../../../contracts/constants';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { feedbackAction } from './feedback.server';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

const PAGE = '意见反馈';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;
// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const action = (args: ActionFunctionArgs) => feedbackAction(PAGE, args);

export default function Feedback() {
  const data = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = data && !data.ok ? data.errors : {};
  const values = data && !data.ok ? data.values : null;
  useEffect(() => {
    if (data?.ok) formRef.current?.reset();
  }, [data]);

  return (
    <Page title={PAGE} description="遇到问题或有改进建议？请告诉我们，我们会认真阅读每一条反馈。" maxW="3xl">
      <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
        <Form method="post" ref={formRef} noValidate>
          <Stack gap="5">
            <FormAlert status="success" testId="feedback-sent">
              {data?.ok ? '感谢反馈，我们会尽快处理' : null}
            </FormAlert>
            <FormAlert>{errors.form}</FormAlert>
            <FormField label="反馈类型" error={errors.category} required>
              <NativeSelect.Root>
                <NativeSelect.Field name="category" defaultValue={values?.category ?? 'bug'}>
                  {FEEDBACK_CATEGORIES.map((value) => (
                    <option key={value} value={value}>
                      {FEEDBACK_CATEGORY_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="反馈内容" error={errors.content} required>
              <Textarea
                name="content"
                rows={6}
                maxLength={2000}
                defaultValue={values?.content ?? ''}
                placeholder="请描述您遇到的问题或建议，越具体越好（至少5个字）"
              />
            </FormField>
            <FormField label="联系方式（选填）" error={errors.contact}>
              <Input name="contact" maxLength={100} defaultValue={values?.contact ?? ''} placeholder="微信号或邮箱，方便我们回复您" />
            </FormField>
            <Box>
              <Button
                type="submit"
                colorPalette="blue"
                loading={navigation.state === 'submitting'}
                loadingText="提交中…"
                data-testid="feedback-submit"
              >
                提交反馈
              </Button>
            </Box>
          </Stack>
        </Form>
      </Box>
    </Page>
  );
}

import { Box, Button, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { FormAlert } from '~/components/ui/form-alert';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { Page } from '~/components/page';
import { createApiClient } from '~/services/api.server';
import { ApiRequestError } from '~/services/errors';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/page-loaders.server';
import { requireWebSession } from '~/sessions.server';

const PAGE = '意见反馈';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

const CATEGORIES = [
  ['bug', '问题反馈'],
  ['feature', '功能建议'],
  ['billing', '积分与支付'],
  ['other', '其他'],
] as const;

const formSchema = z.object({
  category: z.enum(['bug', 'feature', 'billing', 'other'], { error: '请选择反馈类型' }),
  content: z.string().trim().min(5, '反馈内容至少需要5个字').max(2000, '反馈内容不能超过2000字'),
  contact: z.string().trim().max(100, '联系方式不能超过100个字符'),
});
type Errors = Partial<Record<'category' | 'content' | 'contact' | 'form', string>>;

export const loader = sessionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const form = await request.formData();
  const values = {
    category: String(form.get('category') ?? ''),
    content: String(form.get('content') ?? ''),
    contact: String(form.get('contact') ?? ''),
  };
  const parsed = formSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
    return { ok: false as const, errors, values };
  }
  try {
    await createApiClient(request, context, PAGE).feedback.submit({ ...parsed.data, page_path: '/dash/feedback' });
    return { ok: true as const };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false as const, errors: { form: error.message } as Errors, values };
    throw error;
  }
}

export default function Feedback() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors: Errors = data && !data.ok ? data.errors : {};
  const values = data && !data.ok ? data.values : null;
  useEffect(() => {
    if (data?.ok) formRef.current?.reset();
  }, [data]);

  return (
    <Page title={PAGE} description="遇到问题或有改进建议？告诉我们，我们会认真阅读每一条反馈。" maxW="3xl">
      <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
        <Form method="post" ref={formRef} noValidate>
          <Stack gap="5">
            <FormAlert status="success" testId="feedback-sent">
              {data?.ok ? '感谢反馈，我们会尽快处理' : null}
            </FormAlert>
            <FormAlert>{errors.form}</FormAlert>
            <Field.Root invalid={!!errors.category} required>
              <Field.Label>反馈类型</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="category" defaultValue={values?.category ?? 'bug'}>
                  {CATEGORIES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.category}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.content} required>
              <Field.Label>反馈内容</Field.Label>
              <Textarea
                name="content"
                rows={6}
                maxLength={2000}
                defaultValue={values?.content ?? ''}
                placeholder="请描述你遇到的问题或建议，越具体越好（至少5个字）"
              />
              <Field.ErrorText>{errors.content}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.contact}>
              <Field.Label>联系方式（选填）</Field.Label>
              <Input name="contact" maxLength={100} defaultValue={values?.contact ?? ''} placeholder="微信号或邮箱，方便我们回复你" />
              <Field.ErrorText>{errors.contact}</Field.ErrorText>
            </Field.Root>
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

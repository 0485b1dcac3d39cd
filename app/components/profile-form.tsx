import { Box, Button, Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { FormAlert } from '~/components/ui/form-alert';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { notifySuccess } from '~/components/ui/toaster';
import type { ApiUser } from '~/services/api.server';
import type { ProfileActionData } from '~/services/profile.server';

/** Spec §5 profile form: username, email, phone (the login account, read-only), gender, position. */
export function ProfileForm({ user }: { user: ApiUser }) {
  const actionData = useActionData<ProfileActionData>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update-profile';
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const values = actionData && !actionData.ok ? actionData.values : null;

  useEffect(() => {
    if (actionData?.ok) notifySuccess(actionData.message);
  }, [actionData]);

  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }} maxW="3xl">
      <Form method="post" replace noValidate>
        <input type="hidden" name="intent" value="update-profile" />
        <Stack gap="5">
          <FormAlert status="success" testId="profile-saved">
            {actionData?.ok ? actionData.message : null}
          </FormAlert>
          <FormAlert>{errors.form}</FormAlert>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root invalid={!!errors.username} required>
              <Field.Label>
                用户名 <Field.RequiredIndicator />
              </Field.Label>
              <Input name="username" defaultValue={values?.username ?? user.username ?? ''} maxLength={32} autoComplete="nickname" />
              <Field.ErrorText>{errors.username}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.email}>
              <Field.Label>邮箱</Field.Label>
              <Input
                name="email"
                type="text"
                inputMode="email"
                defaultValue={values?.email ?? user.email ?? ''}
                autoComplete="email"
                placeholder="name@example.com"
              />
              <Field.ErrorText>{errors.email}</Field.ErrorText>
            </Field.Root>
            <Field.Root readOnly>
              <Field.Label>手机号</Field.Label>
              <Input name="phone" value={user.phone} readOnly bg="gray.50" />
              <Field.HelperText>手机号是登录账号，如需更换请联系客服</Field.HelperText>
            </Field.Root>
            <Field.Root invalid={!!errors.gender}>
              <Field.Label>性别</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="gender" defaultValue={values?.gender ?? user.gender ?? ''}>
                  <option value="">未填写</option>
                  <option value="male">男</option>
                  <option value="female">女</option>
                  <option value="other">其他</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.gender}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.position}>
              <Field.Label>职位</Field.Label>
              <Input
                name="position"
                defaultValue={values?.position ?? user.position ?? ''}
                maxLength={50}
                placeholder="如：留学顾问、学生"
              />
              <Field.ErrorText>{errors.position}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Box>
            <Button type="submit" colorPalette="blue" loading={saving} loadingText="保存中…" data-testid="profile-submit">
              保存
            </Button>
          </Box>
        </Stack>
      </Form>
    </Box>
  );
}

import { Box, Button, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useEffect } from 'react';
import { GENDER_LABELS, GENDERS, maskPhone } from '../../contracts/constants';
import type { User } from '../../contracts/user';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { notifySuccess } from '~/services/toasts';
import type { ProfileActionData } from '~/services/pages/profile.server';

/** Spec §5 profile form: username, email, phone (the login account, shown masked), gender, position. */
export function ProfileForm({ user }: { user: User }) {
  const actionData = useActionAnswer<ProfileActionData>();
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
            <FormField label="用户名" error={errors.username} required>
              <Input name="username" defaultValue={values?.username ?? user.username ?? ''} maxLength={32} autoComplete="nickname" />
            </FormField>
            <FormField label="邮箱" error={errors.email}>
              <Input
                name="email"
                type="text"
                inputMode="email"
                defaultValue={values?.email ?? user.email ?? ''}
                autoComplete="email"
                placeholder="选填，用于接收通知"
              />
            </FormField>
            <FormField
              label="手机号"
              helper={user.phone ? '手机号是登录账号，如需更换请联系客服' : '本账号通过微信登录，尚未绑定手机号'}
              readOnly
            >
              <Input value={user.phone ? maskPhone(user.phone) : '未绑定'} readOnly bg="gray.50" data-testid="profile-phone" />
            </FormField>
            <FormField label="性别" error={errors.gender}>
              <NativeSelect.Root>
                <NativeSelect.Field name="gender" defaultValue={values?.gender ?? user.gender ?? ''}>
                  <option value="">未填写</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {GENDER_LABELS[g]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="职位" error={errors.position}>
              <Input
                name="position"
                defaultValue={values?.position ?? user.position ?? ''}
                maxLength={50}
                placeholder="如：留学顾问、学生"
              />
            </FormField>
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

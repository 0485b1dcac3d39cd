import { Badge, Box, Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import type { Package } from '../../../contracts/payments';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { packagesAction, packagesLoader, type PackagesAnswer } from './packages.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '充值套餐';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => packagesLoader(args);
export const action = (args: ActionFunctionArgs) => packagesAction(args);

function Cell({ label, error, children }: { label: string; error?: string; children: React.ReactNode }) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label fontSize="xs" color="gray.600">
        {label}
      </Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The package's numbers: the name of each field, its bounds, what a stored package and a new one start with. */
const NUMBER_FIELDS: Array<{
  name: 'points' | 'bonusPoints' | 'price' | 'sortOrder';
  label: string;
  min: string;
  step: string;
  current: (pkg: Package) => string;
  fresh: string;
}> = [
  { name: 'points', label: '积分', min: '0.01', step: '0.01', current: (p) => String(p.points), fresh: '' },
  { name: 'bonusPoints', label: '赠送积分', min: '0', step: '0.01', current: (p) => String(p.bonusPoints), fresh: '0' },
  { name: 'price', label: '价格（元）', min: '0.01', step: '0.01', current: (p) => p.price.toFixed(2), fresh: '' },
  { name: 'sortOrder', label: '排序', min: '0', step: '1', current: (p) => String(p.sortOrder), fresh: '0' },
];

/** One package as a form of its own: plain posts, so the console works without JavaScript. */
function PackageForm({ pkg, answer, busy }: { pkg: Package | null; answer: PackagesAnswer | undefined; busy: boolean }) {
  const mine = answer && (answer.ok ? pkg !== null && answer.id === pkg.id : answer.id === (pkg?.id ?? ''));
  const errors = mine && !answer.ok ? answer.errors : {};
  const values = mine && !answer.ok ? answer.values : null;
  const value = (field: keyof NonNullable<typeof values>, current: string) => values?.[field] ?? current;
  return (
    <Form method="post" noValidate data-testid={pkg ? 'package-form' : 'package-new'}>
      <input type="hidden" name="id" value={pkg?.id ?? ''} />
      <Stack gap="3" bg="white" rounded="xl" borderWidth="1px" p="5">
        <Stack direction="row" align="center" gap="2">
          <Text fontWeight="semibold">{pkg ? pkg.name : '新增套餐'}</Text>
          {pkg && !pkg.active && <Badge>已下架</Badge>}
        </Stack>
        <FormAlert status="success">{mine && answer.ok ? answer.message : null}</FormAlert>
        <FormAlert>{errors.form}</FormAlert>
        <Grid templateColumns={{ base: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr' }} gap="3">
          <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
            <Cell label="名称" error={errors.name}>
              <Input name="name" size="sm" defaultValue={value('name', pkg?.name ?? '')} maxLength={30} />
            </Cell>
          </Box>
          {NUMBER_FIELDS.map((f) => (
            <Cell key={f.name} label={f.label} error={errors[f.name]}>
              <Input
                name={f.name}
                size="sm"
                type="number"
                min={f.min}
                step={f.step}
                defaultValue={value(f.name, pkg ? f.current(pkg) : f.fresh)}
              />
            </Cell>
          ))}
        </Grid>
        <Cell label="说明（选填）" error={errors.description}>
          <Input name="description" size="sm" defaultValue={value('description', pkg?.description ?? '')} maxLength={100} />
        </Cell>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontSize: '0.875rem' }}>
            <input type="checkbox" name="active" value="true" defaultChecked={values ? values.active === 'true' : (pkg?.active ?? true)} />
            上架销售
          </label>
          <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
            {pkg ? '保存' : '添加套餐'}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

/** The packages on /dash/pricing and /dash/recharge. Orders already made keep the price they were made at. */
export default function AdminPackages() {
  const { packages } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : null;
  return (
    <Page title={PAGE} description="用户在充值页面看到的套餐。价格以元为单位；修改不影响已创建的订单。下架的套餐不再出售。" maxW="4xl">
      <Stack gap="4">
        {packages.map((pkg) => (
          <PackageForm key={pkg.id} pkg={pkg} answer={answer} busy={busyId === pkg.id} />
        ))}
        <PackageForm key={`new-${answer?.ok ? answer.id : ''}`} pkg={null} answer={answer} busy={busyId === ''} />
      </Stack>
    </Page>
  );
}

import { Box, Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { formatBeijingTime } from '~/components/admin/format';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { customRechargeField, priceField } from './price-fields';
import { pricesAction, pricesLoader } from './prices.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '积分价格';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => pricesLoader(args);
export const action = (args: ActionFunctionArgs) => pricesAction(args);

const COLUMNS = { base: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' };

/** One price cell: on phones each cell carries its own label; on wide screens the header row does. */
function PriceInput({
  name,
  label,
  rowLabel,
  value,
  error,
  alwaysLabelled = false,
}: {
  name: string;
  label: string;
  rowLabel: string;
  value: string;
  error?: string;
  /** The custom recharge's cells have no header row: their label shows at every width. */
  alwaysLabelled?: boolean;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Text as="span" fontSize="xs" color="gray.500" hideFrom={alwaysLabelled ? undefined : 'md'} aria-hidden>
        {label}
      </Text>
      <Input
        name={name}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        size="sm"
        defaultValue={value}
        aria-label={`${rowLabel} ${label}`}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export default function Prices() {
  const { table } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const errors = data && !data.ok ? data.errors : {};
  const values = data && !data.ok ? data.values : null;
  const invalid = Object.keys(errors).filter((name) => name !== 'form').length;
  // Keyed by the table's version: after a save the inputs show what was stored (rounded to cents).
  const version = table.updatedAt ?? 'default';

  return (
    <Page
      title={PAGE}
      description="每次 AI 操作预扣的积分。按字数计费的操作另加每千字积分（按输出字数折算，填0则只按次计费）。保存后立即生效。"
      maxW="4xl"
    >
      <Form method="post" noValidate key={version}>
        <Stack gap="4">
          <FormAlert status="success" testId="prices-saved">
            {data?.ok ? data.message : null}
          </FormAlert>
          <FormAlert>{errors.form}</FormAlert>
          <Box bg="white" rounded="xl" borderWidth="1px" overflow="hidden">
            <Grid
              templateColumns={COLUMNS}
              gap="4"
              px="5"
              py="3"
              bg="gray.50"
              borderBottomWidth="1px"
              fontSize="sm"
              fontWeight="medium"
              color="gray.600"
              hideBelow="md"
            >
              <Text>计费项目</Text>
              <Text>每次积分</Text>
              <Text>每千字积分</Text>
            </Grid>
            {table.items.map((item) => {
              const points = priceField('points', item.operation);
              const perThousand = priceField('pointsPer1000Chars', item.operation);
              return (
                <Grid
                  key={item.operation}
                  templateColumns={COLUMNS}
                  gap={{ base: '2', md: '4' }}
                  px="5"
                  py="3"
                  alignItems="start"
                  borderBottomWidth="1px"
                  _last={{ borderBottomWidth: 0 }}
                  data-testid={`price-${item.operation}`}
                >
                  <Text gridColumn={{ base: 'span 2', md: 'auto' }} fontWeight="medium" pt={{ md: '1.5' }}>
                    {item.label}
                  </Text>
                  <PriceInput
                    name={points}
                    label="每次积分"
                    rowLabel={item.label}
                    value={values?.[points] ?? String(item.points)}
                    error={errors[points]}
                  />
                  <PriceInput
                    name={perThousand}
                    label="每千字积分"
                    rowLabel={item.label}
                    value={values?.[perThousand] ?? String(item.pointsPer1000Chars)}
                    error={errors[perThousand]}
                  />
                </Grid>
              );
            })}
          </Box>
          <Box bg="white" rounded="xl" borderWidth="1px" px="5" py="4" data-testid="price-custom-recharge">
            <Text fontWeight="medium">自定义充值</Text>
            <Text fontSize="sm" color="gray.500" mb="3">
              用户在充值页输入金额购买积分（不选套餐）：按每元积分折算，金额须在最低与最高之间。已创建的订单不受修改影响。
            </Text>
            <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }} gap="4">
              {(
                [
                  ['pointsPerYuan', '每元积分', String(table.customRecharge.pointsPerYuan)],
                  ['minAmount', '最低金额（元）', String(table.customRecharge.minAmount)],
                  ['maxAmount', '最高金额（元）', String(table.customRecharge.maxAmount)],
                ] as const
              ).map(([key, label, stored]) => {
                const name = customRechargeField(key);
                return (
                  <PriceInput
                    key={key}
                    name={name}
                    label={label}
                    rowLabel="自定义充值"
                    value={values?.[name] ?? stored}
                    error={errors[name]}
                    alwaysLabelled
                  />
                );
              })}
            </Grid>
          </Box>
          {/* Beside the button: the cell in question may be a screen away. */}
          <FormAlert>{invalid > 0 ? `有 ${invalid} 处价格需要修改，请查看标红的输入框` : null}</FormAlert>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
            <Text fontSize="sm" color="gray.500" data-testid="prices-updated-at">
              {table.updatedAt ? `最近修改：${formatBeijingTime(table.updatedAt)}（北京时间）` : '当前为默认价格，尚未修改过'}
            </Text>
            <Button
              type="submit"
              colorPalette="blue"
              loading={navigation.state === 'submitting'}
              loadingText="保存中…"
              data-testid="prices-submit"
            >
              保存价格
            </Button>
          </Stack>
        </Stack>
      </Form>
    </Page>
  );
}

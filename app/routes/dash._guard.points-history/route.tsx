import { Button } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Page } from '~/components/page';
import { POINTS_HISTORY_ERROR, PointsHistoryEmpty } from '~/components/points/points-history-dialog';
import { HistoryPager, PointsHistoryTable } from '~/components/points/points-history-table';
import { FormAlert } from '~/components/ui/form-alert';
import { ACCOUNT_ROUTES, pageTitle } from '~/services/navigation';
import { POINTS_HISTORY_PAGE_SIZE } from '~/services/points';
import { pointsHistoryLoader } from '~/services/pages/points-pages.server';

const PAGE = '积分明细';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => pointsHistoryLoader(PAGE, args);

/** The points history as a page: the modal's table, paginated by links, so it works without JavaScript. */
export default function PointsHistory() {
  const { history, error } = useLoaderData<typeof loader>();
  return (
    <Page
      title={PAGE}
      description="每一次积分变动：消费、退还、奖励、兑换与充值。"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={ACCOUNT_ROUTES.redemption}>使用兑换码</Link>
        </Button>
      }
    >
      {!history ? (
        <FormAlert testId="points-history-error">{`${POINTS_HISTORY_ERROR}：${error}`}</FormAlert>
      ) : history.total === 0 ? (
        <PointsHistoryEmpty />
      ) : (
        <>
          <PointsHistoryTable items={history.items} />
          <HistoryPager
            page={history.page}
            pageSize={POINTS_HISTORY_PAGE_SIZE}
            total={history.total}
            hrefFor={(page) => `${ACCOUNT_ROUTES.pointsHistory}?page=${page}`}
          />
        </>
      )}
    </Page>
  );
}

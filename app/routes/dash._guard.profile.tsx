import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Page } from '~/components/page';
import { ProfileForm } from '~/components/profile-form';
import { createApiClient } from '~/services/api.server';
import { pageTitle } from '~/services/navigation';
import { profileAction } from '~/services/profile.server';
import { requireWebSession } from '~/sessions.server';

const PAGE = '个人资料';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return { user: await createApiClient(request, context, PAGE).user.info() };
}

export async function action(args: ActionFunctionArgs) {
  await requireWebSession(args.request, args.context);
  return profileAction(args, PAGE);
}

export default function Profile() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <Page title={PAGE} description="完善资料后，文书与报告中的署名和联系方式会使用这里的信息。">
      <ProfileForm user={user} />
    </Page>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Page } from '~/components/page';
import { ProfileForm } from '~/components/profile-form';
import { pageTitle } from '~/services/navigation';
import { currentUserLoader } from '~/services/page-loaders.server';
import { profileAction } from '~/services/profile.server';

const PAGE = '个人资料';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => currentUserLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => profileAction(PAGE, args);

export default function Profile() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <Page title={PAGE} description="完善资料后，文书与报告中的署名和联系方式会使用这里的信息。">
      <ProfileForm user={user} />
    </Page>
  );
}

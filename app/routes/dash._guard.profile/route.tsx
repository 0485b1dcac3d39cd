import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Page } from '~/components/page';
import { ProfileForm } from '~/components/profile-form';
import { useShellUser } from '~/hooks/use-app-data';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';
import { profileAction } from '~/services/pages/profile.server';

const PAGE = '个人资料';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;
// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const action = (args: ActionFunctionArgs) => profileAction(PAGE, args);

export default function Profile() {
  const user = useShellUser();
  return (
    <Page title={PAGE} description="完善资料后，文书与报告中的署名和联系方式会使用这里的信息。">
      <ProfileForm user={user} />
    </Page>
  );
}

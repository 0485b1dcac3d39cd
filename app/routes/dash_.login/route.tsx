import type { MetaFunction } from '@remix-run/node';
import { LoginPage } from '~/components/login-page';
import { loginAction, loginLoader } from '~/services/pages/login.server';
import { pageTitle } from '~/services/navigation';

export const meta: MetaFunction = () => [{ title: pageTitle('登录') }];
export const loader = loginLoader;
export const action = loginAction;
export default LoginPage;

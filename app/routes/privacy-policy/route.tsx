import type { MetaFunction } from '@remix-run/node';
import { PublicLegalPage } from '~/components/legal-document';
import { privacyPolicy } from '~/content/privacy-policy';
import { pageTitle } from '~/services/navigation';

// Public on purpose, no loader: the text is readable before login, and the root data carries the config.
export const meta: MetaFunction = () => [{ title: pageTitle(privacyPolicy.title) }];

export default function PublicPrivacyPolicy() {
  return <PublicLegalPage doc={privacyPolicy} />;
}

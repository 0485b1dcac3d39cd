import type { AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { phoneLoginSchema, type Tokens } from '../../../contracts/auth';
import type { User } from '../../../contracts/user';
import { createApiClient } from '~/services/api/client.server';
import { handleForm, type FormFailure } from '~/services/forms';

/**
 * remix-auth does the verify step only: phone + SMS code go to the API, which answers with
 * tokens. Storing them is the session module's job.
 */
export type LoginOutcome = { tokens: Tokens; user: User; isNewUser: boolean; welcomePoints: number };
export const LOGIN_FIELDS = ['phone', 'code', 'inviteCode'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

/** A login the form can show: field errors and the values to keep. */
export class LoginFailure extends Error {
  override name = 'LoginFailure';
  constructor(readonly failure: FormFailure<LoginField>) {
    super('login failed');
  }
}

export function createAuthenticator(context: AppLoadContext, pageName: string) {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const outcome = await handleForm(form, {
        fields: LOGIN_FIELDS,
        schema: phoneLoginSchema,
        submit: (input) => createApiClient(request, context, pageName).auth.loginWithPhone(input),
      });
      if (!outcome.ok) throw new LoginFailure(outcome);
      const { user, isNewUser, welcomePoints, ...tokens } = outcome.result;
      return { tokens, user, isNewUser, welcomePoints };
    }),
    'phone-code',
  );
  return authenticator;
}

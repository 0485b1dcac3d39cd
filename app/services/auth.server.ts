import type { AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { z } from 'zod';
import type { Tokens } from '~/sessions.server';
import { createApiClient, type ApiUser } from './api.server';
import { ApiRequestError } from './errors';

/**
 * remix-auth does the verify step only: phone + SMS code go to the API, which answers with
 * tokens. Storing them is the session module's job.
 */
export type LoginOutcome = { tokens: Tokens; user: ApiUser; isNewUser: boolean };

/** Presence only: the API owns the format rules and answers with their messages. */
export const loginFormSchema = z.object({
  phone: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号'),
  code: z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码'),
  inviteCode: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});

export class LoginFormError extends Error {
  override name = 'LoginFormError';
  constructor(
    message: string,
    readonly field?: 'phone' | 'code' | 'inviteCode',
  ) {
    super(message);
  }
}

export function createAuthenticator(context: AppLoadContext, pageName: string) {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new LoginFormError(issue.message, issue.path[0] as 'phone' | 'code');
      }
      try {
        const { user, isNewUser, ...tokens } = await createApiClient(request, context, pageName).auth.loginWithPhone(parsed.data);
        return { tokens, user, isNewUser };
      } catch (error) {
        if (error instanceof ApiRequestError) {
          const field =
            error.code === 'INVITE_CODE_INVALID'
              ? 'inviteCode'
              : /手机号/.test(error.message)
                ? 'phone'
                : /验证码/.test(error.message)
                  ? 'code'
                  : undefined;
          throw new LoginFormError(error.message, field);
        }
        throw error;
      }
    }),
    'phone-code',
  );
  return authenticator;
}

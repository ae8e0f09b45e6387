import {
  changeMyPasswordBodySchema,
  changeProfileBodySchema,
  emailQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  myLanguageResponseSchema,
  myPasswordCodeResponseSchema,
  myProfileSchema,
  registerBodySchema,
  registerResponseSchema,
  resendCodeBodySchema,
  resendCodeResponseSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetRequestResponseSchema,
  setMyLanguageBodySchema,
  userExistsResponseSchema,
  userProfileSchema,
  verifyCodeBodySchema,
  verifyCodeResponseSchema,
} from '@skillwise/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noBody, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import { type Client, readDeviceCookie, setDeviceCookie } from './device-token';
import type { ProfileService } from './profiles.service';
import type { AccountService } from './users.service';

/** The caller as the login limits count it: its address and its device cookie. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  deviceToken: readDeviceCookie(request),
});

/**
 * users/* of SPEC §7, plus users/Logout and the signed-in account's own calls GetMyProfile,
 * SetMyLanguage, RequestMyPasswordCode and ChangeMyPassword (README "Additions").
 */
export function registerUserRoutes(
  server: FastifyInstance,
  accounts: AccountService,
  profiles: ProfileService,
  auth: Auth,
  secureCookies: boolean,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  const login = {
    tags,
    summary: 'Log in with an e-mail and a password; answers the session token',
    description:
      'An addition: `user.language` (en, es or ar) when the person chose a language (users/SetMyLanguage); absent otherwise.',
    body: loginBodySchema,
    response: { 200: loginResponseSchema },
  };
  app.post('/users/Login', { schema: login }, async (request, reply) => {
    const { body } = request;
    const { response, deviceToken } = await accounts.login(body.username, body.password, clientOf(request));
    setDeviceCookie(reply, deviceToken, secureCookies);
    return response;
  });

  const register = {
    tags,
    summary: 'Sign up as a student; a verification code is mailed',
    description:
      'An addition: an optional `language` (en, es or ar), the person’s own, as users/SetMyLanguage sets it.',
    body: registerBodySchema,
    response: { 201: registerResponseSchema },
  };
  app.post('/users/register', { schema: register }, async (request, reply) => {
    const { body } = request;
    return reply.status(201).send(await accounts.registerStudent(body, request.ip));
  });

  const verify = {
    tags,
    summary: 'Check the 6-digit code mailed at sign-up',
    body: verifyCodeBodySchema,
    response: { 200: verifyCodeResponseSchema },
  };
  app.post('/users/VerifyVerificationCode', { schema: verify }, async (request) => {
    const { body } = request;
    return accounts.verifyCode(body.email, body.verificationCode, clientOf(request));
  });

  const resend = {
    tags,
    summary: 'Mail the sign-up code again, for an account not yet verified',
    description:
      'No login. The live code is mailed again (never replaced) at most once a minute and 5 times per 15 minutes; `sent` says whether a mail went out now and `resendAfterSeconds` how long until asking again can send one. 404 for an e-mail no account uses, 409 for an account already verified; the lookup counts in the address’s budget shared with resetPasswordRequest (429).',
    body: resendCodeBodySchema,
    response: { 200: resendCodeResponseSchema },
  };
  app.post('/users/ResendVerificationCode', { schema: resend }, async (request) => {
    const { body } = request;
    return accounts.resendVerificationCode(body.email, clientOf(request));
  });

  const resetRequest = {
    tags,
    summary: 'Mail a password reset code',
    body: resetRequestBodySchema,
    response: { 200: resetRequestResponseSchema },
  };
  app.put('/users/resetPasswordRequest', { schema: resetRequest }, async (request) => {
    const { body } = request;
    return accounts.requestPasswordReset(body.email, clientOf(request));
  });

  const reset = {
    tags,
    summary: 'Set a new password with a reset code',
    body: resetPasswordBodySchema,
    response: { 200: messageResponseSchema },
  };
  app.put('/users/resetpassword', { schema: reset }, async (request, reply) => {
    const { body } = request;
    const { response, deviceToken } = await accounts.resetPassword(
      body.email,
      body.password,
      body.VerificationCode,
      clientOf(request),
    );
    setDeviceCookie(reply, deviceToken, secureCookies);
    return response;
  });

  const exists = {
    tags,
    summary: 'Whether an account has this e-mail',
    querystring: emailQuerySchema,
    response: { 200: userExistsResponseSchema },
  };
  app.get('/users/checkUserExists', { preHandler: auth(), schema: exists }, async (request) => {
    return profiles.checkUserExists(actorOf(request), request.query.email, request.ip);
  });

  const byEmail = {
    tags,
    summary: 'An account by its e-mail (the caller’s own, or a student of the caller’s organisation)',
    querystring: emailQuerySchema,
    response: { 200: userProfileSchema },
  };
  app.get('/users/getUserByemailID', { preHandler: auth(), schema: byEmail }, async (request) => {
    return profiles.getUserByEmail(actorOf(request), request.query.email);
  });

  const changeProfile = {
    tags,
    summary:
      'Change an account’s name or password (one’s own password with currentPassword or a mailed code)',
    body: changeProfileBodySchema,
    response: { 200: messageResponseSchema },
  };
  app.put('/users/changeUserProfile', { preHandler: auth(), schema: changeProfile }, async (request) => {
    return profiles.changeProfile(actorOf(request), request.body, clientOf(request));
  });

  const myProfile = {
    tags,
    summary: 'The signed-in account with its course counts and its language',
    response: { 200: myProfileSchema },
  };
  app.get('/users/GetMyProfile', { preHandler: auth(), schema: myProfile }, async (request) =>
    profiles.getMyProfile(actorOf(request)),
  );

  const myLanguage = {
    tags,
    summary: 'Set or clear the signed-in account’s language (en, es or ar; null for none)',
    description:
      'The language the person reads the app in (docs/decisions/044), answered by GetMyProfile as `language`; the web app switches to it as they log in. Only the caller’s own account.',
    body: setMyLanguageBodySchema,
    response: { 200: myLanguageResponseSchema },
  };
  app.put('/users/SetMyLanguage', { preHandler: auth(), schema: myLanguage }, async (request) =>
    profiles.setMyLanguage(actorOf(request), request.body.language),
  );

  const myCode = {
    tags,
    summary: 'Mail the signed-in account a code to change its password',
    body: noBody(),
    response: { 200: myPasswordCodeResponseSchema },
  };
  app.post('/users/RequestMyPasswordCode', { preHandler: auth(), schema: myCode }, async (request) =>
    profiles.requestMyPasswordCode(actorOf(request), clientOf(request)),
  );

  const changeMyPassword = {
    tags,
    summary: 'Change the signed-in account’s password, proven by the current one or a mailed code',
    body: changeMyPasswordBodySchema,
    response: { 200: messageResponseSchema },
  };
  app.put('/users/ChangeMyPassword', { preHandler: auth(), schema: changeMyPassword }, async (request) => {
    return profiles.changeMyPassword(actorOf(request), request.body, clientOf(request));
  });

  const logout = {
    tags,
    summary: 'End the session of the token',
    body: noBody(),
    response: { 200: messageResponseSchema },
  };
  app.post(
    '/users/Logout',
    { preHandler: auth({ allowUnverified: true }), schema: logout },
    async (request) => accounts.logout(actorOf(request)),
  );
}

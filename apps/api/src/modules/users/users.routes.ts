import {
  changeMyPasswordBodySchema,
  changeProfileBodySchema,
  emailQuerySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  verifyCodeBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf } from '../../plugins/auth';
import { readDeviceCookie, setDeviceCookie } from './device-token';
import type { AccountService, Client } from './users.service';

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  deviceToken: readDeviceCookie(request),
});

/**
 * users/* of SPEC §7, plus users/Logout and the signed-in account's own calls GetMyProfile,
 * RequestMyPasswordCode and ChangeMyPassword (README "Additions").
 */
export function registerUserRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  auth: Auth,
  secureCookies: boolean,
) {
  app.post('/users/Login', async (request, reply) => {
    const body = parseInput(loginBodySchema, request.body, 'body');
    const { response, deviceToken } = await accounts.login(body.username, body.password, clientOf(request));
    setDeviceCookie(reply, deviceToken, secureCookies);
    return response;
  });

  app.post('/users/register', async (request, reply) => {
    const body = parseInput(registerBodySchema, request.body, 'body');
    return reply.status(201).send(await accounts.registerStudent(body, request.ip));
  });

  app.post('/users/VerifyVerificationCode', async (request) => {
    const body = parseInput(verifyCodeBodySchema, request.body, 'body');
    return accounts.verifyCode(body.email, body.verificationCode, clientOf(request));
  });

  app.put('/users/resetPasswordRequest', async (request) => {
    const body = parseInput(resetRequestBodySchema, request.body, 'body');
    return accounts.requestPasswordReset(body.email, clientOf(request));
  });

  app.put('/users/resetpassword', async (request) => {
    const body = parseInput(resetPasswordBodySchema, request.body, 'body');
    return accounts.resetPassword(body.email, body.password, body.VerificationCode, clientOf(request));
  });

  app.get('/users/checkUserExists', { preHandler: auth() }, async (request) => {
    const query = parseInput(emailQuerySchema, request.query, 'query');
    return accounts.checkUserExists(actorOf(request), query.email, request.ip);
  });

  app.get('/users/getUserByemailID', { preHandler: auth() }, async (request) => {
    const query = parseInput(emailQuerySchema, request.query, 'query');
    return accounts.getUserByEmail(actorOf(request), query.email);
  });

  app.put('/users/changeUserProfile', { preHandler: auth() }, async (request) => {
    const body = parseInput(changeProfileBodySchema, request.body, 'body');
    return accounts.changeProfile(actorOf(request), body);
  });

  app.get('/users/GetMyProfile', { preHandler: auth() }, async (request) =>
    accounts.getMyProfile(actorOf(request)),
  );

  app.post('/users/RequestMyPasswordCode', { preHandler: auth() }, async (request) =>
    accounts.requestMyPasswordCode(actorOf(request), clientOf(request)),
  );

  app.put('/users/ChangeMyPassword', { preHandler: auth() }, async (request) => {
    const body = parseInput(changeMyPasswordBodySchema, request.body, 'body');
    return accounts.changeMyPassword(actorOf(request), body, clientOf(request));
  });

  app.post('/users/Logout', { preHandler: auth({ allowUnverified: true }) }, async (request) =>
    accounts.logout(actorOf(request)),
  );
}

import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type pg from 'pg';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig, Clock } from './config.ts';
import { connect, type Database, type Db } from './db/client.ts';
import { transactionAware } from './db/request-transaction.ts';
import access, { type Access } from './plugins/access.ts';
import audit from './plugins/audit.ts';
import domainEvents from './plugins/domain-events.ts';
import errors, { toHttpError } from './plugins/errors.ts';
import stopping from './plugins/stopping.ts';
import { API_DOCS_PATH, openApi, openApiRoutes } from './plugins/openapi.ts';
import securityHeaders, { securityHeadersFor } from './plugins/security-headers.ts';
import passwordPoolLog from './plugins/password-pool-log.ts';
import { type EventArt, type PrerenderedPages, readEventArt, readIndexHtml, readPrerenderedPages, unknownAddress, webApp } from './plugins/web-app.ts';
import { requestForLog, scrubSecrets } from './lib/log-redact.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { withClientAddress } from './lib/client-address.ts';
import { COME_BACK_TICKET_KEY_LABEL } from './lib/come-back-ticket.ts';
import { derivedKey } from './lib/derived-key.ts';
import { configurePasswordPool } from './lib/passwords.ts';
import { accessOptions, auditTrail } from './plugin-needs.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { devMailRoutes } from './modules/mail/dev-mail.routes.ts';
import { executivesRoutes } from './modules/executives/executives.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { notificationChoicesRoutes, oneClickUnsubscribeRoutes, unsubscribePageRoutes } from './modules/notifications/notifications.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { emailChangeRoutes } from './modules/profile/email-change.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { serveUploads } from './modules/uploads/serve-uploads.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { electionRoutes } from './modules/elections/elections.routes.ts';
import { electionLifecycleRoutes } from './modules/elections/election-lifecycle.routes.ts';
import { votingRoutes } from './modules/voting/voting.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { electionWinnersRoutes } from './modules/election-winners/election-winners.routes.ts';
import { turnoutRoutes } from './modules/turnout/turnout.routes.ts';
import liveResults from './modules/results/live-results.plugin.ts';
import electionRecord from './modules/election-record/election-record.plugin.ts';
import { electionRecordRoutes } from './modules/election-record/election-record.routes.ts';
import backgroundJobs from './modules/jobs/jobs.plugin.ts';
import { databaseRateLimitStore } from './lib/rate-limits/database-store.ts';
import directoryCache from './modules/members/directory-cache.plugin.ts';
import { memberRoleRoutes } from './modules/member-roles/member-roles.routes.ts';
import { memberDetailsRoutes } from './modules/members/member-details.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminRolesRoutes } from './modules/admin-roles/admin-roles.routes.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import { articleFileRoutes, articlesRoutes } from './modules/articles/articles.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { bulkEmailRoutes } from './modules/bulk-email/bulk-email.routes.ts';
import { editorialRoutes } from './modules/editorial/editorial.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { checkInRoutes } from './modules/check-in/check-in.routes.ts';
import { eventPageApiRoutes, eventPageRoutes } from './modules/events/event-page.routes.ts';
import { rsvpRoutes } from './modules/rsvp/rsvp.routes.ts';
import { eventAttendeesRoutes } from './modules/events/event-attendees.routes.ts';
import { executivesAdminRoutes } from './modules/executives-admin/executives-admin.routes.ts';
import { classListRoutes } from './modules/class-list/class-list.routes.ts';
import { handOverRoutes } from './modules/hand-over/hand-over.routes.ts';
import { memberRolesBatchRoutes } from './modules/member-roles/member-roles-batch.routes.ts';
import { memberRolesBulkRoutes } from './modules/member-roles/member-roles-bulk.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { userPickerRoutes } from './modules/user-picker/user-picker.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { challengeIfEnrolled } from './modules/mfa/mfa.service.ts';
import { sessionsRoutes } from './modules/finance/sessions.routes.ts';
import { paymentsRoutes } from './modules/finance/payments.routes.ts';
import { membershipRoutes, proofFileGuard } from './modules/membership/membership.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /**
     * The database as a request sees it: inside an audited admin write its queries join that
     * request's one transaction (db/request-transaction.ts); elsewhere they go to the pool.
     */
    db: Db;
    /**
     * The database never joined to a request transaction: each statement commits by itself (or in
     * the caller's own `transaction`). For work whose writes must stand on their own, whatever a
     * request around it does: the vote path, the live results, the background jobs. The pool
     * under it (`directPool`) runs the vote path's prepared statements.
     */
    directDb: Db;
    directPool: pg.Pool;
    clock: Clock;
    /**
     * The sign-in's own few database connections (SIGN_IN_CONNECTIONS): a sign-in storm queues
     * for these, never for the connections that votes and pages use (decision 043).
     */
    signInDb: Db;
    /** Every route as registered, with its declared access (for the permission and fuzz tests). */
    routesList: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The request body as the client sent it, before validation normalised it (for the audit trail). */
    receivedBody: unknown;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  websocket: boolean;
  /** Whether the route declares the schema of its success answer (every API route must). */
  responseSchema: boolean;
}

/** Connections of a process for sign-ins' database reads and counts (see `signInDb`). */
const SIGN_IN_CONNECTIONS = 3;
/** Connections of a process for the rate limits' counters (lib/rate-limits; decision 059). */
const RATE_LIMIT_CONNECTIONS = 2;

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean;
  /** Where log lines go (stdout by default); the tests read them to prove no token is logged. */
  logStream?: NodeJS.WritableStream;
  /** Whether this app competes to run the background jobs (not an app built only to seed the demo data). */
  jobs?: boolean;
  /** The web app's index.html (the built one by default; null when it is not built). */
  indexHtml?: string | null;
  /** The prerendered public pages (the built ones by default). */
  prerendered?: PrerenderedPages;
  /** The built drawings of the kinds of event (the built ones by default). */
  eventArt?: EventArt;
}

/** The whole app as a Fastify instance, on an open database. main.ts starts it; tests inject into it. */
export async function buildApp({ config, database, logger = true, logStream, jobs = true, indexHtml = readIndexHtml(), prerendered = readPrerenderedPages(), eventArt = readEventArt() }: BuildOptions): Promise<FastifyInstance> {
  const answerUnknownAddress = unknownAddress(indexHtml, prerendered);
  const setSecurityHeaders = securityHeadersFor(config.publicUrl);
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      // Never log a credential: tokens travel in this header, passwords only in bodies (not logged).
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'], remove: true },
      // One-time links carry their token in the URL (the setup page): logged without it.
      serializers: { req: requestForLog },
      // Every finished line is scrubbed once more before it is written, so that a token quoted by
      // any library (a failed query's parameters, say) never reaches the log either.
      hooks: { streamWrite: scrubSecrets },
      ...(logStream && { stream: logStream }),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A malformed percent-escape (/profile/%E0%A4%A) names no page and no resource: it gets the
    // answer of any unknown address (the site's 404 page, or the JSON 404 under /api), never
    // the framework's own JSON. Other routing refusals answer in the API's error shape. The
    // router refuses before any hook runs, so the security headers are set here.
    frameworkErrors: (err, request, routeReply) => {
      const reply = routeReply as FastifyReply;
      setSecurityHeaders(request, reply);
      if (err.code === 'FST_ERR_BAD_URL') return answerUnknownAddress(request, reply);
      const { status, message, code } = toHttpError(err);
      return reply.status(status).send({ success: false, error: message, code });
    },
    // One log line per request costs real throughput on the vote path; only at debug level.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  // Every process derives the same key: a member told a moment by one process is due at any other.
  configurePasswordPool(config.passwordPool, derivedKey(config, COME_BACK_TICKET_KEY_LABEL));
  // Queries through app.db join the request's transaction when an audited write runs in one.
  app.decorate('db', transactionAware(database.db));
  app.decorate('directDb', database.db);
  app.decorate('directPool', database.pool);
  const signIn = connect(database.url, database.kind, SIGN_IN_CONNECTIONS);
  app.decorate('signInDb', signIn.db);
  app.addHook('onClose', async () => signIn.close());
  app.decorate('clock', config.clock);

  const routesList: RegisteredRoute[] = [];
  app.decorate('routesList', routesList);
  // Pages (the API reference page too), assets and uploads are public; every API route must say
  // who may call it (access.ts).
  app.addHook('onRoute', (route) => {
    const isPage = !route.url.startsWith('/api') || route.url.startsWith(API_DOCS_PATH);
    if (isPage && route.config?.access === undefined) {
      route.config = { ...route.config, access: 'public' };
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // A success answer: a 2xx, or a redirect (its answer is where it sends the browser).
      const responseSchema = !!route.schema?.response && Object.keys(route.schema.response as object).some((status) => /^[23]/.test(status));
      routesList.push({ method, url: route.url, access: route.config?.access, websocket: !!(route as { websocket?: boolean }).websocket, responseSchema });
    }
  });

  // Routes declare zod schemas (packages/shared): Fastify validates the request with them and
  // serialises the answer through them, so nothing a schema does not name leaves the server.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A call without a body (the client sends none for "no fields") is validated as `{}`. The body
  // as sent is kept for the audit trail: validation replaces it with the parsed, normalised value.
  app.decorateRequest('receivedBody', undefined);
  app.addHook('preValidation', (request, _reply, done) => {
    request.receivedBody = request.body;
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });

  // The spec's client sends a JSON content type on every call, also those without a body
  // (logout, publish-results): an empty body is "no input", not malformed JSON.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  await app.register(stopping);
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(passwordPoolLog);
  const exempt = new Set(config.rateLimitAllow);
  // The rest of each request knows its client address (the password pool's share per address,
  // the lockout per account and address), RATE_LIMIT_ALLOW's addresses as exempt. Set just before
  // the handler: the body is read in the socket's own async context, which would lose a context
  // set earlier (onRequest).
  app.addHook('preHandler', (request, _reply, done) => withClientAddress(request.ip, exempt.has(request.ip), done));
  // A function, not a list: the plugin compares a list with the route's key, which is a user id
  // or an e-mail on some routes; the exemption is about the client address. The counters are in
  // the database, shared by every server process (lib/rate-limits).
  // They have their own few connections: a flood of counted requests never queues ahead of pages.
  const limiter = connect(database.url, database.kind, RATE_LIMIT_CONNECTIONS);
  app.addHook('onClose', async () => limiter.close());
  await app.register(rateLimit, { global: false, allowList: (request) => exempt.has(request.ip), store: databaseRateLimitStore(limiter.db) });
  await app.register(multipart);
  // The plugins' needs of the features, given here (plugins know no feature's insides).
  await app.register(access, accessOptions(app));
  await app.register(audit, { trail: auditTrail(app) });
  await app.register(domainEvents); // the one LISTEN connection of this process
  await app.register(liveResults); // results cache, live rooms and the /ws socket
  await app.register(electionRecord); // voter rolls frozen and election records closed on time
  await app.register(directoryCache); // before the routes: write routes drop the directory cache
  await app.register(openApi); // before the routes: it reads each route's schema as it is added
  if (jobs) await app.register(backgroundJobs); // one process runs them: the mail worker, the sweeps

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(authRoutes, { secondFactor: challengeIfEnrolled });
      await api.register(uploadRoutes);
      await api.register(membersRoutes);
      await api.register(profileRoutes);
      await api.register(emailChangeRoutes);
      await api.register(executivesRoutes);
      await api.register(newsletterRoutes);
      await api.register(notificationChoicesRoutes);
      await api.register(oneClickUnsubscribeRoutes);
      await api.register(unsubscribePageRoutes);
      await api.register(electionRoutes);
      await api.register(electionLifecycleRoutes);
      await api.register(votingRoutes);
      await api.register(electionRecordRoutes);
      await api.register(resultsRoutes);
      await api.register(electionWinnersRoutes);
      await api.register(turnoutRoutes);
      await api.register(memberRoleRoutes);
      await api.register(classListRoutes);
      await api.register(handOverRoutes);
      await api.register(memberDetailsRoutes);
      await api.register(adminRoutes);
      await api.register(adminRolesRoutes);
      await api.register(adminUsersRoutes);
      await api.register(auditRoutes);
      await api.register(bulkEmailRoutes);
      await api.register(editorialRoutes);
      await api.register(articlesRoutes);
      await api.register(eventsRoutes);
      await api.register(checkInRoutes);
      await api.register(eventPageApiRoutes);
      await api.register(rsvpRoutes);
      await api.register(eventAttendeesRoutes);
      await api.register(executivesAdminRoutes);
      await api.register(memberRolesBatchRoutes);
      await api.register(memberRolesBulkRoutes);
      await api.register(exportsRoutes);
      await api.register(userPickerRoutes);
      await api.register(setupRoutes);
      await api.register(mfaRoutes);
      await api.register(sessionsRoutes);
      await api.register(paymentsRoutes);
      await api.register(membershipRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(openApiRoutes);
  await app.register(articleFileRoutes); // before the static /uploads/* (own headers for PDFs)
  await app.register(proofFileGuard); // proofs of payment only through their checked route
  await app.register(serveUploads);
  await app.register(devMailRoutes);
  await app.register(eventPageRoutes, { pageHtml: (indexHtml && prerendered['event-detail']) ?? indexHtml, listHtml: (indexHtml && prerendered.events) ?? null, eventArt });
  await app.register(webApp, { indexHtml, prerendered });
  return app;
}

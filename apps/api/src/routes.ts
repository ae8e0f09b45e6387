import { healthResponseSchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app';
import { findReferencedKeys } from './db/queries/files';
import { StripeProvider } from './lib/payments/stripe';
import { checkTokenBeforeInput, markAuth } from './lib/route-schema';
import { registerAuthorRoutes } from './modules/authors/authors.routes';
import { AuthorService } from './modules/authors/authors.service';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { BillingService } from './modules/billing/billing.service';
import { registerBroadcastRoutes } from './modules/broadcasts/broadcasts.routes';
import { BroadcastService } from './modules/broadcasts/broadcasts.service';
import { captionTracksFor } from './modules/captions/caption-tracks';
import { registerCaptionRoutes } from './modules/captions/captions.routes';
import { CaptionService } from './modules/captions/captions.service';
import { registerCategoryRoutes } from './modules/categories/categories.routes';
import { CategoryService } from './modules/categories/categories.service';
import { registerCertificateRoutes } from './modules/certificates/certificates.routes';
import { CertificateService } from './modules/certificates/certificates.service';
import { registerCourseRoutes } from './modules/courses/courses.routes';
import { CourseService } from './modules/courses/courses.service';
import { registerCurriculumRoutes } from './modules/curriculum/curriculum.routes';
import { CurriculumService } from './modules/curriculum/curriculum.service';
import { registerEnrolmentRoutes } from './modules/enrolments/enrolments.routes';
import { EnrolmentService } from './modules/enrolments/enrolments.service';
import { registerIntegrationRoutes } from './modules/integrations/integrations.routes';
import { IntegrationService } from './modules/integrations/integrations.service';
import { registerMediaRoutes } from './modules/media/media.routes';
import { MediaService } from './modules/media/media.service';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { NotificationService } from './modules/notifications/notifications.service';
import { registerOrganisationRoutes } from './modules/organisations/organisations.routes';
import { OrganisationService } from './modules/organisations/organisations.service';
import { PlanLimits } from './modules/organisations/plan-limits';
import { StorageQuota } from './modules/organisations/storage-quota';
import { registerStorageQuotaRoutes } from './modules/organisations/storage-quota.routes';
import { configuredProviders } from './modules/payments/configured-providers';
import { registerCouponRoutes } from './modules/payments/coupons.routes';
import { CouponService } from './modules/payments/coupons.service';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { PaymentService } from './modules/payments/payments.service';
import { registerPayoutAccountRoutes } from './modules/payments/payout-accounts.routes';
import { PayoutAccountService } from './modules/payments/payout-accounts.service';
import { registerPayoutRoutes } from './modules/payments/payouts.routes';
import { PayoutService } from './modules/payments/payouts.service';
import { registerRefundRoutes } from './modules/payments/refunds.routes';
import { RefundService } from './modules/payments/refunds.service';
import { registerProgressRoutes } from './modules/progress/progress.routes';
import { ProgressService } from './modules/progress/progress.service';
import { QuizAttemptService } from './modules/quizzes/quiz-attempts.service';
import { QuizPreview } from './modules/quizzes/quiz-preview';
import { registerQuizResultRoutes } from './modules/quizzes/quiz-results.routes';
import { QuizResultService } from './modules/quizzes/quiz-results.service';
import { registerQuizRoutes } from './modules/quizzes/quizzes.routes';
import { QuizService } from './modules/quizzes/quizzes.service';
import { registerReviewRoutes } from './modules/reviews/reviews.routes';
import { ReviewService } from './modules/reviews/reviews.service';
import { registerSchoolSiteRoutes } from './modules/school-sites/school-sites.routes';
import { SchoolSiteService } from './modules/school-sites/school-sites.service';
import { registerSiteRoutes } from './modules/site/site.routes';
import { SiteService } from './modules/site/site.service';
import { registerTeamRoutes } from './modules/team/team.routes';
import { TeamService } from './modules/team/team.service';
import { createResumableFiles, type ResumableFiles } from './modules/uploads/resumable-store';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { inspectUpload, ResumableUploadService } from './modules/uploads/uploads.service';
import { ProfileService } from './modules/users/profiles.service';
import { registerUserRoutes } from './modules/users/users.routes';
import { AccountService } from './modules/users/users.service';
import { registerVideoRoutes } from './modules/video/video.routes';
import { VideoService } from './modules/video/video.service';
import { VideoPipeline } from './modules/video/video-pipeline';
import { type Auth, requireAuth } from './plugins/auth';

/** Every API module, registered explicitly under /api: one list to read. */
/** Registers every module under /api; answers the services the server also drives (the payment reconciler). */
export async function registerApiRoutes(
  api: FastifyInstance,
  deps: AppDeps,
): Promise<{
  payments: PaymentService;
  billing: BillingService;
  resumableUploads: ResumableFiles | undefined;
  courses: CourseService;
  notifications: NotificationService;
  integrations: IntegrationService;
  broadcasts: BroadcastService;
  schoolSites: SchoolSiteService;
  video: VideoPipeline;
}> {
  const { db } = deps;
  const auth: Auth = (options) => markAuth(requireAuth(db, options), options?.optional === true);
  api.addHook('onRoute', checkTokenBeforeInput);
  const { publicCache } = deps;
  // A successful change declared as changing public data (`config: { invalidates: 'public' }`: the
  // catalogue, a course's public detail, its preview, its reviews) starts the cache afresh. Logins, orders
  // and lesson progress declare none: clearing on them would empty the cache on the busiest paths.
  api.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && request.routeOptions.config.invalidates === 'public') publicCache.clear();
    done();
  });
  const accounts = new AccountService({ ...deps, log: api.log });
  const profiles = new ProfileService({ ...deps, log: api.log });

  registerUserRoutes(api, accounts, profiles, auth, deps.config.publicUrl.startsWith('https:'));
  registerOrganisationRoutes(
    api,
    new OrganisationService({ db, limiter: deps.limiter, accounts }),
    auth,
    publicCache,
  );
  const { storage, config } = deps;
  const files = {
    storage,
    maxImageBytes: config.uploads.maxImageBytes,
    maxLessonBytes: config.uploads.maxLessonBytes,
  };
  const log = api.log;
  const limits = new PlanLimits(db);
  // Every upload a publisher sends (lib/upload.ts, resumable uploads) counts against the allowance.
  const quota = new StorageQuota({ db, storage });
  api.decorate('storageQuota', quota);
  api.decorate('referencedFiles', (keys: string[]) => findReferencedKeys(db, keys));
  registerStorageQuotaRoutes(api, quota, auth);
  const notifications = new NotificationService({
    db,
    unsubscribeKey: deps.keys.unsubscribeLinks,
    legacyUnsubscribeSecret: deps.secret,
    publicUrl: config.publicUrl,
  });
  // Every configured provider; the first is the default. The sandbox only when none is configured.
  const { configured, sandbox, provider, others } = configuredProviders(config, db, deps.provider);
  // The accounts each school is paid into with PAYOUT_MODE=connected (docs/decisions/026).
  const payoutAccounts = new PayoutAccountService({
    db,
    mode: config.payoutMode,
    stripe: configured.find((p): p is StripeProvider => p instanceof StripeProvider),
    paypal: [provider, ...others].some((p) => p.name === 'paypal'),
    log,
  });
  const courses = new CourseService({ db, limits, notifications, payoutAccounts });
  // Each school's own site (docs/decisions/040); its catalogue is the catalogue's, of one school.
  const schoolSites = new SchoolSiteService({ db, publicUrl: config.publicUrl, cache: publicCache });
  registerSchoolSiteRoutes(api, schoolSites, auth, files, publicCache);
  registerCourseRoutes(api, courses, auth, files, publicCache, schoolSites);
  registerCategoryRoutes(api, new CategoryService({ db }), auth);
  registerAuthorRoutes(api, new AuthorService({ db }), auth, files);
  // Video lessons' streaming copies, posters and captions (docs/decisions/041).
  const videoPipeline = new VideoPipeline({ db, storage, config, log });
  const video = new VideoService({
    db,
    storage,
    mediaUrlKey: deps.keys.mediaUrls,
    ttlHours: config.mediaUrlTtlHours,
    renditions: () => videoPipeline.renditionsOn(),
    captions: (lessonIds, viewerId) =>
      captionTracksFor({ db, mediaUrlKey: deps.keys.mediaUrls, config }, lessonIds, viewerId),
  });
  const curriculum = new CurriculumService({
    db,
    storage,
    log,
    mediaUrlKey: deps.keys.mediaUrls,
    config,
    notifications,
    video,
  });
  registerCurriculumRoutes(api, curriculum, auth, files, publicCache);
  registerCaptionRoutes(api, new CaptionService({ db }), auth, files);
  const resumableUploads = await createResumableFiles(storage, config, inspectUpload);
  if (resumableUploads) {
    registerUploadRoutes(
      api,
      new ResumableUploadService({
        db,
        storage,
        lessons: curriculum.lessons,
        files: resumableUploads,
        maxLessonBytes: files.maxLessonBytes,
        quota,
      }),
      auth,
      publicCache,
      { publicUrl: config.publicUrl, maxLessonBytes: files.maxLessonBytes },
    );
    api.addHook('onClose', async () => resumableUploads.close());
  }
  const media = new MediaService({ db, mediaUrlKey: deps.keys.mediaUrls });
  registerMediaRoutes(api, media, storage, config.xAccelRedirectPrefix);
  registerVideoRoutes(api, media, video, { storage, xAccelRedirectPrefix: config.xAccelRedirectPrefix });
  registerEnrolmentRoutes(
    api,
    new EnrolmentService({
      db,
      mailer: deps.mailer,
      config,
      log,
      limits,
      limiter: deps.limiter,
      notifications,
    }),
    auth,
    files,
  );
  const certificates = new CertificateService({ db, publicUrl: config.publicUrl, notifications });
  registerCertificateRoutes(api, certificates, auth);
  registerProgressRoutes(api, new ProgressService({ db, certificates }), auth);
  const quizzes = new QuizService({
    db,
    images: { storage, key: deps.keys.mediaUrls, ttlHours: config.mediaUrlTtlHours },
  });
  const attempts = new QuizAttemptService({ db, quizzes, certificates, notifications });
  registerQuizRoutes(api, quizzes, attempts, auth, new QuizPreview({ db, quizzes }), files);
  registerQuizResultRoutes(api, new QuizResultService({ db }), auth);
  registerReviewRoutes(api, new ReviewService({ db }), auth, publicCache);
  registerSiteRoutes(api, new SiteService({ db }), publicCache);

  // Renewals charge a saved card through the default provider (docs/decisions/025), or are Stripe's own
  // subscriptions' (docs/decisions/027).
  const billing = new BillingService({ db, provider, others, log, notifications });
  const payments = new PaymentService({
    db,
    provider,
    others,
    billing,
    sandbox,
    limits,
    log,
    notifications,
    platformFeeBasisPoints: config.platformFeeBasisPoints,
    payoutAccounts,
  });
  registerPaymentRoutes(api, payments, auth);
  registerRefundRoutes(
    api,
    new RefundService({ db, refunds: payments.refunds, log, notices: notifications.refunds }),
    auth,
  );
  registerCouponRoutes(api, new CouponService({ db }), auth);
  registerPayoutAccountRoutes(api, payoutAccounts, auth);
  registerPayoutRoutes(api, new PayoutService({ db, mode: config.payoutMode }), auth);
  registerBillingRoutes(api, billing, auth, { testClock: config.env === 'test' });
  registerNotificationRoutes(api, notifications.inbox, auth);
  const integrations = new IntegrationService({
    db,
    notifications,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
  });
  registerIntegrationRoutes(api, integrations, auth);
  const broadcasts = new BroadcastService({
    db,
    limits,
    publicUrl: config.publicUrl,
    unsubscribeKey: deps.keys.unsubscribeLinks,
    perSecond: config.broadcastMailsPerSecond,
    log,
  });
  registerBroadcastRoutes(api, broadcasts, auth);
  registerTeamRoutes(api, new TeamService({ db, publicUrl: config.publicUrl, profiles }), auth);

  const health = {
    tags: ['Reference'],
    summary: 'Whether the service is up',
    response: { 200: healthResponseSchema },
  };
  api.get('/health', { schema: health }, async () => ({ status: 'ok' }));
  return {
    payments,
    billing,
    resumableUploads,
    courses,
    notifications,
    integrations,
    broadcasts,
    schoolSites,
    video: videoPipeline,
  };
}

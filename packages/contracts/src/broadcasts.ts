import { z } from 'zod';
import { expected, hasControlCharacter, idSchema, requiredText } from './common';
import { pageQuerySchema } from './paging';

/**
 * A school's e-mail to its students (docs/decisions/036): the My Students screen's Email Students.
 */
export const BROADCAST_FORMATS = ['text', 'html'] as const;
export type BroadcastFormat = (typeof BROADCAST_FORMATS)[number];

/** Who it goes to: every student of the school, a course's, or those added but enrolled in no course. */
export const BROADCAST_AUDIENCES = ['all', 'course', 'not_enrolled'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** Where a message stands: 'sending' while some of its e-mails are still in the queue. */
export const BROADCAST_STATES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

export const BROADCAST_SUBJECT_MAX = 150;
export const BROADCAST_BODY_MAX = 50_000;
/** Test sends to oneself one message may make. */
export const BROADCAST_TEST_SENDS_MAX = 10;
/** The furthest ahead a message may be scheduled. */
export const BROADCAST_SCHEDULE_MAX_DAYS = 365;

/**
 * Marketing e-mails a school may send in a calendar month (UTC), by plan (the subscription cards): null
 * is unlimited. A plan not named here is unlimited.
 */
export const MARKETING_EMAILS_PER_MONTH: Record<string, number | null> = {
  Kickstarter: 7_500,
  Basic: null,
  Growth: null,
};

export const BROADCAST_MSG = {
  sent: 'Your message is on its way.',
  scheduled: 'Your message is scheduled.',
  testSent: 'A test was sent to your address.',
  saved: 'Draft saved.',
  cancelled: 'The scheduled message was cancelled.',
  noRecipients: 'No student of this audience gets e-mails: there is nobody to send it to.',
} as const;

/** POST organization/SaveBroadcast: a new draft, or the draft (or scheduled message) `broadcast_Id`. */
export const saveBroadcastBodySchema = z
  .object({
    broadcast_Id: idSchema.optional(),
    subject: requiredText(BROADCAST_SUBJECT_MAX),
    body: z
      .string(expected('text'))
      .trim()
      .min(1, 'is required')
      .max(BROADCAST_BODY_MAX, `must be at most ${BROADCAST_BODY_MAX} characters`)
      .refine(
        (value) => !hasControlCharacter(value.replace(/\r/g, '')),
        'must not contain control characters',
      ),
    format: z.enum(BROADCAST_FORMATS, expected(`one of ${BROADCAST_FORMATS.join(', ')}`)).default('text'),
    audience: z.enum(BROADCAST_AUDIENCES, expected(`one of ${BROADCAST_AUDIENCES.join(', ')}`)),
    course_Id: idSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'course' && value.course_Id === null) {
      ctx.addIssue({ code: 'custom', path: ['course_Id'], message: 'is required for a course’s students' });
    }
    if (value.audience !== 'course' && value.course_Id !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['course_Id'],
        message: 'must be null unless the audience is course',
      });
    }
  });
export type SaveBroadcastBody = z.infer<typeof saveBroadcastBodySchema>;

export const broadcastIdBodySchema = z.object({ broadcast_Id: idSchema });
export const broadcastIdQuerySchema = z.object({ broadcast_Id: idSchema });

/** POST organization/SendBroadcast: now, or at `send_at` (an ISO time in the future). */
export const sendBroadcastBodySchema = z.object({
  broadcast_Id: idSchema,
  send_at: z.iso
    .datetime({ offset: true, error: 'must be a date and time like 2026-03-31T09:00:00Z' })
    .nullable()
    .default(null),
});
export type SendBroadcastBody = z.infer<typeof sendBroadcastBodySchema>;

export const broadcastsQuerySchema = pageQuerySchema;

export const broadcastCountsSchema = z.object({
  /** Students the messages were queued for. */
  recipients: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Still in the queue. */
  pending: z.number(),
  /** Left out because their e-mails were off when it was sent, or who turned them off since. */
  unsubscribed: z.number(),
});
export type BroadcastCounts = z.infer<typeof broadcastCountsSchema>;

export const broadcastSchema = z.object({
  broadcast_Id: z.number(),
  subject: z.string(),
  body: z.string(),
  format: z.enum(BROADCAST_FORMATS),
  audience: z.enum(BROADCAST_AUDIENCES),
  course_Id: z.number().nullable(),
  course_title: z.string().nullable(),
  state: z.enum(BROADCAST_STATES),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** Why a scheduled message was not sent at its time (it is a draft again). */
  last_error: z.string().nullable(),
  counts: broadcastCountsSchema,
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Students it would go to now (their e-mails on). */
  recipients: z.number(),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

/** The school's allowance this month: null limit is unlimited. */
export const broadcastAllowanceSchema = z.object({
  plan: z.string().nullable(),
  limit: z.number().nullable(),
  used: z.number(),
  remaining: z.number().nullable(),
});
export type BroadcastAllowance = z.infer<typeof broadcastAllowanceSchema>;

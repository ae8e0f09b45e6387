/**
 * What the API says about one field of a 400 answer (`details[].message`: "is required", "must be at
 * most 80 characters"), as templates: the English the API writes, with `{name}` where a value goes.
 * The API answers in English (the specification's texts and the suites read them); the web app finds
 * a message's template here and says it in its reader's language from its catalogues
 * (`common.fieldText.<key>`, whose English is these texts). A test reads the schemas and services for
 * their messages and fails on one that no template here matches.
 */
export const FIELD_TEXTS = {
  required: 'is required',
  requiredOrCode: 'is required (or a VerificationCode mailed to you)',
  requiredOrLesson: 'is required (or lesson_Id)',
  requiredForCourseStudents: 'is required for a course’s students',
  requiredForOwnPassword: 'is required to change your own password',
  requiredToEnrol: 'is required to enrol the student',
  requiredAfterDays: 'is required when release_mode is after_days',
  requiredOnDate: 'is required when release_mode is on_date',
  requiredWithRelease: 'is required with release_at or release_days',
  invalid: 'is invalid',
  notValid: 'is not valid',
  invalidOrExpired: 'is invalid or has expired',
  empty: 'is empty',
  notEmpty: 'must not be empty',
  tooLarge: 'is too large',
  tooLong: 'is too long',
  captionsTooLarge: 'is too large: a captions file may be at most {max} MB',
  alreadyRegistered: 'is already registered',
  alreadyVerified: 'this e-mail address is already verified',
  noAccount: 'no account uses this e-mail address',
  notCurrentPassword: 'is not your current password',
  sameAsCurrentPassword: 'must be different from your current password',
  passwordOrCode: 'send either currentPassword or VerificationCode, not both',
  answeredTwice: 'is answered twice',
  notYourCategory: 'is not a category of your organisation',
  notYourCourse: 'is not a course of your organisation',
  notYourAuthor: 'is not an author of your organisation',
  notPriceType: 'is not a known price type',
  notAttemptQuestion: 'is not a question of this attempt',
  notTestCard: 'is not a sandbox test card',
  notUnsubscribeLink: 'is not a valid unsubscribe link',
  notOpenAnswer: 'is not an open answer question',
  onlyTextLesson: 'is only for a text lesson',
  kindNotKind: 'is {actual}, not {expected}',
  fileMismatch: "does not match the lesson's file ({name})",
  payloadMismatch: 'does not match the payload',
  noCues: 'has no cues: add at least one timed line of text',
  noPlan: 'matches no plan',
  malformedForm: 'malformed multipart form',
  multipartOnly: 'must be multipart/form-data',
  oneFile: 'send one file per request',
  fileOrText: 'send either a file or the written lesson, not both',
  idsOrAll: 'give either ids or all: true',
  oneOrOther: 'give {first} or {second}',
  onlyWhenPublished: 'can be true only with published: true',
  notForQuizLesson: 'cannot be given for a quiz lesson: it completes when an attempt passes',
  notForMediaLesson:
    'cannot be true for a video or audio lesson: it completes once 90% of it has been watched',
  cannotBecomeQuiz: 'cannot become quiz: make a new quiz lesson',
  mustStayQuiz: 'must stay quiz: the lesson is a quiz',
  notGivenForQuiz: 'must not be given for a quiz lesson: its questions are saved with quizzes/SaveQuiz',
  notGivenForChoice: 'must not be given for a choice question',
  notGivenForWritten: 'must not be given for a written answer',
  allYourCourses: 'must all be courses of your school',
  yourCourses: 'must be courses of your school',
  yourCourse: 'must be a course of your school',
  freeCourseZero: 'must be 0 for a free course',
  zeroOrLesson: 'must be 0 or a lesson id',
  zeroOrMore: 'must be 0 or more',
  moreThanZero: 'must be more than 0',
  notNegative: 'must not be negative',
  cvc: 'must be 3 or 4 digits',
  studentRole: 'must be 3: organisations register through organization/RegisterOrg',
  expiry: 'must be MM/YY',
  sixDigitCode: 'must be a 6-digit code',
  jsonObject: 'must be a JSON object',
  validJson: 'must be valid JSON',
  captionsFormat:
    'must be a WebVTT file (starting with WEBVTT) or an SRT file (numbered cues timed as 00:00:01,000 --> 00:00:02,500)',
  cardNumber: 'must be a card number',
  certificateNumber: 'must be a certificate number like SW-ABCD-EFGH-JKLM-NPQR',
  colour: 'must be a colour like #1d4ed8',
  dateTime: 'must be a date and time like 2026-03-31T09:00:00Z',
  date: 'must be a date like 2026-03-31',
  dateOrDateTime: 'must be a date like 2026-12-01 or 2026-12-01T09:00:00Z',
  domain: 'must be a domain name like learn.example.com, without https:// or a path',
  languageTag: 'must be a language tag such as en, fr or pt-BR',
  appPath: 'must be a path of this app, like /students/checkout',
  phone: 'must be a phone number',
  positiveInteger: 'must be a positive integer',
  price: 'must be a price like 19.99',
  amount: 'must be an amount like 19.99',
  quizLesson: 'must be a quiz lesson (a lesson whose contentType is quiz)',
  unixTime: 'must be a time in Unix seconds',
  email: 'must be a valid e-mail address',
  videoLesson: 'must be a video lesson: only a video has captions',
  webAddress: 'must be a web address starting with http:// or https://',
  httpUrl: 'must be an http:// or https:// URL',
  wholeNumber: 'must be a whole number',
  wholeNumberRange: 'must be a whole number from {min} to {max}',
  wholeBytes: 'must be a whole number of bytes',
  wholeDays: 'must be a whole number of days',
  wholeDaysRange: 'must be a whole number of days from {min} to {max}',
  wholePercentRange: 'must be a whole percent from {min} to {max}',
  yearRange: 'must be a year from {min} to {max}',
  wholeCents: 'must be whole cents',
  twoDecimals: 'must have at most two decimals',
  quizImage: 'must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage',
  orderId: 'must be an order id from CreateOrder',
  otherMember: 'must be another member of the team',
  atLeastChars: 'must be at least {min} characters',
  atLeast: 'must be at least {min}',
  atMostChars: 'must be at most {max} characters',
  atMostKb: 'must be at most {max} KB',
  atMostQuestionCount: 'must be at most the number of questions ({max})',
  atMostPoints: "must be at most {max}, the question's points",
  atMostLeft: 'must be at most {max}, what is left of the sale',
  atMostSpan: 'must be at most {max} {unit}s before to',
  atMost: 'must be at most {max}',
  emptyForKind: 'must be empty for a {kind} answer question',
  emptyUnlessShort: 'must be empty unless the question is a short answer',
  future: 'must be in the future',
  withinDays: 'must be within {max} days',
  metadataPairs: 'must be key and base64 value pairs, separated by commas',
  codeCharacters: 'must be letters, digits, - or _',
  slugCharacters: 'must be lower-case letters, digits and hyphens between them',
  nullUnlessCourse: 'must be null unless the audience is course',
  oneLine: 'must be on one line',
  oneOf: 'must be one of {values}',
  mustBeTrue: 'must be true',
  trueFalseOptions: 'must be two options (true and false), one of them correct',
  atLeastOptions: 'must have at least {min} options',
  acceptedAnswer: 'must have at least one accepted answer',
  correctOption: 'must have at least one correct option',
  oneQuestion: 'must have at least one question',
  atMostAnswers: 'must have at most {max} answers',
  atMostOptions: 'must have at most {max} options',
  atMostQuestions: 'must have at most {max} questions',
  exactlyOneCorrect: 'must have exactly one correct option',
  oneId: 'must list at least one id',
  atMostListedCourses: 'must list at most {max} courses',
  atMostIds: 'must list at most {max} ids',
  listLessons: 'must list the lessons',
  courseOrAll: 'must name at least one course, or be null for all courses',
  oneEvent: 'must name at least one event',
  atMostNamedCourses: 'must name at most {max} courses',
  oneOption: 'must name one option',
  questionOptions: 'must name options of this question',
  notAfterTo: 'must not be after to',
  notBeforeStart: 'must not be before starts_on',
  controlCharacters: 'must not contain control characters',
  mustBe: 'must be {value}',
} as const;

export type FieldTextKey = keyof typeof FIELD_TEXTS;

const PLACEHOLDER = /\{(\w+)\}/g;

/** A message's template and the values in its placeholders. */
export type TemplateMatch<K extends string> = { key: K; values: Record<string, string> };

/**
 * A finder of the template a message was written from (among `texts`, English with `{name}` where a value
 * goes), with the values in its placeholders; undefined for a message none matches. Where two match, the
 * one with more fixed text wins ("must be at most {max} characters" before "must be at most {max}").
 */
export function templateMatcher<K extends string>(
  texts: Readonly<Record<K, string>>,
): (message: string) => TemplateMatch<K> | undefined {
  let matchers: { key: K; pattern: RegExp; names: string[]; literal: number }[] | undefined;
  return (message) => {
    matchers ??= (Object.entries(texts) as [K, string][])
      .map(([key, text]) => {
        const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
        const source = text
          .split(PLACEHOLDER)
          .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return {
          key,
          pattern: new RegExp(`^${source}$`, 's'),
          names,
          literal: text.replace(PLACEHOLDER, '').length,
        };
      })
      .sort((a, b) => b.literal - a.literal);
    for (const { key, pattern, names } of matchers) {
      const match = pattern.exec(message);
      if (match)
        return {
          key,
          values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])),
        };
    }
    return undefined;
  };
}

/** The field message's template (FIELD_TEXTS) and its values. */
export const matchFieldText = templateMatcher(FIELD_TEXTS);

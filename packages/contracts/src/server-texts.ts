import { templateMatcher } from './field-texts';

/**
 * The API's own whole-sentence messages outside the specification's (MSG): a plan's limits, a refused
 * refund, a code mailed again. English, as the API writes them, with `{name}` where a value goes; the
 * web app says them in its reader's language from its `forms` catalogue (`forms.serverText.<key>`, whose
 * English is these texts). The API keeps answering in English; a test checks that each template's fixed
 * words are still written in the API's sources.
 */
export const SERVER_TEXTS = {
  onlyPublisher: 'Only an organisation’s publisher can do this.',
  onlyEnrolledReview: 'Only students enrolled in this course can review it.',
  ownAccountsOnly: 'You can only change accounts your organisation created.',
  authorInUse: 'This author is shown on a course; choose another author for it first.',
  categoryInUse: 'This category is used by a course; move it to another category first.',
  broadcastTries: 'A message may be tried {count} times; send it or start a new one.',
  onlyScheduledCancel: 'Only a scheduled message can be cancelled.',
  broadcastDone: 'This message was sent or cancelled already.',
  broadcastFixed: 'This message was sent or cancelled: it cannot be changed.',
  orderForSelf: 'An order is placed for the signed-in user only.',
  studentBuys: 'Courses are bought with a student account. Please log in as a student.',
  noPlanCosts: 'No plan costs {price}. Please reload the plans and try again.',
  priceChanged: 'The price is {price}, not {sent}. Please reload and try again.',
  orderOtherPlan: 'This order is for the {plan} plan, not {other}.',
  couponExists: 'A coupon with this code exists already.',
  couponUsed: 'This coupon was used: pause it instead.',
  recordGone:
    'A record this change refers to no longer exists; it may have just been deleted. Please reload and try again.',
  changeStale:
    'This change no longer fits the stored data; it may have just been changed. Please reload and try again.',
  recordExists:
    'This conflicts with a record that already exists; it may have just been added. Please reload and try again.',
  recordUsed:
    'This record is still used by another one, so it cannot be deleted. Please reload and try again.',
  enrolledIn: 'Enrolled in "{course}".',
  boughtCannotRemove: 'The student bought this course: it cannot be taken away.',
  selfEnrolledCannotRemove: 'The student enrolled in this free course themselves: it cannot be taken away.',
  alreadyEnrolled: 'This student is already enrolled in this course.',
  bodyTooLarge: 'The request body is too large.',
  badCharacters: 'The request contains characters that cannot be stored (such as NUL).',
  requestCut: 'The request ended before it was complete.',
  contentTypeRefused: 'This content type is not accepted here.',
  noVideoPicture: 'The file has no video picture to stream.',
  lessonFileKinds: 'A lesson file must be a PDF, a video, an audio file or plain text.',
  bulkKinds: 'Bulk upload takes images, videos and PDF files only.',
  fileKindMismatch: 'The file is {actual}, not {expected}: choose a matching content type.',
  notOnSale: 'This course is not on sale at the moment.',
  freeNothingToRefund: 'This enrolment was free: there is nothing to refund.',
  saleRefunded: 'This sale is refunded in full already.',
  neverPaid: 'This order was never paid: there is nothing to refund.',
  connectStripe: 'Connect your Stripe account in Settings to sell paid courses.',
  finishStripe: 'Finish setting up your Stripe account in Settings to sell paid courses.',
  paypalOff: 'PayPal is not configured on this installation.',
  setPaypal: 'Set the PayPal account you are paid into in Settings to sell paid courses.',
  stripeUnreachable: 'Stripe could not be reached. Please try again in a moment.',
  stripeOff: 'Stripe is not configured on this installation.',
  stripeNeedsInfo:
    'Stripe needs more information about your school before it can take payments: open Settings and update your Stripe account.',
  stripeRefused: 'Stripe refused the request. Please try again later.',
  collectedStripe:
    'This installation collects payments itself (PAYOUT_MODE=collected): schools do not connect their own Stripe account.',
  collectedPaypal:
    'This installation collects payments itself (PAYOUT_MODE=collected): schools do not set their own PayPal account.',
  schoolCannotSell:
    'This school cannot take payments{how} yet, so the course cannot be bought at the moment.',
  planChanging: 'A change to this plan is under way. Please try again in a moment.',
  approvePaypalFirst: 'Approve your plan’s renewal at PayPal on Plan & billing first, then change your plan.',
  noSavedCard:
    'No saved card can pay the difference: choose the plan on the plans screen and pay at checkout.',
  planChangedMeanwhile: 'The plan changed meanwhile. Please reload and try again.',
  noRenewingPlan:
    'Your organisation has no plan that renews: choose a plan on the plans screen to start one.',
  planCancelled: 'Your plan is cancelled: resume it first, then change it.',
  paypalPeriod:
    'Your plan renews through PayPal, which keeps its billing period: choose the plan on the plans screen and pay at checkout to change it.',
  renewalFailedChange: 'Your renewal payment failed: pay for your plan first, then change it.',
  renewalFailedCancel:
    'Your renewal payment failed: the plan ends when its grace days do unless it is paid, so there is nothing to cancel.',
  studentsLimit:
    'The {plan} plan of this organisation allows {limit} students; it cannot take more. Upgrade the plan to add students.',
  noSubscription: 'Your organisation has no running subscription: choose a plan first.',
  mailsLimit:
    'Your {plan} plan allows {limit} marketing e-mails a month; {remaining} remain this month and this message would go to {recipients} students. Choose fewer students, wait for next month or upgrade your plan.',
  publishLimitOne:
    'Your {plan} plan allows {limit} published course. Unpublish one or upgrade your plan to publish more.',
  publishLimit:
    'Your {plan} plan allows {limit} published courses. Unpublish one or upgrade your plan to publish more.',
  planPriceFormat: 'The price must be in dollars with at most two decimals, e.g. 49.00.',
  ownPasswordProof: 'To change your own password, please give your current password or a code mailed to you.',
  codeSentMoment: 'We sent a 6-digit code to {email} a moment ago: please use the one in that e-mail.',
  codeSent: 'We sent a 6-digit code to {email}. It expires in 15 minutes.',
  ownEmailOnly: 'You can only look up your own e-mail address.',
  refundedGuarantee:
    'Refunded {amount} under the school’s money-back guarantee. The course is no longer yours.',
  schoolDecides: 'The school decides on your request.',
  guaranteeEnded: 'The {days}-day money-back guarantee ended on {date}.',
  purchaseRefunded: 'This purchase is refunded in full already.',
  requestAnswered: 'This request was answered already.',
  noGuarantee: 'This school offers no money-back guarantee.',
  progressOver: 'You have completed {done}% of the course; the guarantee covers up to {max}%.',
  refundOnWay:
    'Your refund of {amount} is on its way: the payment provider takes it as soon as it answers. The course is no longer yours.',
  dbSlow:
    'The database took too long to answer this request. Try again in a moment; if it keeps happening, ask for fewer rows or a narrower search.',
  addressTooLong: 'The address is too long: its query may be at most {max} characters.',
  paymentComplete: 'This payment is already complete.',
  filesWithoutPlan:
    'Without a running plan your organisation may store {allowed} of files and {used} are used. Delete files or choose a plan to upload more.',
  uploadsUnderWay:
    'Your organisation has {count} uploads under way. Finish or cancel one before starting another.',
  filesLimit:
    'Your {plan} plan allows {allowed} of files and {used} are used. Delete files or upgrade your plan to upload more.',
  ownershipHandedOver: 'Ownership handed over.',
  fileTooLarge: 'The file is too large. The maximum is {max}.',
  fileTypeRefused: 'This type of file is not accepted.',
  codeAccepted: 'Code accepted. Please choose a new password.',
  codeSentOften:
    'We have sent your code to {email} several times in the last 15 minutes: please use the one in those e-mails.',
  codeSentAgain:
    'We sent your code again to {email}. It is the same 6-digit code, and it expires in 15 minutes.',
  codeSentRecently: 'We sent your code to {email} less than a minute ago: please use the one in that e-mail.',
  codeExpired: 'This code has expired. Please request a new code.',
  codeTries: 'Too many wrong tries: this code no longer works. Please request a new code.',
  // What `notFound` in the API says of each thing it looks for (apps/api/src/lib/errors.ts).
  fileNotFound: 'File not found.',
  organisationNotFound: 'Organisation not found.',
  lessonNotFound: 'Lesson not found.',
  messageNotFound: 'Message not found.',
  courseNotFound: 'Course not found.',
  quizNotFound: 'Quiz not found.',
  orderNotFound: 'Order not found.',
  userNotFound: 'User not found.',
  memberNotFound: 'Member not found.',
  webhookEndpointNotFound: 'Webhook endpoint not found.',
  planNotFound: 'Plan not found.',
  studentNotFound: 'Student not found.',
  sandboxPaymentNotFound: 'Sandbox payment not found.',
  authorNotFound: 'Author not found.',
  webhookNotFound: 'Webhook not found.',
  uploadNotFound: 'Upload not found.',
  reviewNotFound: 'Review not found.',
  refundRequestNotFound: 'Refund request not found.',
  enrolmentNotFound: 'Enrolment not found.',
  deliveryNotFound: 'Delivery not found.',
  couponNotFound: 'Coupon not found.',
  certificateNotFound: 'Certificate not found.',
  accountNotFound: 'Account not found.',
  sectionNotFound: 'Section not found.',
  schoolSiteNotFound: 'School site not found.',
  pageNotFound: 'Page not found.',
  invitationNotFound: 'Invitation not found.',
  domainNotFound: 'Domain not found.',
  categoryNotFound: 'Category not found.',
  captionsNotFound: 'Captions not found.',
  attemptNotFound: 'Attempt not found.',
  apiKeyNotFound: 'API key not found.',
} as const;

export type ServerTextKey = keyof typeof SERVER_TEXTS;

/** The server message's template (SERVER_TEXTS) and its values. */
export const matchServerText = templateMatcher(SERVER_TEXTS);

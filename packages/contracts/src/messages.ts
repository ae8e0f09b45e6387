/** User-facing texts of SPEC §5 and §8, exactly as written there. */
export const MSG = {
  loginFailed: 'Login failed: Invalid username or password.',
  loginSuccess: 'Login successful!',
  logout: 'You have logged out successfully.',
  noToken: 'No token found. Please log in.',
  tokenMissing: 'Authorization token is missing. Please log in again.',
  passwordsMismatch: 'Passwords do not match!',
  registrationSuccess: 'Registration successful!',
  registrationFailed: 'Registration failed. Please try again.',
  allFieldsRequired: 'All fields are required.',
  codeSendFailedCheckEmail:
    'Failed to send the activation code. Please check the email if you input the correct one.',
  codeSendFailed: 'Failed to send the activation code. Please try again.',
  invalidCode: 'Invalid verification code. Please try again.',
  provideValidCode: 'Please Make Sure to provide a valid Code!',
  enterSixDigits: 'Please enter a 6-digit code.',
  errorFetchingCourses: 'Error fetching courses.',
  noCoursesFound: 'No courses found',
  noCoursesFoundHint: 'Try adjusting your search or filters',
  noCoursesFoundList: 'No courses found.',
  alreadyEnrolled: 'You are already registered for this course. Please Go to My Course Section',
  paymentSuccess: 'Payment Successful! Thank you for your purchase.',
  paymentCaptureFailed: 'Payment capture failed. Please try again.',
  /** Not in the spec: said after paymentCaptureFailed when the card itself was declined (docs/decisions/021). */
  cardDeclined: 'Your card was declined, so nothing was charged. Please try another card.',
  paymentError: 'An error occurred during the payment process. Please try again.',
  orderIdMissing: 'Order ID is missing in the API response',
  /** Not in the spec: PayPal captured the payment but holds the money for review. */
  paymentPending:
    'Your payment was received and is being reviewed by the payment provider. You will get access as soon as it completes.',
  /** Not in the spec: a second tab captures while the first is still at it. */
  paymentInProgress:
    'Another payment for this course is in progress. Please wait a moment, then look in My Courses.',
  /** Not in the spec: a course with no published lesson yet cannot be bought or enrolled in. */
  courseComingSoon:
    'This course is coming soon: no lessons are published yet. You can enrol once its first lessons are out.',
  userAlreadyRegistered: 'User already registerd',
  studentAdded: 'Student added successfully!',
  profileUpdated: 'Profile updated successfully!',
  somethingWentWrong: 'Oops! Something went wrong.',
  userAndCourseRequired: 'User ID and Course ID are required.',
  bothIdsRequired: 'Both user and course ID are required.',
  missingLessonId: 'Missing lesson_Id. Cannot change lesson flag.',
  sectionNameEmpty: 'Section name cannot be empty.',
  errorSavingLesson: 'Error saving the lesson.',
  fileTooLarge100: 'File is too large. Maximum allowed size is 100 MB.',
  fileTooLarge2GB: 'File size should be less than 2 GB.',
} as const;

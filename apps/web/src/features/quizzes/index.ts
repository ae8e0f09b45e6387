// What other features may use of the quizzes feature; the rest is its own. Its screens are loaded when
// first opened: each loader is its own chunk, never part of the screen that shows it.
export const loadStudentQuiz = () => import('./components/student-quiz');
export const loadPreviewQuiz = () => import('./components/preview-quiz');

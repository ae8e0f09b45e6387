import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

const QUESTIONS = [
  {
    question: 'How do I create an account?',
    answer:
      'Choose Join Now, pick a student or an author account, then enter the 6-digit code we e-mail you.',
  },
  {
    question: 'I forgot my password.',
    answer: 'Use Forgot Password? on the log-in page: we e-mail you a code, then you choose a new password.',
  },
  {
    question: 'How do I publish my own courses?',
    answer:
      'Register your organisation as an author, choose a plan and start building courses from your dashboard.',
  },
];

export const HelpPage = () => (
  <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
    <h1 className="text-3xl font-bold tracking-tight text-slate-900">Help Center</h1>
    <p className="mt-2 text-slate-600">Answers to the questions we hear most often.</p>
    <div className="mt-8 flex flex-col gap-4">
      {QUESTIONS.map((item) => (
        <Card key={item.question} className="p-6">
          <h2 className="font-semibold text-slate-900">{item.question}</h2>
          <p className="mt-2 text-sm text-slate-600">{item.answer}</p>
        </Card>
      ))}
    </div>
    <p className="mt-8 text-sm text-slate-600">
      Ready to start?{' '}
      <Link to={paths.courses} className="font-semibold text-brand-600 hover:underline">
        Browse the courses
      </Link>
    </p>
  </div>
);

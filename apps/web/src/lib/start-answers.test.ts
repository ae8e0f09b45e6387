import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { noteStartAnswer, refetchUnlessStartAnswer, START_ANSWER_MS } from './start-answers';

const client = new QueryClient();
const queryOf = (queryKey: string[]) => {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) throw new Error(`no query ${queryKey.join('/')}`);
  return query;
};

afterEach(() => {
  vi.useRealTimers();
  client.clear();
});

test('the answer asked for as the app started serves its screen, not one asked for later or changed since', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  await client.prefetchQuery({ queryKey: ['start'], queryFn: () => 'at start' });
  await client.prefetchQuery({ queryKey: ['other'], queryFn: () => 'elsewhere' });
  noteStartAnswer(client, ['start']);
  // Noting a query that has no answer (a failure, nothing asked) notes nothing.
  noteStartAnswer(client, ['never']);
  expect(refetchUnlessStartAnswer(queryOf(['start']))).toBe(false);
  expect(refetchUnlessStartAnswer(queryOf(['other']))).toBe(true);

  // Seconds later the screen asks again, as it does for any answer.
  vi.setSystemTime(Date.now() + START_ANSWER_MS);
  expect(refetchUnlessStartAnswer(queryOf(['start']))).toBe(true);
});

test('an answer invalidated or asked for again since the start is asked for again', async () => {
  await client.prefetchQuery({ queryKey: ['invalidated'], queryFn: () => 1 });
  await client.prefetchQuery({ queryKey: ['replaced'], queryFn: () => 1 });
  noteStartAnswer(client, ['invalidated']);
  noteStartAnswer(client, ['replaced']);
  await client.invalidateQueries({ queryKey: ['invalidated'] });
  expect(refetchUnlessStartAnswer(queryOf(['invalidated']))).toBe(true);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 1);
  await client.fetchQuery({ queryKey: ['replaced'], queryFn: () => 2 });
  expect(refetchUnlessStartAnswer(queryOf(['replaced']))).toBe(true);
});

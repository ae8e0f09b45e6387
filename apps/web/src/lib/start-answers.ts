import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** How long an answer asked for as the app started serves the screen it was asked for. */
export const START_ANSWER_MS = 10_000;

/** The answers asked for as the app started (app/first-page-data.ts), by query: when each came. */
const startAnswers = new Map<string, number>();

/** Notes the answer of a query the app asked for as it started, for the screen that shows it. */
export const noteStartAnswer = (client: QueryClient, queryKey: QueryKey): void => {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') startAnswers.set(query.queryHash, query.state.dataUpdatedAt);
};

type QueryState = { queryHash: string; state: { dataUpdatedAt: number; isInvalidated: boolean } };

/**
 * `refetchOnMount` of a query its screen asks again each time it opens (staleTime 0: signed URLs age, a
 * purchase adds an enrolment): not when the answer is the one the app asked for as it started, seconds
 * ago, for this very screen, and nothing has replaced or invalidated it since; every other time, as
 * before. The screen a student opens is then drawn from the answers asked for beside its code, without
 * asking for each again as it is drawn (docs/BENCHMARKS.md, the learning screen).
 */
export const refetchUnlessStartAnswer = ({ queryHash, state }: QueryState): boolean => {
  const answeredAt = startAnswers.get(queryHash);
  return !(
    answeredAt !== undefined &&
    state.dataUpdatedAt === answeredAt &&
    !state.isInvalidated &&
    Date.now() - answeredAt < START_ANSWER_MS
  );
};

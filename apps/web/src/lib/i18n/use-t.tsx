import { TransNoContext } from '@lingui/react/server';
import { type ReactNode, useCallback, useSyncExternalStore } from 'react';
import { i18n, type MessageId, type MessageValues } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

/**
 * The current language's messages for a component: `t('auth.login')`. The component draws again when
 * the language changes (no provider is needed above it).
 */
export const useT = () => {
  const locale = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  // A new function a language, so memoised children that take `t` draw again too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale is what makes a new function
  return useCallback((id: MessageId, values?: MessageValues): string => i18n._(id, values), [locale]);
};

/** The current language, drawing again when it changes. */
export const useLocale = () => useSyncExternalStore(subscribe, currentLocale, currentLocale);

/**
 * A message with elements inside it: `<T id="auth.noAccount" components={{ 0: <Link to=… /> }} />` for
 * `Don't have an account? <0>Register</0>`; the tags' texts are the catalogue's, the elements the code's.
 */
export const T = ({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, React.ReactElement>;
}): ReactNode => {
  useLocale();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
};

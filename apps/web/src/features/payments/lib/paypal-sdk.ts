/** The part of PayPal's JS SDK we use: paypal.Buttons({...}).render(container). */
export type PayPalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onError: (error: unknown) => void;
  onCancel: () => void;
};

export type PayPalButtonsInstance = {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
};

export type PayPalNamespace = { Buttons: (options: PayPalButtonsOptions) => PayPalButtonsInstance };

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

const SCRIPT_ID = 'paypal-js-sdk';

/** SPEC §4 with PayPal: the SDK for our client id, in dollars, capturing on approval. */
export const paypalSdkUrl = (clientId: string, currency: string): string =>
  `https://www.paypal.com/sdk/js?${new URLSearchParams({ 'client-id': clientId, currency, intent: 'capture' }).toString()}`;

let loading: { src: string; promise: Promise<PayPalNamespace> } | undefined;

/**
 * Adds PayPal's script once (only in PayPal mode: the sandbox never loads anything from outside) and
 * answers window.paypal. A failure is logged (SPEC §7) and forgotten, so a later visit can try again.
 */
export const loadPayPalSdk = (clientId: string, currency: string): Promise<PayPalNamespace> => {
  const src = paypalSdkUrl(clientId, currency);
  if (loading?.src === src) return loading.promise;
  if (window.paypal && document.getElementById(SCRIPT_ID)?.getAttribute('src') === src) {
    return Promise.resolve(window.paypal);
  }
  document.getElementById(SCRIPT_ID)?.remove();

  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.paypal) resolve(window.paypal);
      else reject(new Error('The PayPal script loaded without window.paypal.'));
    });
    script.addEventListener('error', () =>
      reject(new Error(`The PayPal script could not be loaded: ${src}`)),
    );
    document.head.append(script);
  });
  const entry = { src, promise };
  loading = entry;
  promise.catch((error: unknown) => {
    console.error('PayPal SDK loading failed', error);
    if (loading === entry) loading = undefined;
    document.getElementById(SCRIPT_ID)?.remove();
  });
  return promise;
};

/** For tests: forgets the script. */
export const resetPayPalSdk = (): void => {
  loading = undefined;
  document.getElementById(SCRIPT_ID)?.remove();
};

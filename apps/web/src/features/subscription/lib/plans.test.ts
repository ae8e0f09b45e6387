import type { PricingRecord } from '@skillwise/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, i18n } from '@/lib/i18n/i18n';
import spanish from '@/locales/es/admin.json';
import { planFeatures } from './plans';

const item = (text: string, note: string | null = null, capability = 'other') => ({
  text,
  capability,
  included: true,
  note,
});

const pricing = {
  features: {
    Basic: [
      item('3 Products'),
      item('10,000 Contacts', null, 'contacts'),
      item('Our own extra', 'Ask us'),
      item('Webhooks'),
    ],
  },
} as unknown as PricingRecord;

describe("a plan's card in the reader's language", () => {
  afterEach(() => i18n.activate('en'));

  it("keeps the specification's English, says it in Spanish, and leaves the operator's own texts", () => {
    const texts = (items: ReturnType<typeof planFeatures>) => items.map(({ text, note }) => [text, note]);
    expect(texts(planFeatures(pricing, 'Basic'))).toEqual([
      ['3 Products', null],
      ['10,000 Contacts', null],
      ['50 GB of file storage', null],
      ['Our own extra', 'Ask us'],
      ['Webhooks', null],
    ]);
    addCatalogue('es', 'admin', spanish);
    i18n.activate('es');
    expect(texts(planFeatures(pricing, 'Basic'))).toEqual([
      ['3 productos', null],
      ['10.000 contactos', null],
      [expect.stringContaining('50'), null],
      ['Our own extra', 'Ask us'],
      ['Webhooks', null],
    ]);
  });
});

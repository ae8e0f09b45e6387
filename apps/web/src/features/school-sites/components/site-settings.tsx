import {
  CUSTOM_DOMAIN_PLAN,
  contrastWithWhite,
  LOCALE_NAMES,
  LOCALES,
  SCHOOL_ABOUT_MAX,
  SCHOOL_COLOR_MIN_CONTRAST,
  SCHOOL_HEADLINE_MAX,
  SCHOOL_NAME_MAX,
  SCHOOL_SITE_MSG,
  SCHOOL_SLUG_MAX,
  SCHOOL_SLUG_MIN,
  type SchoolSiteSettings,
  schoolColorSchema,
  schoolDomainSchema,
  schoolSlugSchema,
} from '@skillwise/contracts';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName, SubmitButton } from '@/components/ui/button';
import { Field, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { FileInput, Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { formatCount, numberFormat } from '@/lib/format';
import { currentLocale, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import {
  useRemoveSchoolLogo,
  useSchoolSiteSettings,
  useSetSchoolDomain,
  useUpdateSchoolSite,
  useUploadSchoolLogo,
} from '../api/school-sites';
import { SchoolHeader, SchoolHero, SchoolThemed } from './school-site-view';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Issue = { code: string; message: string };

/** The first problem zod finds with a value, or undefined. */
const issueOf = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: Issue[] } } },
  value: unknown,
): Issue | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0];
};

/**
 * A contrast ratio as the reader writes numbers, to one decimal (`4.5`); the smallest one allowed as
 * written. English is written by hand, as lib/format.ts writes it, with no Intl formatter to load.
 */
const ratioText = (ratio: number): string =>
  currentLocale() === 'en'
    ? ratio.toFixed(1)
    : numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
const minimumText = (): string =>
  currentLocale() === 'en'
    ? String(SCHOOL_COLOR_MIN_CONTRAST)
    : numberFormat().format(SCHOOL_COLOR_MIN_CONTRAST);

// The schemas' own words are English (the server's); the form says the same in the reader's language.

/** What is wrong with an address, or undefined. */
const slugProblem = (value: string): string | undefined => {
  const issue = issueOf(schoolSlugSchema, value);
  if (!issue) return undefined;
  if (issue.code === 'too_small') {
    return translate('admin.schoolSites.slugTooShort', { min: formatCount(SCHOOL_SLUG_MIN) });
  }
  if (issue.code === 'too_big') {
    return translate('admin.schoolSites.slugTooLong', { max: formatCount(SCHOOL_SLUG_MAX) });
  }
  if (issue.message === SCHOOL_SITE_MSG.slugReserved) return translate('admin.schoolSites.slugReserved');
  return translate('admin.schoolSites.slugFormat');
};

/** What is wrong with a colour (not one, or too light for white text on it), or undefined. */
const colourProblem = (value: string): string | undefined => {
  if (!issueOf(schoolColorSchema, value)) return undefined;
  const hex = value.trim().toLowerCase();
  if (!HEX_COLOR.test(hex)) return translate('admin.schoolSites.colourFormat');
  return translate('admin.schoolSites.lowContrast', {
    ratio: ratioText(contrastWithWhite(hex)),
    min: minimumText(),
  });
};

/** What is wrong with a domain, or undefined. */
const domainProblem = (value: string): string | undefined =>
  issueOf(schoolDomainSchema, value) ? translate('admin.schoolSites.domainFormat') : undefined;

const brandOf = (settings: SchoolSiteSettings) => ({
  slug: settings.slug,
  display_name: settings.display_name,
  primary_color: settings.primary_color,
  headline: settings.headline,
  about: settings.about,
  language: settings.language,
});
type Brand = ReturnType<typeof brandOf>;

/** What the site will look like with these values: its header and the top of its home. */
const Preview = ({ values, settings }: { values: Brand; settings: SchoolSiteSettings }) => {
  const t = useT();
  const color = HEX_COLOR.test(values.primary_color) ? values.primary_color : settings.primary_color;
  const site = {
    name: values.display_name.trim() || settings.school_name,
    logo: settings.logo,
    headline: values.headline,
    about: values.about,
  };
  return (
    <section
      aria-label={t('admin.schoolSites.preview')}
      className="overflow-hidden rounded-2xl border border-slate-200"
    >
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('admin.schoolSites.preview')}
      </p>
      <SchoolThemed color={color}>
        <SchoolHeader site={site} links={{ home: '#', signUp: '#', login: '#' }} />
        <div className="max-h-80 overflow-hidden" inert>
          <SchoolHero site={site} preview />
        </div>
        <div className="border-t border-slate-200 px-4 py-4 sm:px-6 lg:px-8" inert>
          <span className={buttonClassName({})}>{t('admin.schoolSites.enrollNow')}</span>
        </div>
      </SchoolThemed>
    </section>
  );
};

/** The colour: a picker and its hex value, with the contrast white text has on it. */
const ColorField = ({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) => {
  const t = useT();
  const valid = HEX_COLOR.test(value);
  const ratio = valid ? contrastWithWhite(value.toLowerCase()) : undefined;
  const hint =
    ratio === undefined
      ? t('admin.schoolSites.colourExample')
      : t('admin.schoolSites.contrast', {
          ratio: ratioText(ratio),
          min: minimumText(),
        });
  return (
    <Field label={t('admin.schoolSites.colour')} hint={error ? undefined : hint} error={error}>
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label={t('admin.schoolSites.chooseColour')}
            value={valid ? value.toLowerCase() : '#4f46e5'}
            onChange={(event) => onChange(event.target.value)}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-slate-300 bg-white p-1"
          />
          <Input
            {...control}
            name="primary_color"
            value={value}
            maxLength={7}
            onChange={(event) => onChange(event.target.value)}
            className="max-w-40 font-mono"
          />
        </div>
      )}
    </Field>
  );
};

/** The brand form: address, name, colour, headline and about text, with a live preview. */
const BrandForm = ({ settings }: { settings: SchoolSiteSettings }) => {
  const t = useT();
  const update = useUpdateSchoolSite();
  const form = useForm({
    initial: () => brandOf(settings),
    validate: (v) => ({
      fields: {
        slug: slugProblem(v.slug),
        primary_color: colourProblem(v.primary_color),
      },
    }),
    serverFields: {
      slug: 'slug',
      display_name: 'display_name',
      primary_color: 'primary_color',
      headline: 'headline',
      about: 'about',
      language: 'language',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await update.mutateAsync(values);
    form.reset(brandOf(saved));
    notify.success(t('admin.schoolSites.siteSaved'));
  });
  const failure = form.failureMessage(t('admin.schoolSites.siteSaveFailed'));
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-5">
        <TextField
          label={t('admin.schoolSites.address')}
          name="slug"
          hint={t('admin.schoolSites.addressHint', { address: `${origin}/s/${form.values.slug || '…'}` })}
          counterMax={SCHOOL_SLUG_MAX}
          maxLength={SCHOOL_SLUG_MAX}
          {...form.field('slug')}
        />
        <TextField
          label={t('admin.schoolSites.nameShown')}
          labelNote={t('admin.schoolSites.optional')}
          name="display_name"
          placeholder={settings.school_name}
          hint={t('admin.schoolSites.nameShownHint')}
          counterMax={SCHOOL_NAME_MAX}
          {...form.field('display_name')}
        />
        <ColorField
          value={form.values.primary_color}
          onChange={(value) => form.setValue('primary_color', value)}
          error={form.error('primary_color')}
        />
        <TextField
          label={t('admin.schoolSites.headline')}
          labelNote={t('admin.schoolSites.optional')}
          name="headline"
          counterMax={SCHOOL_HEADLINE_MAX}
          {...form.field('headline')}
        />
        <TextAreaField
          label={t('admin.schoolSites.about')}
          labelNote={t('admin.schoolSites.optional')}
          name="about"
          rows={6}
          hint={t('admin.schoolSites.aboutHint')}
          counterMax={SCHOOL_ABOUT_MAX}
          {...form.field('about')}
        />
        <SelectField
          label={t('admin.schoolSites.language')}
          name="language"
          hint={t('admin.schoolSites.languageHint')}
          options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          {...form.field('language')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.schoolSites.saving')}>
            {t('admin.schoolSites.saveBrand')}
          </Button>
        </div>
      </form>
      <Preview values={form.values} settings={settings} />
    </div>
  );
};

/** The logo: uploaded as a course's cover is (a picture, counted in the school's storage), or removed. */
const LogoCard = ({ settings }: { settings: SchoolSiteSettings }) => {
  const t = useT();
  const uploadLogo = useUploadSchoolLogo();
  const removeLogo = useRemoveSchoolLogo();
  const [inputKey, setInputKey] = useState(0);
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      await uploadLogo.mutateAsync(file);
      notify.success(t('admin.schoolSites.logoSaved'));
    } catch (error) {
      notify.error(errorMessage(error, t('admin.schoolSites.logoSaveFailed')));
    } finally {
      setInputKey((key) => key + 1);
    }
  };
  const onRemove = async () => {
    try {
      await removeLogo.mutateAsync(undefined);
      notify.success(t('admin.schoolSites.logoRemoved'));
    } catch (error) {
      notify.error(errorMessage(error, t('admin.schoolSites.logoRemoveFailed')));
    }
  };
  return (
    <TitledCard title={t('admin.schoolSites.logo')} description={t('admin.schoolSites.logoText')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {settings.logo ? (
          <img
            src={`${settings.logo}?w=160`}
            alt={t('admin.schoolSites.yourLogo')}
            className="size-20 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
          />
        ) : (
          <p className="text-sm text-slate-600">{t('admin.schoolSites.noLogo')}</p>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label className="text-sm font-medium text-slate-800" htmlFor="school-logo">
            {t(settings.logo ? 'admin.schoolSites.replaceLogo' : 'admin.schoolSites.uploadLogo')}
          </label>
          <FileInput
            key={inputKey}
            id="school-logo"
            accept="image/jpeg,image/png,image/gif,image/webp"
            disabled={uploadLogo.isPending}
            onChange={(event) => void onPick(event)}
          />
        </div>
        {settings.logo ? (
          <Button variant="outline" onClick={() => void onRemove()} isLoading={removeLogo.isPending}>
            {t('admin.schoolSites.remove')}
          </Button>
        ) : null}
      </div>
    </TitledCard>
  );
};

/** The school's own domain, on the plan that has one. */
const DomainCard = ({ settings }: { settings: SchoolSiteSettings }) => {
  const t = useT();
  const setDomain = useSetSchoolDomain();
  const form = useForm({
    initial: { domain: settings.custom_domain ?? '' },
    validate: (v) => ({
      fields: { domain: v.domain.trim() ? domainProblem(v.domain) : undefined },
    }),
    serverFields: { domain: 'domain' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await setDomain.mutateAsync(values.domain.trim() || null);
    form.reset({ domain: saved.custom_domain ?? '' });
    notify.success(
      t(saved.custom_domain ? 'admin.schoolSites.domainSaved' : 'admin.schoolSites.domainRemoved'),
    );
  });
  const failure = form.failureMessage(t('admin.schoolSites.domainSaveFailed'));
  const allowed = settings.custom_domain_allowed;
  return (
    <TitledCard
      title={t('admin.schoolSites.customDomain')}
      description={t('admin.schoolSites.customDomainText', { plan: CUSTOM_DOMAIN_PLAN })}
    >
      {allowed ? (
        <p className="text-sm text-slate-600">
          {t('admin.schoolSites.dns', { host: new URL(settings.url).host })}
        </p>
      ) : (
        <Alert tone="info">
          {t('admin.schoolSites.needsPlan', { plan: CUSTOM_DOMAIN_PLAN })}{' '}
          <Link to={paths.admin.subscription} className="font-semibold underline">
            {t('admin.schoolSites.seePlans')}
          </Link>
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('admin.schoolSites.domain')}
          name="domain"
          placeholder={t('admin.schoolSites.domainPlaceholder')}
          disabled={!allowed && !settings.custom_domain}
          {...form.field('domain')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex justify-end">
          <SubmitButton
            form={form}
            variant="outline"
            loadingText={t('admin.schoolSites.saving')}
            disabled={!allowed && !settings.custom_domain}
          >
            {t(allowed ? 'admin.schoolSites.saveDomain' : 'admin.schoolSites.removeDomain')}
          </SubmitButton>
        </div>
      </form>
    </TitledCard>
  );
};

/** The school's own site and brand (docs/decisions/040): its staff's screen. */
export const SiteSettings = () => {
  const t = useT();
  const settings = useSchoolSiteSettings();
  if (settings.isPending) return <LoadingBlock label={t('admin.schoolSites.loading')} />;
  if (settings.error) {
    return (
      <LoadError
        message={errorMessage(settings.error, t('admin.schoolSites.loadFailed'))}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const site = settings.data;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={site.url}
          target="_blank"
          rel="noreferrer"
          className={buttonClassName({ variant: 'outline' })}
        >
          {t('admin.schoolSites.openSite')}
        </a>
        <span className="min-w-0 font-mono text-sm break-all text-slate-600">{site.url}</span>
      </div>
      <TitledCard title={t('admin.schoolSites.brand')} description={t('admin.schoolSites.brandText')}>
        <BrandForm key={site.slug} settings={site} />
      </TitledCard>
      <LogoCard settings={site} />
      <DomainCard settings={site} />
    </div>
  );
};

/** Settings: the card that leads to the site's own screen. */
export const SchoolSiteCard = () => {
  const t = useT();
  return (
    <TitledCard
      title={t('admin.schoolSites.card')}
      description={t('admin.schoolSites.cardText')}
      actions={
        <Link to={paths.admin.site} className={buttonClassName({ size: 'sm' })}>
          {t('admin.schoolSites.editSite')}
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{t('admin.schoolSites.cardNote')}</p>
    </TitledCard>
  );
};

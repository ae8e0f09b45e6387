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
  type SchoolSiteSettings,
  schoolColorSchema,
  schoolDomainSchema,
  schoolSlugSchema,
} from '@skillwise/contracts';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { FileInput, Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
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

/** The first problem zod finds with a value, or undefined. */
const problemOf = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
};

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
  const color = HEX_COLOR.test(values.primary_color) ? values.primary_color : settings.primary_color;
  const site = {
    name: values.display_name.trim() || settings.school_name,
    logo: settings.logo,
    headline: values.headline,
    about: values.about,
  };
  return (
    <section aria-label="Preview" className="overflow-hidden rounded-2xl border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Preview
      </p>
      <SchoolThemed color={color}>
        <SchoolHeader site={site} links={{ home: '#', signUp: '#', login: '#' }} />
        <div className="max-h-80 overflow-hidden" inert>
          <SchoolHero site={site} preview />
        </div>
        <div className="border-t border-slate-200 px-4 py-4 sm:px-6 lg:px-8" inert>
          <span className={buttonClassName({})}>Enroll Now</span>
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
  const valid = HEX_COLOR.test(value);
  const ratio = valid ? contrastWithWhite(value.toLowerCase()) : undefined;
  const hint =
    ratio === undefined
      ? 'A colour like #1d4ed8.'
      : `White text on it: ${ratio.toFixed(1)}:1 (at least ${SCHOOL_COLOR_MIN_CONTRAST}:1 is needed).`;
  return (
    <Field label="Colour" hint={error ? undefined : hint} error={error}>
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Choose the colour"
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
  const update = useUpdateSchoolSite();
  const form = useForm({
    initial: () => brandOf(settings),
    validate: (v) => ({
      fields: {
        slug: problemOf(schoolSlugSchema, v.slug),
        primary_color: problemOf(schoolColorSchema, v.primary_color),
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
    notify.success('Your site is saved.');
  });
  const failure = form.failureMessage('Your site could not be saved. Please try again.');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-5">
        <TextField
          label="Address"
          name="slug"
          hint={`${origin}/s/${form.values.slug || '…'} · lower-case letters, digits and hyphens`}
          counterMax={SCHOOL_SLUG_MAX}
          maxLength={SCHOOL_SLUG_MAX}
          {...form.field('slug')}
        />
        <TextField
          label="Name shown"
          labelNote="(optional)"
          name="display_name"
          placeholder={settings.school_name}
          hint="Blank: your school’s name."
          counterMax={SCHOOL_NAME_MAX}
          {...form.field('display_name')}
        />
        <ColorField
          value={form.values.primary_color}
          onChange={(value) => form.setValue('primary_color', value)}
          error={form.error('primary_color')}
        />
        <TextField
          label="Headline"
          labelNote="(optional)"
          name="headline"
          counterMax={SCHOOL_HEADLINE_MAX}
          {...form.field('headline')}
        />
        <TextAreaField
          label="About"
          labelNote="(optional)"
          name="about"
          rows={6}
          hint="Plain text; a blank line starts a new paragraph."
          counterMax={SCHOOL_ABOUT_MAX}
          {...form.field('about')}
        />
        <SelectField
          label="Language"
          name="language"
          hint="Your site opens in it for visitors whose browser speaks none of these."
          options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          {...form.field('language')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" isLoading={form.isSubmitting} loadingText="Saving...">
            Save brand
          </Button>
        </div>
      </form>
      <Preview values={form.values} settings={settings} />
    </div>
  );
};

/** The logo: uploaded as a course's cover is (a picture, counted in the school's storage), or removed. */
const LogoCard = ({ settings }: { settings: SchoolSiteSettings }) => {
  const uploadLogo = useUploadSchoolLogo();
  const removeLogo = useRemoveSchoolLogo();
  const [inputKey, setInputKey] = useState(0);
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      await uploadLogo.mutateAsync(file);
      notify.success('The logo is saved.');
    } catch (error) {
      notify.error(errorMessage(error, 'The logo could not be saved. Please try again.'));
    } finally {
      setInputKey((key) => key + 1);
    }
  };
  const onRemove = async () => {
    try {
      await removeLogo.mutateAsync(undefined);
      notify.success('The logo is removed.');
    } catch (error) {
      notify.error(errorMessage(error, 'The logo could not be removed. Please try again.'));
    }
  };
  return (
    <TitledCard title="Logo" description="Shown in your site’s header and when its links are shared.">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {settings.logo ? (
          <img
            src={`${settings.logo}?w=160`}
            alt="Your logo"
            className="size-20 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
          />
        ) : (
          <p className="text-sm text-slate-600">No logo yet: your site shows your name’s first letter.</p>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label className="text-sm font-medium text-slate-800" htmlFor="school-logo">
            {settings.logo ? 'Replace the logo' : 'Upload a logo'}
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
            Remove
          </Button>
        ) : null}
      </div>
    </TitledCard>
  );
};

/** The school's own domain, on the plan that has one. */
const DomainCard = ({ settings }: { settings: SchoolSiteSettings }) => {
  const setDomain = useSetSchoolDomain();
  const form = useForm({
    initial: { domain: settings.custom_domain ?? '' },
    validate: (v) => ({
      fields: { domain: v.domain.trim() ? problemOf(schoolDomainSchema, v.domain) : undefined },
    }),
    serverFields: { domain: 'domain' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await setDomain.mutateAsync(values.domain.trim() || null);
    form.reset({ domain: saved.custom_domain ?? '' });
    notify.success(saved.custom_domain ? 'Your domain is saved.' : 'Your domain is removed.');
  });
  const failure = form.failureMessage('Your domain could not be saved. Please try again.');
  const allowed = settings.custom_domain_allowed;
  return (
    <TitledCard
      title="Custom domain"
      description={`Your site at a domain of your own (${CUSTOM_DOMAIN_PLAN} plan).`}
    >
      {allowed ? (
        <p className="text-sm text-slate-600">
          Point your domain’s DNS at this installation (a CNAME to {new URL(settings.url).host}); its
          certificate is made on the first visit. The site answers there while your plan lasts.
        </p>
      ) : (
        <Alert tone="info">
          {SCHOOL_SITE_MSG.needsPlan}{' '}
          <Link to={paths.admin.subscription} className="font-semibold underline">
            See the plans
          </Link>
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Domain"
          name="domain"
          placeholder="learn.example.com"
          disabled={!allowed && !settings.custom_domain}
          {...form.field('domain')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex justify-end">
          <Button
            type="submit"
            variant="outline"
            isLoading={form.isSubmitting}
            loadingText="Saving..."
            disabled={!allowed && !settings.custom_domain}
          >
            {allowed ? 'Save domain' : 'Remove domain'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
};

/** The school's own site and brand (docs/decisions/040): its staff's screen. */
export const SiteSettings = () => {
  const settings = useSchoolSiteSettings();
  if (settings.isPending) return <LoadingBlock label="Loading your site..." />;
  if (settings.error) {
    return (
      <LoadError
        message={errorMessage(settings.error, 'Your site could not be loaded.')}
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
          Open your site
        </a>
        <span className="min-w-0 font-mono text-sm break-all text-slate-600">{site.url}</span>
      </div>
      <TitledCard title="Brand" description="How your site introduces your school, in your colour.">
        <BrandForm key={site.slug} settings={site} />
      </TitledCard>
      <LogoCard settings={site} />
      <DomainCard settings={site} />
    </div>
  );
};

/** Settings: the card that leads to the site's own screen. */
export const SchoolSiteCard = () => (
  <TitledCard
    title="School site"
    description="Your school’s own site: its address, name, logo, colour and domain."
    actions={
      <Link to={paths.admin.site} className={buttonClassName({ size: 'sm' })}>
        Edit your site
      </Link>
    }
  >
    <p className="text-sm text-slate-600">
      Visitors see your published courses there in your colours, and sign up as your students.
    </p>
  </TitledCard>
);

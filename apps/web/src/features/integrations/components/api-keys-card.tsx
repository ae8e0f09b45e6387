import { API_KEY_NAME_MAX, type ApiKey, type CreatedApiKey } from '@skillwise/contracts';
import { useState } from 'react';
import { RowButton, SubmitButton } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { DataList } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useForm } from '@/lib/use-form';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { SecretShownOnce } from './secret-shown-once';

const ApiKeyItem = ({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) => {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{apiKey.name}</p>
          <code className="font-mono text-sm text-slate-600">{apiKey.prefix}…</code>
          {apiKey.revoked_at ? (
            <Chip tone="muted">{t('admin.integrations.keys.revoked')}</Chip>
          ) : (
            <Chip tone="green">{t('admin.integrations.keys.active')}</Chip>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {apiKey.last_used_at
            ? t('admin.integrations.keys.dates', {
                created: formatDateTime(apiKey.created_at),
                used: formatDateTime(apiKey.last_used_at),
              })
            : t('admin.integrations.keys.datesNeverUsed', { created: formatDateTime(apiKey.created_at) })}
        </p>
      </div>
      {apiKey.revoked_at ? null : (
        <RowButton onClick={onRevoke} label={t('admin.integrations.keys.revokeLabel', { name: apiKey.name })}>
          {t('admin.integrations.keys.revoke')}
        </RowButton>
      )}
    </div>
  );
};

/**
 * Settings: the school's API keys (docs/decisions/037): a new key is shown once; the list gives each
 * key's first characters and when it was last used; Revoke stops it at once.
 */
export const ApiKeysCard = () => {
  const t = useT();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useForm({
    initial: { name: '' },
    validate: (v) => (v.name.trim() ? null : { fields: { name: t('admin.integrations.keys.nameRequired') } }),
    serverFields: { name: 'name' },
  });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setCreated(await create.mutateAsync(name.trim()));
    form.setValue('name', '');
  });
  const failure = form.failureMessage(t('admin.integrations.keys.createFailed'));
  return (
    <TitledCard
      title={t('admin.integrations.keys.title')}
      description={t('admin.integrations.keys.description')}
    >
      {created ? (
        <SecretShownOnce
          label={t('admin.integrations.keys.secretLabel', { name: created.name })}
          value={created.key}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {keys.isError ? null : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t('admin.integrations.keys.name')}
            name="api_key_name"
            maxLength={API_KEY_NAME_MAX}
            className="sm:flex-1"
            {...form.field('name')}
            error={form.error('name') ?? failure}
          />
          <SubmitButton form={form} className="sm:mt-7" loadingText={t('admin.integrations.keys.creating')}>
            {t('admin.integrations.keys.create')}
          </SubmitButton>
        </form>
      )}
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label={t('admin.integrations.keys.title')}
          query={keys}
          rowKey={(key) => key.id}
          item={(key) => <ApiKeyItem apiKey={key} onRevoke={() => setRevoking(key)} />}
          itemProps={(key) => ({ 'data-api-key': key.name })}
          loadingLabel={t('admin.integrations.keys.loading')}
          errorText={t('admin.integrations.keys.loadFailed')}
          empty={
            <div className="p-6">
              <EmptyState
                title={t('admin.integrations.keys.none')}
                hint={t('admin.integrations.keys.noneHint')}
              />
            </div>
          }
        />
      </div>
      <RemoveDialog
        item={revoking}
        title={t('admin.integrations.keys.revokeTitle')}
        message={({ name }) => t('admin.integrations.keys.revokeMessage', { name })}
        confirmLabel={t('admin.integrations.keys.revoke')}
        busyLabel={t('admin.integrations.keys.revoking')}
        onClose={() => setRevoking(null)}
        remove={(key) => revoke.mutateAsync(key.id)}
        done={({ name }) => t('admin.integrations.keys.revokedToast', { name })}
        failed={t('admin.integrations.keys.revokeFailed')}
      />
    </TitledCard>
  );
};

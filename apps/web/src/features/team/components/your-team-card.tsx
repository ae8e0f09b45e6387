import { TitledCard } from '@/components/ui/titled-card';
import { T, useT } from '@/lib/i18n/use-t';
import { useMyRole } from '../api/team';
import { LeaveTeamButton } from './ownership-card';

/** An instructor's Settings: its role on the school's team, what that allows, and Leave team. */
export const YourTeamCard = () => {
  const t = useT();
  const myRole = useMyRole();
  if (!myRole.data) return null;
  const { org_name, role } = myRole.data;
  return (
    <div className="max-w-4xl">
      <TitledCard
        title={t('admin.team.yourPlace')}
        description={t('admin.team.yourPlaceDescription', { school: org_name })}
      >
        <p className="text-sm text-slate-700">
          <T
            id="admin.team.roleLine"
            values={{
              role: t(`site.team.role.${role}`),
              description: t(`site.team.roleDescription.${role}`),
            }}
            components={{ 0: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
        <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{t('admin.team.staysYours')}</p>
          <LeaveTeamButton school={org_name} />
        </div>
      </TitledCard>
    </div>
  );
};

import { TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS } from '@skillwise/contracts';
import { TitledCard } from '@/components/ui/titled-card';
import { useMyRole } from '../api/team';
import { LeaveTeamButton } from './ownership-card';

/** An instructor's Settings: its role on the school's team, what that allows, and Leave team. */
export const YourTeamCard = () => {
  const myRole = useMyRole();
  if (!myRole.data) return null;
  const { org_name, role } = myRole.data;
  return (
    <div className="max-w-4xl">
      <TitledCard title="Your place on the team" description={`You are on ${org_name}’s team.`}>
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{TEAM_ROLE_LABELS[role]}</span>:{' '}
          {TEAM_ROLE_DESCRIPTIONS[role]}
        </p>
        <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Your account stays yours, as a student account.</p>
          <LeaveTeamButton school={org_name} />
        </div>
      </TitledCard>
    </div>
  );
};

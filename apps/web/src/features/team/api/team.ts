import type { AuditEvent, Invitation, MyTeamRole, Team, TeamInvite, TeamRole } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';
import { type RoleGate, rolePasses } from '../lib/role-access';

/** A school's team (docs/decisions/039): the caller's role, the members, invitations and audit log. */
export const teamKeys = {
  all: ['team'] as const,
  myRole: ['team', 'my-role'] as const,
  team: ['team', 'members'] as const,
  auditLog: (paging: PageRequest) => ['team', 'audit-log', paging] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

/**
 * GET team/GetMyRole: the caller's school and role, asked once by the admin layout and read from the
 * cache by every screen that shows or hides what the role allows (the server decides every call).
 */
const getMyRole = ({ signal }: { signal: AbortSignal }) =>
  apiRequest<MyTeamRole>('team/GetMyRole', { auth: true, signal });

export const useMyRole = () =>
  useQuery({
    queryKey: teamKeys.myRole,
    queryFn: getMyRole,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

const getTeam = ({ signal }: { signal: AbortSignal }) =>
  apiRequest<Team>('team/GetTeam', { auth: true, signal });

/** GET team/GetTeam: members, pending invitations and seats. */
export const useTeam = () => useQuery({ queryKey: teamKeys.team, queryFn: getTeam, retry: false });

/** The same answer's members, as the one list component reads a page. */
export const useTeamMembers = () =>
  useQuery({
    queryKey: teamKeys.team,
    queryFn: getTeam,
    retry: false,
    select: (team: Team) => ({ rows: team.members, total: team.members.length }),
  });

/** The same answer's pending invitations, as the one list component reads a page. */
export const useTeamInvites = () =>
  useQuery({
    queryKey: teamKeys.team,
    queryFn: getTeam,
    retry: false,
    select: (team: Team) => ({ rows: team.invites, total: team.invites.length }),
  });

/** GET team/GetAuditLog?page&pageSize&search: newest first. */
export const useAuditLog = (paging: PageRequest) =>
  usePageQuery(teamKeys.auditLog(paging), (signal) =>
    apiPage<AuditEvent>('team/GetAuditLog', paging, { auth: true, signal }),
  );

/** GET team/GetInvitation?token= (public): the school, role and address an invitation's link is for. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => apiRequest<Invitation>('team/GetInvitation', { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });

const post = <R>(path: string, body?: unknown): Promise<R> =>
  apiRequest<R>(`team/${path}`, { method: 'POST', auth: true, body });

/** Everything of the team is read again after a change: members, seats, the log and the caller's role. */
const useTeamChange = <T, R>(change: (body: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
};

export const useInviteMember = () =>
  useTeamChange((body: { email: string; role: TeamRole }) => post<TeamInvite>('InviteMember', body));
export const useRevokeInvite = () =>
  useTeamChange((inviteId: number) => post<unknown>('RevokeInvite', { invite_Id: inviteId }));
export const useChangeMemberRole = () =>
  useTeamChange((body: { user_Id: number; role: TeamRole }) => post<unknown>('ChangeMemberRole', body));
export const useRemoveMember = () =>
  useTeamChange((userId: number) => post<unknown>('RemoveMember', { user_Id: userId }));
export const useLeaveTeam = () => useTeamChange(() => post<unknown>('LeaveTeam'));
export const useTransferOwnership = () =>
  useTeamChange((body: { user_Id: number; password: string }) => post<unknown>('TransferOwnership', body));
export const useSetInstructorCourses = () =>
  useTeamChange((body: { user_Id: number; course_Ids: number[] }) =>
    post<unknown>('SetInstructorCourses', body),
  );

/** What team/AcceptInvite answers: the school joined and the role on its team. */
export type JoinedTeam = { org_Id: number; org_name: string; role: TeamRole; message: string };

export const useAcceptInvite = () =>
  useTeamChange((token: string) => post<JoinedTeam>('AcceptInvite', { token }));

/**
 * Whether the signed-in member's role passes a gate (features/team/lib/role-access.ts), as the role the
 * admin layout asked for says (read from the cache, never asked here): true while the role is unknown,
 * so a publisher's screens show as they always did. The server decides every call.
 */
export const useRoleAllows = (gate: RoleGate): boolean => {
  const role = useQuery({ queryKey: teamKeys.myRole, queryFn: getMyRole, enabled: false }).data?.role;
  return rolePasses(role, gate);
};

import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  COMPANY_ROLE_LABELS,
  INVITABLE_COMPANY_ROLES,
  USER_TYPE_LABELS,
  teamInviteSchema,
  type InvitableCompanyRole,
  type TeamDto,
  type TeamInvitationView,
  type TeamMemberView,
} from '@freight/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { SelectInput } from '../../components/SelectInput';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useTeamStore } from '../../stores/team';

const ROLE_OPTIONS = INVITABLE_COMPANY_ROLES.map((r) => ({ value: r, label: COMPANY_ROLE_LABELS[r] }));

const personName = (m: { firstName: string; lastName: string; email: string }) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

function lastActiveText(iso: string | null): string {
  if (!iso) return 'Not active yet';
  const ms = Date.now() - new Date(iso).getTime();
  if (ms < 2 * 60_000) return 'Active now';
  if (ms < 60 * 60_000) return `Active ${Math.round(ms / 60_000)} min ago`;
  if (ms < 24 * 3600_000) return `Active ${Math.round(ms / 3600_000)} h ago`;
  return `Active ${new Date(iso).toLocaleDateString()}`;
}

/** /team (issue 28): the company's members, invitations and seats; what each button does is the server's answer. */
export function TeamPage() {
  const team = useTeamStore((s) => s.team);
  const status = useTeamStore(selectStatus);
  const error = useTeamStore((s) => s.error);
  const load = useTeamStore((s) => s.load);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Container maxW="4xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      {dialog}
      <Stack gap="6">
        {!team ? (
          status === 'failed' ? (
            <Text color="red.600">{error}</Text>
          ) : (
            <Spinner role="status" aria-label="Loading your team" />
          )
        ) : (
          <>
            <TeamHeader team={team} />
            {team.viewerActions.invite && <InviteCard />}
            <MembersCard team={team} confirm={confirm} />
            {team.invitations.length > 0 && <InvitationsCard team={team} confirm={confirm} />}
            {team.viewerActions.leave && <LeaveCard team={team} confirm={confirm} />}
          </>
        )}
      </Stack>
    </Container>
  );
}

type Confirm = ReturnType<typeof useConfirm>['confirm'];

function TeamHeader({ team }: { team: TeamDto }) {
  const { company, viewerRole } = team;
  const full = company.seats.used >= company.seats.limit;
  return (
    <Stack gap="2">
      <Heading as="h1" size="xl">
        Team
      </Heading>
      <Flex gap="2" wrap="wrap" align="center">
        <Text fontWeight="semibold" data-testid="team-company">
          {company.name || 'Your company'}
        </Text>
        {company.type && <Badge colorPalette="blue">{USER_TYPE_LABELS[company.type]}</Badge>}
        <Badge colorPalette="purple" data-testid="team-your-role">
          You: {COMPANY_ROLE_LABELS[viewerRole]}
        </Badge>
        <Badge colorPalette={full ? 'orange' : 'green'} data-testid="team-seats">
          {company.seats.used} of {company.seats.limit} seats used
        </Badge>
      </Flex>
      {full && team.viewerActions.invite && (
        <Text fontSize="sm" color="gray.600">
          All seats are taken: invitations can still be sent, but nobody can join until a seat is free or the
          plan has more.
        </Text>
      )}
    </Stack>
  );
}

/** The link of an invitation just made or sent again, shown once to copy (the server keeps only its hash). */
function LinkBox({ email, link, onDone }: { email: string; link: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ title: 'Link copied', description: `Send it to ${email}.`, type: 'success' });
    } catch {
      notify({ title: 'Copy failed', description: 'Select the link and copy it yourself.', type: 'error' });
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="blue.50" data-testid="invitation-link-box">
      <Stack gap="2">
        <Text fontSize="sm">
          Invitation link for <b>{email}</b> (emailed too; shown only now, it works once for 7 days):
        </Text>
        <Input
          readOnly
          value={link}
          data-testid="invitation-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" colorPalette="blue" onClick={() => void copy()}>
            Copy link
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

function InviteCard() {
  const invite = useTeamStore((s) => s.invite);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableCompanyRole>('dispatcher');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<{ email: string; link: string } | null>(null);
  const { submit, pending } = useSubmit((e: string, r: InvitableCompanyRole) => invite(e, r), {
    successTitle: 'Invitation sent',
    success: (res) => `${res.invitation.email} was emailed a link to join.`,
    failureTitle: 'Invitation not sent',
    failure: { fallback: 'The invitation could not be sent' },
    resetOnSuccess: true,
    onSuccess: (res) => {
      setMade({ email: res.invitation.email, link: res.link });
      setEmail('');
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamInviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    void submit(parsed.data.email, parsed.data.role);
  };
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Invite a member
        </Heading>
        <form onSubmit={send} noValidate>
          <Stack
            direction={{ base: 'column', md: 'row' }}
            gap="3"
            align={{ base: 'stretch', md: 'flex-end' }}
          >
            <Box flex="2">
              <FormField label="Email" error={errors.email} required>
                <Input
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="name@company.com"
                  data-testid="invite-email"
                />
              </FormField>
            </Box>
            <Box flex="1" data-testid="invite-role">
              <FormField label="Role" error={errors.role} required>
                <SelectInput
                  value={role}
                  onChange={(v) => setRole(v as InvitableCompanyRole)}
                  options={ROLE_OPTIONS}
                />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="blue" loading={pending} data-testid="invite-send">
              Send invitation
            </Button>
          </Stack>
        </form>
        {made && <LinkBox email={made.email} link={made.link} onDone={() => setMade(null)} />}
      </Card.Body>
    </Card.Root>
  );
}

function MembersCard({ team, confirm }: { team: TeamDto; confirm: Confirm }) {
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Members ({team.members.length})
        </Heading>
        <Stack gap="0" data-testid="team-members">
          {team.members.map((m) => (
            <MemberRow key={m.id} member={m} companyName={team.company.name} confirm={confirm} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MemberRow({
  member,
  companyName,
  confirm,
}: {
  member: TeamMemberView;
  companyName: string;
  confirm: Confirm;
}) {
  const changeRole = useTeamStore((s) => s.changeRole);
  const remove = useTeamStore((s) => s.remove);
  const transfer = useTeamStore((s) => s.transfer);
  const name = personName(member);
  const run = async (what: string, fn: () => Promise<void>, done: string) => {
    try {
      await fn();
      notify({ title: done, type: 'success' });
    } catch (err) {
      notify({ title: `${what} failed`, description: errorMessage(err), type: 'error' });
    }
  };
  const { viewerActions: can } = member;
  return (
    <TeamRow testId="team-member" email={member.email}>
      <Stack gap="0" flex="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold" truncate>
            {name}
          </Text>
          {member.isYou && <Badge>You</Badge>}
        </HStack>
        <Text fontSize="sm" color="gray.600" wordBreak="break-all">
          {member.email}
        </Text>
        <Text fontSize="xs" color="gray.500">
          {lastActiveText(member.lastActiveAt)}
        </Text>
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        {can.changeRole ? (
          <Box minW="9rem" aria-label={`Role of ${name}`}>
            <SelectInput
              value={member.role}
              onChange={(v) =>
                void run(
                  'Role change',
                  () => changeRole(member.id, v as InvitableCompanyRole),
                  `${name} is now ${COMPANY_ROLE_LABELS[v as InvitableCompanyRole]}`,
                )
              }
              options={ROLE_OPTIONS}
            />
          </Box>
        ) : (
          <Badge colorPalette={member.role === 'owner' ? 'purple' : 'gray'} data-testid="member-role">
            {COMPANY_ROLE_LABELS[member.role]}
          </Badge>
        )}
        {can.transfer && (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              confirm({
                title: `Make ${name} the owner?`,
                body: `${name} becomes the owner of ${companyName || 'the company'}, with billing and ownership; you become an admin. Only the new owner can give it back.`,
                confirmLabel: 'Transfer ownership',
                onConfirm: () =>
                  void run(
                    'Transfer',
                    () => transfer(member.id),
                    `${name} owns ${companyName || 'the company'} now`,
                  ),
              })
            }
          >
            Make owner
          </Button>
        )}
        {can.remove && (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            onClick={() =>
              confirm({
                title: `Remove ${name}?`,
                body: `${name} is signed out at once everywhere and loses access to ${companyName || 'the company'}. What they handled stays with the company.`,
                confirmLabel: 'Remove',
                onConfirm: () => void run('Removal', () => remove(member.id), `${name} was removed`),
              })
            }
          >
            Remove
          </Button>
        )}
      </HStack>
    </TeamRow>
  );
}

function InvitationsCard({ team, confirm }: { team: TeamDto; confirm: Confirm }) {
  const [made, setMade] = useState<{ email: string; link: string } | null>(null);
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Pending invitations ({team.invitations.length})
        </Heading>
        {made && <LinkBox email={made.email} link={made.link} onDone={() => setMade(null)} />}
        <Stack gap="0" data-testid="team-invitations">
          {team.invitations.map((i) => (
            <InvitationRow key={i.id} invitation={i} confirm={confirm} onLink={setMade} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function InvitationRow({
  invitation: i,
  confirm,
  onLink,
}: {
  invitation: TeamInvitationView;
  confirm: Confirm;
  onLink: (made: { email: string; link: string }) => void;
}) {
  const resend = useTeamStore((s) => s.resend);
  const revoke = useTeamStore((s) => s.revoke);
  const resendSubmit = useSubmit(() => resend(i.id), {
    successTitle: 'Invitation sent again',
    success: `${i.email} was emailed a new link; the old one no longer works.`,
    failure: { fallback: 'The invitation could not be sent again' },
    resetOnSuccess: true,
    onSuccess: (res) => onLink({ email: res.invitation.email, link: res.link }),
  });
  return (
    <TeamRow testId="team-invitation" email={i.email}>
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="semibold" wordBreak="break-all">
          {i.email}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {COMPANY_ROLE_LABELS[i.role]} · invited by {i.invitedBy.name} ·{' '}
          {i.status === 'expired' ? 'expired' : `until ${new Date(i.expiresAt).toLocaleDateString()}`}
        </Text>
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        {i.status === 'expired' && <Badge colorPalette="orange">Expired</Badge>}
        {i.viewerActions.resend && (
          <Button
            size="sm"
            variant="outline"
            loading={resendSubmit.pending}
            onClick={() => void resendSubmit.submit()}
          >
            Resend & copy link
          </Button>
        )}
        {i.viewerActions.revoke && (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            onClick={() =>
              confirm({
                title: `Revoke the invitation to ${i.email}?`,
                body: 'Its link stops working at once. You can invite them again later.',
                confirmLabel: 'Revoke',
                onConfirm: () =>
                  void revoke(i.id).then(
                    () => notify({ title: 'Invitation revoked', type: 'success' }),
                    (err: unknown) =>
                      notify({ title: 'Revoke failed', description: errorMessage(err), type: 'error' }),
                  ),
              })
            }
          >
            Revoke
          </Button>
        )}
      </HStack>
    </TeamRow>
  );
}

function LeaveCard({ team, confirm }: { team: TeamDto; confirm: Confirm }) {
  const leave = useTeamStore((s) => s.leave);
  const navigate = useNavigate();
  const name = team.company.name || 'the company';
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h2" size="md">
          Leave {name}
        </Heading>
        <Text fontSize="sm" color="gray.600">
          You keep your account, in a company of your own. What you handled stays with {name}.
        </Text>
        <Box>
          <Button
            colorPalette="red"
            variant="outline"
            onClick={() =>
              confirm({
                title: `Leave ${name}?`,
                body: `You lose access to ${name}'s loads, documents and plan. Only a new invitation brings you back.`,
                confirmLabel: 'Leave',
                onConfirm: () =>
                  void leave().then(
                    () => {
                      notify({ title: `You left ${name}`, type: 'success' });
                      // The account reads as its own company now (type, plan, verification).
                      window.setTimeout(() => navigate(0), 300);
                    },
                    (err: unknown) =>
                      notify({ title: 'Leaving failed', description: errorMessage(err), type: 'error' }),
                  ),
              })
            }
          >
            Leave company
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** One line of the team's lists (a member, an invitation): stacked on a phone, in a row on a wider screen. */
function TeamRow({ testId, email, children }: { testId: string; email: string; children: ReactNode }) {
  return (
    <Flex
      data-testid={testId}
      data-email={email}
      direction={{ base: 'column', md: 'row' }}
      gap="2"
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0 }}
      align={{ base: 'stretch', md: 'center' }}
    >
      {children}
    </Flex>
  );
}

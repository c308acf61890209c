import { Button, Card, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { COMPANY_ROLE_LABELS, USER_TYPE_LABELS, type TeamInvitationPreviewDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { useAuthModalStore } from '../auth/authModalStore';
import { JoinWithNewAccount } from './JoinForm';

/**
 * /join/:token (issue 28): an invitation to a company. Signed out: a name and a password make the account inside the
 * company and sign it in (issue 39), or someone with an account signs in (the dialog comes back here); signed in
 * with the invited email: one button joins.
 */
export function JoinPage() {
  const { token = '' } = useParams();
  const user = useSessionStore((s) => s.user);
  const logout = useSessionStore((s) => s.logout);
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const [preview, setPreview] = useState<TeamInvitationPreviewDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    apiRequest<TeamInvitationPreviewDto>(
      'GET',
      `/api/company/invitations/${encodeURIComponent(token)}/preview`,
      undefined,
      { expectsSession: false },
    ).then(
      (p) => live && setPreview(p),
      (err: unknown) => live && setProblem(errorMessage(err, 'This invitation link does not work')),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const join = useSubmit(
    () => apiRequest<unknown>('POST', `/api/company/invitations/${encodeURIComponent(token)}/accept`),
    {
      successTitle: preview ? `Welcome to ${preview.companyName}` : 'Joined',
      success: 'You are a member now.',
      failureTitle: 'Could not join',
      failure: { fallback: 'Joining failed' },
      onFailure: (err) => setProblem(errorMessage(err, 'Joining failed')),
      // The account reads as the company's now (type, plan, verification): the app starts again on the Team page.
      onSuccess: () => window.location.assign('/team'),
    },
  );

  const sameEmail = !!user && !!preview && user.email.toLowerCase() === preview.email.toLowerCase();
  return (
    <Container maxW="lg" py={{ base: '6', md: '12' }} px={{ base: '3', md: '6' }}>
      <Card.Root>
        <Card.Body gap="4">
          {!preview && !problem && <Spinner role="status" aria-label="Loading the invitation" />}
          {!preview && problem && (
            <Stack gap="2">
              <Heading as="h1" size="lg">
                This invitation does not work
              </Heading>
              <Text data-testid="join-problem">{problem}</Text>
            </Stack>
          )}
          {preview && (
            <Stack gap="4">
              <Heading as="h1" size="lg" data-testid="join-heading">
                Join {preview.companyName}
              </Heading>
              <Text>
                {preview.invitedBy} invites <b>{preview.email}</b> to join {preview.companyName}
                {preview.companyType ? ` (${USER_TYPE_LABELS[preview.companyType]})` : ''} as{' '}
                <b>{COMPANY_ROLE_LABELS[preview.role]}</b>.
              </Text>
              {problem && (
                <Text color="red.600" data-testid="join-problem">
                  {problem}
                </Text>
              )}
              {!user && (
                <JoinWithNewAccount
                  token={token}
                  preview={preview}
                  onSignIn={() => openLogin(preview.email)}
                />
              )}
              {sameEmail && (
                <Button
                  colorPalette="blue"
                  size="lg"
                  loading={join.pending}
                  onClick={() => void join.submit()}
                  data-testid="join-button"
                >
                  Join {preview.companyName}
                </Button>
              )}
              {user && !sameEmail && (
                <Stack gap="2">
                  <Text>
                    You are signed in as {user.email}. This invitation is for {preview.email}: sign out, then
                    sign in or create an account with that email.
                  </Text>
                  <Button variant="outline" onClick={logout}>
                    Sign out
                  </Button>
                </Stack>
              )}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

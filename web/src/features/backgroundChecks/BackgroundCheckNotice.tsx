import { Alert } from '@chakra-ui/react';
import { BACKGROUND_CHECK_PATH, BACKGROUND_CHECK_REQUIRED_MESSAGE } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import { useMyBackgroundCheck } from './useMyBackgroundCheck';

/** My Routes: until the driver's background check is approved, why offers are closed and where to fix it. */
export function BackgroundCheckNotice() {
  const { check, status } = useMyBackgroundCheck();
  if (status !== 'loaded' || check?.status === 'approved') return null;
  const detail =
    check?.status === 'pending'
      ? 'Yours is being reviewed.'
      : check?.status === 'rejected'
        ? `Yours was rejected: ${check.rejectionReason}.`
        : '';
  return (
    <Alert.Root status="warning" data-testid="background-check-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{BACKGROUND_CHECK_REQUIRED_MESSAGE}</Alert.Title>
        <Alert.Description>
          {detail}{' '}
          <RouterLink to={BACKGROUND_CHECK_PATH} style={{ textDecoration: 'underline' }}>
            {check?.status === 'pending' ? 'View your background check' : 'Complete your background check'}
          </RouterLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

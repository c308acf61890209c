import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { notify } from '../../components/ui/toaster';
import { selectStatus } from '../../lib/resourceStore';
import { useDocumentsStore } from '../../stores/documents';
import { useSessionStore } from '../../stores/session';
import { ComplianceSummary } from './ComplianceSummary';
import { DocumentStatusList } from './DocumentStatusList';
import { UploadDocumentCard } from './UploadDocumentCard';
import { useVerification } from './useVerification';

/** SPEC §2 Document Management (/documents). Live: reviews and expiries arrive through the socket. */
export function DocumentsPage() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const hasType = Boolean(user?.userType);
  const { verification, loading } = useVerification(hasType);
  const documentsStatus = useDocumentsStore(selectStatus);
  const loadDocuments = useDocumentsStore((s) => s.load);

  useEffect(() => {
    if (user && !user.userType) {
      notify({
        title: 'Account Setup Required',
        description: 'Please complete your account setup first.',
        type: 'error',
      });
      navigate('/', { replace: true });
    }
  }, [user, navigate]);

  useEffect(() => {
    if (hasType && documentsStatus === 'idle') void loadDocuments();
  }, [hasType, documentsStatus, loadDocuments]);

  if (!user?.userType) return <FullScreenSpinner />;

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Document Management
          </Heading>
          <Text color="gray.600">Upload and manage your compliance documents</Text>
        </Stack>
        <ComplianceSummary verification={verification} loading={loading} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <UploadDocumentCard userType={user.userType} />
          <DocumentStatusList />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

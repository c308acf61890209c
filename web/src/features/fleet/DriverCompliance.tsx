import { Button, Card, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CDL_CLASSES, DOCUMENT_ACCEPT, US_STATES } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/FormField';
import { SelectInput } from '../../components/SelectInput';
import { apiRequest } from '../../lib/api';
import { selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { selectMyDriverProfile, useMyDriverProfileStore } from '../../stores/myDriverProfile';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));
const CLASS_OPTIONS = CDL_CLASSES.map((c) => ({ value: c, label: `Class ${c}` }));

/** A driver's own CDL and medical card (issue 29): each uploaded with its scan, then reviewed as documents are. */
export function DriverCompliance() {
  const me = useMyDriverProfileStore(selectMyDriverProfile);
  const status = useMyDriverProfileStore(selectStatus);
  const load = useMyDriverProfileStore((s) => s.load);
  const refresh = useMyDriverProfileStore((s) => s.refetch);
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  const [cdl, setCdl] = useState({ cdlNumber: '', cdlState: '', cdlClass: 'A', cdlExpiresOn: '' });
  const [cdlFile, setCdlFile] = useState<File | null>(null);
  const [medicalExpires, setMedicalExpires] = useState('');
  const [medicalFile, setMedicalFile] = useState<File | null>(null);
  const send = (path: string, fields: Record<string, string>, file: File | null) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', file, file.name);
    return apiRequest('POST', path, form);
  };
  const { submit: sendCdl, pending: sendingCdl } = useSubmit(
    () => send('/api/fleet/drivers/me/cdl', cdl, cdlFile),
    {
      success: 'CDL sent for review',
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: () => void refresh(),
    },
  );
  const { submit: sendMedical, pending: sendingMedical } = useSubmit(
    () => send('/api/fleet/drivers/me/medical-card', { medicalCardExpiresOn: medicalExpires }, medicalFile),
    {
      success: 'Medical card sent for review',
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: () => void refresh(),
    },
  );
  return (
    <Card.Root size="sm" data-testid="driver-compliance">
      <Card.Header>
        <Heading as="h2" size="sm">
          Your CDL and medical card
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {me && (
            <Text
              fontSize="sm"
              color={me.assignable ? 'green.700' : 'orange.700'}
              data-testid="my-compliance"
            >
              {me.assignable
                ? 'You can be assigned to loads.'
                : `Not assignable yet: ${me.unassignableReason}`}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <FormField label="CDL number" required>
              <Input value={cdl.cdlNumber} onChange={(e) => setCdl({ ...cdl, cdlNumber: e.target.value })} />
            </FormField>
            <FormField label="CDL state" required>
              <SelectInput
                value={cdl.cdlState}
                onChange={(v) => setCdl({ ...cdl, cdlState: v })}
                options={STATE_OPTIONS}
                placeholder="Choose the state"
              />
            </FormField>
            <FormField label="CDL class" required>
              <SelectInput
                value={cdl.cdlClass}
                onChange={(v) => setCdl({ ...cdl, cdlClass: v })}
                options={CLASS_OPTIONS}
              />
            </FormField>
            <FormField label="CDL expires on" required>
              <Input
                type="date"
                value={cdl.cdlExpiresOn}
                onChange={(e) => setCdl({ ...cdl, cdlExpiresOn: e.target.value })}
              />
            </FormField>
          </SimpleGrid>
          <FormField label="CDL scan" required>
            <Input
              type="file"
              accept={DOCUMENT_ACCEPT}
              onChange={(e) => setCdlFile(e.currentTarget.files?.[0] ?? null)}
              data-testid="cdl-file"
            />
          </FormField>
          <Button alignSelf="flex-start" loading={sendingCdl} onClick={() => void sendCdl()}>
            Send CDL
          </Button>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="Medical card expires on" required>
              <Input type="date" value={medicalExpires} onChange={(e) => setMedicalExpires(e.target.value)} />
            </FormField>
            <FormField label="Medical card scan" required>
              <Input
                type="file"
                accept={DOCUMENT_ACCEPT}
                onChange={(e) => setMedicalFile(e.currentTarget.files?.[0] ?? null)}
                data-testid="medical-file"
              />
            </FormField>
          </SimpleGrid>
          <Button alignSelf="flex-start" loading={sendingMedical} onClick={() => void sendMedical()}>
            Send medical card
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import {
  Box,
  Button,
  Card,
  FileUpload,
  HStack,
  Heading,
  Icon,
  Input,
  NativeSelect,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  DOCUMENT_ACCEPTED_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  documentTypesFor,
  EXPIRY_REQUIRED_TYPES,
  documentUploadSchema,
  type UserType,
} from '@freight/shared';
import { useRef, useState, type FormEvent } from 'react';
import { FiCamera, FiUploadCloud } from 'react-icons/fi';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useDocumentsStore } from '../../stores/documents';
import { useVerificationStore } from '../../stores/verification';
import { documentTypeLabel, fileRejectionReason } from './format';

const DROPZONE_TEXT = 'Drag and drop your file here, or click to browse';
const DROPZONE_HINT = 'PDF, JPG or PNG, up to 10 MB';

/** SPEC §9: progress shows 50 once submission starts. */
const SUBMITTED_PROGRESS = 50;

/**
 * SPEC §2 Upload Documents: the type picker for the user's type, a drop area (PDF, JPG or PNG, one file, 10 MB), a
 * rear-camera capture, an optional expiration date, and a submit button disabled while the file or the type is
 * missing or an upload is pending. A file the drop area or the camera refuses (type, size, count) is named with the
 * reason next to the drop area, so the disabled button is never left unexplained.
 */
export function UploadDocumentCard({ userType }: { userType: UserType }) {
  const upload = useDocumentsStore((s) => s.upload);
  const loadVerification = useVerificationStore((s) => s.load);
  const types = documentTypesFor(userType);
  const [documentType, setDocumentType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [expirationDate, setExpirationDate] = useState('');
  const [progress, setProgress] = useState(0);
  const [dateError, setDateError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const pending = progress > 0;

  const { submit: send } = useSubmit(upload, {
    success: 'Document uploaded successfully!',
    failure: 'Failed to upload document. Please try again.',
    // A file the server refuses (an image too large or that does not decode) is let go and the reason shown next
    // to the drop area, where a file the drop area refuses is explained.
    onFailure: (err) => {
      const about = /^file: (.+)$/.exec(errorMessage(err, ''));
      if (!about) return;
      setFile(null);
      setFileError(`${about[1].charAt(0).toUpperCase()}${about[1].slice(1)}.`);
    },
    onSuccess: () => {
      setFile(null);
      setDocumentType('');
      setExpirationDate('');
      // The submitted counter changed: read the status again.
      void loadVerification();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !documentType) {
      notify({ title: 'Error', description: 'Please select a file and document type.', type: 'error' });
      return;
    }
    // The server checks with the same schema; a bad date is shown under its field instead of failing the upload.
    const parsed = documentUploadSchema.safeParse({
      documentType,
      expirationDate: expirationDate || undefined,
    });
    if (!parsed.success) {
      setDateError(fieldErrors(parsed.error).expirationDate);
      return;
    }
    setDateError(undefined);
    setProgress(SUBMITTED_PROGRESS);
    await send({ file, documentType, expirationDate: expirationDate || undefined });
    setProgress(0);
  };

  const expiryRequired = EXPIRY_REQUIRED_TYPES.has(documentType);
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Upload Documents
        </Heading>
      </Card.Header>
      <Card.Body>
        {types.length === 0 ? (
          <Text color="gray.600">Your account type needs no compliance documents.</Text>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label="Upload a document">
            <Stack gap="4">
              <FormField label="Document Type" required>
                <NativeSelect.Root disabled={pending}>
                  <NativeSelect.Field
                    value={documentType}
                    placeholder="Select document type"
                    onChange={(e) => setDocumentType(e.currentTarget.value)}
                    data-testid="document-type-select"
                  >
                    {types.map((type) => (
                      <option key={type} value={type}>
                        {documentTypeLabel(type)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>

              <FileUpload.Root
                maxFiles={1}
                maxFileSize={MAX_UPLOAD_BYTES}
                accept={[...DOCUMENT_ACCEPTED_MIME_TYPES]}
                acceptedFiles={file ? [file] : []}
                // Separate callbacks: onFileChange reports the other list as the stale controlled value.
                onFileAccept={(details) => setFile(details.files[0] ?? null)}
                onFileReject={(details) => {
                  const rejected = details.files[0];
                  setFileError(rejected ? fileRejectionReason(rejected.file.name, rejected.errors) : null);
                }}
                disabled={pending}
                alignItems="stretch"
                // The dropzone's accessible name holds its visible text (WCAG 2.5.3).
                translations={{ dropzone: `File: ${DROPZONE_TEXT}. ${DROPZONE_HINT}` }}
              >
                <FileUpload.HiddenInput data-testid="document-file-input" />
                <FileUpload.Label>File</FileUpload.Label>
                <FileUpload.Dropzone minH="32" width="full">
                  <Icon as={FiUploadCloud} boxSize="8" color="gray.500" />
                  <FileUpload.DropzoneContent>
                    <Box>{DROPZONE_TEXT}</Box> <Box color="fg.muted">{DROPZONE_HINT}</Box>
                  </FileUpload.DropzoneContent>
                </FileUpload.Dropzone>
                {fileError && (
                  <Text fontSize="sm" color="red.600" role="alert" data-testid="document-file-error">
                    {fileError}
                  </Text>
                )}
                {file && (
                  <Text fontSize="sm" data-testid="selected-file">
                    Selected: {file.name}
                  </Text>
                )}
              </FileUpload.Root>

              <HStack>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  onClick={() => cameraInput.current?.click()}
                >
                  <FiCamera aria-hidden /> Take a Photo
                </Button>
                {/* Rear camera on phones; elsewhere the browser offers a file picker for images. */}
                <input
                  ref={cameraInput}
                  type="file"
                  accept="image/jpeg,image/png"
                  capture="environment"
                  hidden
                  data-testid="document-camera-input"
                  onChange={(e) => {
                    const captured = e.currentTarget.files?.[0];
                    if (captured && captured.size > MAX_UPLOAD_BYTES) {
                      setFileError(fileRejectionReason(captured.name, ['FILE_TOO_LARGE']));
                    } else if (captured) {
                      setFileError(null);
                      setFile(captured);
                    }
                    e.currentTarget.value = '';
                  }}
                />
              </HStack>

              <FormField
                label={expiryRequired ? 'Expiration Date' : 'Expiration Date (Optional)'}
                required={expiryRequired}
                error={dateError}
              >
                <Input
                  type="date"
                  value={expirationDate}
                  disabled={pending}
                  onChange={(e) => {
                    setExpirationDate(e.target.value);
                    setDateError(undefined);
                  }}
                />
              </FormField>

              {pending && (
                <Progress.Root value={progress} max={100} size="sm">
                  <Progress.Track aria-label="Upload progress">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}

              <Button
                type="submit"
                colorPalette="blue"
                alignSelf="flex-start"
                loading={pending}
                loadingText="Uploading..."
                disabled={!file || !documentType || pending}
              >
                Upload Document
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}

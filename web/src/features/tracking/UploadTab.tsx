import { Button, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { PHOTO_TYPES, PHOTO_TYPE_LABELS, type PhotoType } from '@freight/shared';
import { useRef, useState, type FormEvent } from 'react';
import { FiUpload } from 'react-icons/fi';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorCode } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import {
  isOnline,
  keepPhoto,
  newClientId,
  photoForm,
  useKeptPhotosSender,
  type KeptPhoto,
} from './photoOutbox';

/** SPEC §5 Tracking: a photo type is chosen first; only images are accepted (the server judges the bytes). */
export function UploadTab({ freightId }: { freightId: string }) {
  const uploadPhoto = useLoadPhotosStore((s) => s.uploadPhoto);
  const [photoType, setPhotoType] = useState<PhotoType | ''>('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useKeptPhotosSender();
  // Without a signal the photo is kept on the phone and sent when it returns (issue 29).
  const sendOrKeep = async (photo: KeptPhoto): Promise<'sent' | 'kept'> => {
    if (isOnline()) {
      try {
        await uploadPhoto(freightId, photoForm(photo));
        notify({ title: 'Photo uploaded successfully', type: 'success' });
        return 'sent';
      } catch (err) {
        if (errorCode(err) !== null) throw err;
      }
    }
    await keepPhoto(photo);
    notify({
      title: 'Photo kept on this phone',
      description: 'It is sent when the signal returns.',
      type: 'success',
    });
    return 'kept';
  };
  const { submit: upload, pending } = useSubmit(sendOrKeep, {
    success: false,
    failure: { fallback: 'Failed to upload photo' },
    onSuccess: () => {
      setFile(null);
      setDescription('');
      if (fileInput.current) fileInput.current.value = '';
    },
    resetOnSuccess: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!photoType || !file) return;
    if (!file.type.startsWith('image/')) {
      notify({ title: 'Error', description: 'Photo files must be images.', type: 'error' });
      return;
    }
    await upload({
      freightId,
      photoType,
      description: description.trim() || null,
      file,
      fileName: file.name,
      capturedAt: new Date().toISOString(),
      clientId: newClientId(),
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="4" maxW="lg">
        <FormField label="Photo Type" required>
          <NativeSelect.Root>
            <NativeSelect.Field
              placeholder="Select photo type"
              value={photoType}
              onChange={(e) => setPhotoType(e.currentTarget.value as PhotoType | '')}
            >
              {PHOTO_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PHOTO_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          label="Photo"
          helperText={photoType ? 'JPEG or PNG, 10 MB at most' : 'Select a photo type first'}
        >
          <Input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={!photoType}
            p="1"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </FormField>
        <FormField label="Description (Optional)">
          <Textarea
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        </FormField>
        {!photoType && (
          <Text fontSize="sm" color="gray.600">
            Choose what the photo shows before selecting it.
          </Text>
        )}
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          disabled={!photoType || !file}
          loading={pending}
        >
          <FiUpload aria-hidden />
          Upload Photo
        </Button>
      </Stack>
    </form>
  );
}

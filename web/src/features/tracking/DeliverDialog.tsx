import { Dialog, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  DELIVERY_EXCEPTION_KINDS,
  DELIVERY_EXCEPTION_LABELS,
  DELIVERY_REASON_NEEDED,
  placeName,
  type DeliveryExceptionKind,
  type TrackingFreightDto,
} from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { errorHasDetailCode, errorMessage } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import { useTrackedLoadStore } from '../../stores/trackedLoad';
import { newClientId, photoForm } from './photoOutbox';
import { SignaturePad } from './SignaturePad';

/** The proof of delivery embeds this many delivery photos; the dialog takes as many. */
const MAX_DELIVERY_PHOTOS = 6;

/** A photo chosen in the dialog, with the id that makes sending it again (after a refused delivery) a no-op. */
interface ChosenPhoto {
  file: File;
  clientId: string;
  capturedAt: string;
}

/**
 * Delivery with proof (issue 39, item 3): the carrier confirms the delivery with the receiver's printed name, their
 * signature drawn on the phone, any exception noted on receipt and optional photos (sent first as delivery photos,
 * so the proof of delivery embeds them); away from the delivery stop, with a reason the shipper sees. A blank
 * signature pad keeps Confirm Delivery disabled (the server refuses one too).
 */
export function DeliverDialog({
  freight,
  open,
  away,
  onClose,
}: {
  freight: TrackingFreightDto;
  open: boolean;
  /** Not known to be at the delivery stop: a reason is asked for from the start. */
  away: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={away ? 'Mark delivered before arriving?' : 'Confirm delivery'}
      open={open}
      onClose={onClose}
      placement="center"
    >
      <DeliverForm freight={freight} away={away} onClose={onClose} />
    </FormDialog>
  );
}

function DeliverForm({
  freight,
  away,
  onClose,
}: {
  freight: TrackingFreightDto;
  away: boolean;
  onClose: () => void;
}) {
  const deliver = useTrackedLoadStore((s) => s.deliver);
  const uploadPhoto = useLoadPhotosStore((s) => s.uploadPhoto);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [receiverName, setReceiverName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [exception, setException] = useState<DeliveryExceptionKind>('none');
  const [exceptionNote, setExceptionNote] = useState('');
  const [reason, setReason] = useState('');
  /** Why a reason is needed: the server's words when it found the truck away, else the screen's. */
  const [awayMessage, setAwayMessage] = useState<string | null>(
    away
      ? `The truck has not arrived at the delivery stop (${placeName(freight.deliveryCity, freight.deliveryState)}) yet: report Arrived at delivery or share your location there, or say why you mark it delivered now.`
      : null,
  );
  const { submit, pending } = useSubmit(
    async () => {
      // Each photo keeps its id: after a refusal (the truck away), Confirm again does not store it twice.
      for (const photo of photos) {
        await uploadPhoto(
          freight.id,
          photoForm({
            freightId: freight.id,
            photoType: 'delivery',
            description: exception !== 'none' ? exceptionNote.trim() || null : 'Delivery',
            file: photo.file,
            fileName: photo.file.name,
            capturedAt: photo.capturedAt,
            clientId: photo.clientId,
          }),
        );
      }
      return deliver(freight.id, {
        receiverName: receiverName.trim(),
        signature: signature ?? '',
        exception,
        ...(exception !== 'none' ? { exceptionNote: exceptionNote.trim() } : {}),
        ...(awayMessage ? { deliveryNote: reason.trim() } : {}),
      });
    },
    {
      successTitle: 'Load marked delivered',
      failure: 'refusal',
      onSuccess: onClose,
      onFailure: (err) => {
        // Away from the delivery place after all: the carrier may still mark it, with a reason the shipper sees.
        if (errorHasDetailCode(err, DELIVERY_REASON_NEEDED)) setAwayMessage(errorMessage(err));
      },
      onUnauthorized: onClose,
    },
  );
  const missing = [
    receiverName.trim().length < 2 && 'the receiver’s name',
    !signature && 'their signature',
    exception !== 'none' && exceptionNote.trim().length < 3 && 'a note on the exception',
    awayMessage && reason.trim().length < 3 && 'the reason',
  ].filter(Boolean);

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Confirm that {freight.title} was delivered to{' '}
            {placeName(freight.deliveryCity, freight.deliveryState)}. The shipper sees the receipt at once.
          </Text>
          {awayMessage && (
            <>
              <Text color="orange.700" data-testid="deliver-away">
                {awayMessage}
              </Text>
              <FormField label="Reason the shipper will see" required>
                <Textarea
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="e.g. Receiver asked for delivery at their second warehouse"
                  rows={2}
                />
              </FormField>
            </>
          )}
          <FormField label="Receiver’s name" required>
            <Input
              value={receiverName}
              onChange={(e) => setReceiverName(e.target.value)}
              autoComplete="off"
              maxLength={100}
            />
          </FormField>
          <FormField label="Receiver’s signature" required>
            <SignaturePad label="Receiver’s signature" onChange={setSignature} />
          </FormField>
          <FormField label="Exceptions">
            <NativeSelect.Root>
              <NativeSelect.Field
                value={exception}
                onChange={(e) => setException(e.currentTarget.value as DeliveryExceptionKind)}
              >
                {DELIVERY_EXCEPTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {DELIVERY_EXCEPTION_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {exception !== 'none' && (
            <FormField label="Exception note" required helperText="Photos of it can be added below">
              <Textarea
                value={exceptionNote}
                onChange={(e) => setExceptionNote(e.target.value)}
                placeholder="e.g. Two cartons short; one pallet wrap torn"
                rows={2}
              />
            </FormField>
          )}
          <FormField
            label="Photos (optional)"
            helperText={`Up to ${MAX_DELIVERY_PHOTOS}, added to the proof of delivery`}
          >
            <Input
              type="file"
              accept="image/*"
              multiple
              p="1"
              aria-label="Delivery photos"
              onChange={(e) =>
                setPhotos(
                  Array.from(e.target.files ?? [])
                    .filter((file) => file.type.startsWith('image/'))
                    .slice(0, MAX_DELIVERY_PHOTOS)
                    .map((file) => ({ file, clientId: newClientId(), capturedAt: new Date().toISOString() })),
                )
              }
            />
          </FormField>
          {photos.length > 0 && (
            <Text fontSize="sm" data-testid="deliver-photos">
              {photos.length === 1 ? '1 photo' : `${photos.length} photos`} to send with the delivery
            </Text>
          )}
          {missing.length > 0 && (
            <Text fontSize="sm" color="gray.600" data-testid="deliver-missing">
              Still needed: {missing.join(', ')}.
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel="Confirm Delivery"
        pending={pending}
        disabled={missing.length > 0}
        onSubmit={() => void submit()}
      />
    </>
  );
}

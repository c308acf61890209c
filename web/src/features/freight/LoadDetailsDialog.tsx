import { Badge, Dialog, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  WEIGHT_CLASS_LABELS,
  accessorialTermLines,
  fromAccessorialTermsDto,
  type FreightListingDto,
} from '@freight/shared';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { PosterRating } from '../companies/PosterRating';
import { FacilityDwellLines } from '../facilities/FacilityDwellLines';
import {
  equipmentLabel,
  formatDay,
  formatMoney,
  ratePerMile,
  rateTypeLabel,
  statusColor,
  statusLabel,
  stopsBetweenText,
  tripMiles,
} from './format';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.500">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {value || 'N/A'}
      </Text>
    </Stack>
  );
}

const window = (start: string | null, end: string | null) =>
  start && end ? `${start} – ${end}` : start || end;
const place = (city: string, state: string, zip: string | null) => `${city}, ${state}${zip ? ` ${zip}` : ''}`;

/**
 * 'View Details' on a load card (SPEC §2 leaves the button without an action): everything a carrier checks
 * before booking, from the listing the board already holds.
 */
export function LoadDetailsDialog({
  listing: l,
  onClose,
}: {
  listing: FreightListingDto | null;
  onClose: () => void;
}) {
  const requirements = [
    l?.isHazmat && 'Hazmat',
    l?.requiresTarps && 'Tarps',
    l?.requiresStraps && 'Straps',
    l?.requiresLiftgate && 'Liftgate',
  ].filter(Boolean) as string[];
  return (
    <FormDialog title={l ? l.title : 'Load details'} open={l !== null} onClose={onClose} size="lg">
      {l && (
        <Dialog.Body>
          <Stack gap="4">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={statusColor(l.status)}>{statusLabel(l.status)}</Badge>
              {l.isUrgent && <Badge colorPalette="red">Urgent</Badge>}
              {requirements.map((r) => (
                <Badge key={r} variant="outline">
                  {r}
                </Badge>
              ))}
            </HStack>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Detail label="Pickup" value={place(l.originCity, l.originState, l.originZip)} />
              <Detail
                label="Delivery"
                value={place(l.destinationCity, l.destinationState, l.destinationZip)}
              />
              {l.extraStopCount > 0 && (
                <Detail label="Stops in between" value={stopsBetweenText(l.extraStopCount)} />
              )}
              <Detail
                label="Pickup date and window"
                value={[formatDay(l.pickupDate) || 'ASAP', window(l.pickupTimeStart, l.pickupTimeEnd)]
                  .filter(Boolean)
                  .join(', ')}
              />
              <Detail
                label="Delivery date and window"
                value={[formatDay(l.deliveryDate), window(l.deliveryTimeStart, l.deliveryTimeEnd)]
                  .filter(Boolean)
                  .join(', ')}
              />
              <Detail
                label="Equipment"
                value={`${equipmentLabel(l.equipmentType)}${l.equipmentLength ? ` (${l.equipmentLength} ft)` : ''}`}
              />
              <Detail
                label="Weight"
                value={[
                  l.weight != null ? `${l.weight.toLocaleString('en-US')} lbs` : null,
                  l.weightClass
                    ? (WEIGHT_CLASS_LABELS[l.weightClass as keyof typeof WEIGHT_CLASS_LABELS] ??
                      l.weightClass)
                    : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
              />
              <Detail label="Distance" value={tripMiles(l)} />
              <Detail label="Commodity" value={l.commodity} />
              <Detail label="Rate" value={formatMoney(l.rate) ?? 'TBD'} />
              <Detail label="Rate per Mile" value={ratePerMile(l)} />
              <Detail label="Rate Type" value={rateTypeLabel(l.rateType)} />
              <Stack gap="0">
                <Detail label="Posted by" value={l.userCompanyName} />
                <PosterRating rating={l.posterRating} partyId={l.companyId ?? l.userId} />
              </Stack>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" data-testid="load-accessorial-terms">
              {accessorialTermLines(fromAccessorialTermsDto(l.accessorialTerms)).map(({ label, text }) => (
                <Detail key={label} label={label} value={text} />
              ))}
            </SimpleGrid>
            <FacilityDwellLines loadId={l.id} />
            {l.description && <Detail label="Description" value={l.description} />}
            {l.specialInstructions && <Detail label="Special Instructions" value={l.specialInstructions} />}
          </Stack>
        </Dialog.Body>
      )}
      <FormDialogFooter onCancel={onClose} cancelLabel="Close" />
    </FormDialog>
  );
}

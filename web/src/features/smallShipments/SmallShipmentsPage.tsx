import {
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Grid,
  Heading,
  HStack,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  OFFER_PRICE_NOTE,
  PICKUP_FLEXIBILITY,
  PICKUP_FLEXIBILITY_LABELS,
  SMALL_SHIPMENT_ITEM_LABELS,
  SMALL_SHIPMENT_ITEM_TYPES,
  SMALL_SHIPMENT_PRICING_NOTE,
  SMALL_SHIPMENT_PRICING_TIPS,
  US_STATES,
  smallShipmentSchema,
} from '@freight/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FiArrowLeft } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage, handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { fieldErrors } from '../../lib/validation';
import { useSessionStore } from '../../stores/session';
import { useSmallShipmentsStore } from '../../stores/smallShipments';
import { AuthModals } from '../auth/AuthModals';
import { useAuthModalStore } from '../auth/authModalStore';
import { clearDraft, EMPTY_SMALL_SHIPMENT, readDraft, saveDraft, type SmallShipmentForm } from './draft';

function Select({
  value,
  onChange,
  placeholder,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

const stateOptions = US_STATES.map((s) => (
  <option key={s} value={s}>
    {s}
  </option>
));

/** SPEC §2 Post Small Shipment (call 30). Open to signed-out visitors: they sign in on submit, keeping the form. */
export function SmallShipmentsPage() {
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const create = useSmallShipmentsStore((s) => s.create);
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const [form, setForm] = useState<SmallShipmentForm>(() => readDraft() ?? EMPTY_SMALL_SHIPMENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof SmallShipmentForm>(key: K, value: SmallShipmentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof SmallShipmentForm) => ({
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = smallShipmentSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (!user) {
      saveDraft(form);
      notify({
        title: 'Sign In Required',
        description: 'Please sign in to post your shipment.',
        type: 'info',
      });
      openLogin();
      return;
    }
    setSubmitting(true);
    try {
      await create(parsed.data);
      clearDraft();
      notify({
        title: 'Shipment Posted!',
        description: 'Your shipment has been posted. Drivers in your area will be notified.',
        type: 'success',
      });
      void useSmallShipmentsStore.getState().load(1);
      navigate('/');
    } catch (err) {
      setSubmitting(false);
      if (isUnauthorizedError(err)) {
        saveDraft(form);
        handleUnauthorized();
        return;
      }
      notify({ title: 'Error', description: errorMessage(err, 'Failed to post shipment'), type: 'error' });
    }
  };

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Button variant="ghost" alignSelf="flex-start" onClick={() => navigate('/')}>
          <FiArrowLeft aria-hidden />
          Back to Home
        </Button>
        <Box>
          <Heading as="h1" size="2xl">
            Post Small Shipment
          </Heading>
          <Text color="gray.600">
            Ship packages, motorcycles, cars and equipment with drivers already on the route.
          </Text>
        </Box>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
          <Card.Root>
            <Card.Body>
              <form onSubmit={(e) => void submit(e)} noValidate aria-label="Post Small Shipment">
                <Stack gap="5">
                  <FormField label="Shipment Title" error={errors.title} required>
                    <Input placeholder="e.g. Dirt bike from Dallas to Austin" {...text('title')} />
                  </FormField>
                  <FormField label="Item Type" error={errors.itemType}>
                    <Select
                      value={form.itemType}
                      placeholder="Select item type"
                      onChange={(v) => setForm((f) => ({ ...f, itemType: v, itemDescription: v }))}
                    >
                      {SMALL_SHIPMENT_ITEM_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {SMALL_SHIPMENT_ITEM_LABELS[t]}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField label="Detailed Description" error={errors.itemDescription} required>
                    <Textarea
                      rows={3}
                      placeholder="Describe the item, its condition and packaging"
                      {...text('itemDescription')}
                    />
                  </FormField>

                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField label="Pickup City" error={errors.originCity} required>
                      <Input {...text('originCity')} />
                    </FormField>
                    <FormField label="Pickup State" error={errors.originState} required>
                      <Select
                        value={form.originState}
                        placeholder="Select state"
                        onChange={(v) => set('originState', v)}
                      >
                        {stateOptions}
                      </Select>
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Pickup Address (Optional)" error={errors.pickupAddress}>
                    <Input placeholder="Full pickup address" {...text('pickupAddress')} />
                  </FormField>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField label="Delivery City" error={errors.destinationCity} required>
                      <Input {...text('destinationCity')} />
                    </FormField>
                    <FormField label="Delivery State" error={errors.destinationState} required>
                      <Select
                        value={form.destinationState}
                        placeholder="Select state"
                        onChange={(v) => set('destinationState', v)}
                      >
                        {stateOptions}
                      </Select>
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Delivery Address (Optional)" error={errors.deliveryAddress}>
                    <Input placeholder="Full delivery address" {...text('deliveryAddress')} />
                  </FormField>

                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    <FormField label="Weight (lbs)" error={errors.weight}>
                      <Input type="number" min="0" step="any" {...text('weight')} />
                    </FormField>
                    <FormField label="Dimensions" error={errors.dimensions}>
                      <Input placeholder="L x W x H" {...text('dimensions')} />
                    </FormField>
                    <FormField label="Item Value ($)" error={errors.value}>
                      <Input type="number" min="0" step="0.01" {...text('value')} />
                    </FormField>
                  </SimpleGrid>
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    <FormField label="Preferred Pickup Date" error={errors.pickupDate}>
                      <Input type="date" {...text('pickupDate')} />
                    </FormField>
                    <FormField label="Needed By Date" error={errors.deliveryDate}>
                      <Input type="date" {...text('deliveryDate')} />
                    </FormField>
                    <FormField label="Pickup Flexibility" error={errors.pickupFlexibility}>
                      <Select
                        value={form.pickupFlexibility}
                        onChange={(v) =>
                          set('pickupFlexibility', v as SmallShipmentForm['pickupFlexibility'])
                        }
                      >
                        {PICKUP_FLEXIBILITY.map((p) => (
                          <option key={p} value={p}>
                            {PICKUP_FLEXIBILITY_LABELS[p]}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                  </SimpleGrid>
                  <FormField
                    label="Offer Price ($)"
                    error={errors.offerPrice}
                    required
                    helperText={OFFER_PRICE_NOTE}
                  >
                    <Input type="number" min="0" step="0.01" {...text('offerPrice')} />
                  </FormField>
                  <HStack gap="6" wrap="wrap">
                    <Checkbox.Root
                      checked={form.isUrgent}
                      onCheckedChange={(e) => set('isUrgent', e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Rush delivery needed</Checkbox.Label>
                    </Checkbox.Root>
                    <Checkbox.Root
                      checked={form.isFragile}
                      onCheckedChange={(e) => set('isFragile', e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Handle with care (fragile)</Checkbox.Label>
                    </Checkbox.Root>
                  </HStack>
                  <FormField label="Special Instructions" error={errors.specialInstructions}>
                    <Textarea rows={3} {...text('specialInstructions')} />
                  </FormField>
                  <HStack gap="3" justify="flex-end">
                    <Button variant="outline" onClick={() => navigate('/')} disabled={submitting}>
                      Cancel
                    </Button>
                    <Button type="submit" colorPalette="blue" disabled={submitting}>
                      {submitting ? 'Posting...' : 'Post Shipment'}
                    </Button>
                  </HStack>
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>

          <Stack gap="6">
            <Card.Root>
              <Card.Header>
                <Heading as="h2" size="md">
                  How It Works
                </Heading>
              </Card.Header>
              <Card.Body>
                <List.Root as="ol" gap="3">
                  <List.Item>
                    <Text fontWeight="semibold">Post your item</Text>
                    <Text fontSize="sm" color="gray.600">
                      Describe what you are shipping, where and when, and what you will pay.
                    </Text>
                  </List.Item>
                  <List.Item>
                    <Text fontWeight="semibold">Drivers contact you</Text>
                    <Text fontSize="sm" color="gray.600">
                      Drivers travelling your route send you offers.
                    </Text>
                  </List.Item>
                  <List.Item>
                    <Text fontWeight="semibold">Choose and pay</Text>
                    <Text fontSize="sm" color="gray.600">
                      Pick the driver you like and pay for the transport.
                    </Text>
                  </List.Item>
                </List.Root>
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Heading as="h2" size="md">
                  Pricing Tips
                </Heading>
              </Card.Header>
              <Card.Body gap="2">
                {SMALL_SHIPMENT_PRICING_TIPS.map((t) => (
                  <HStack key={t.label} justify="space-between">
                    <Text>{t.label}</Text>
                    <Text fontWeight="medium">{t.range}</Text>
                  </HStack>
                ))}
                <Text fontSize="sm" color="gray.600" mt="2">
                  {SMALL_SHIPMENT_PRICING_NOTE}
                </Text>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Grid>
      </Stack>
      {!user && <AuthModals />}
    </Container>
  );
}

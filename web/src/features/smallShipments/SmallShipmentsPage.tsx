import {
  Box,
  Button,
  Card,
  Container,
  Grid,
  Heading,
  HStack,
  List,
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
  smallShipmentSchema,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { FiArrowLeft } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { CheckboxField } from '../../components/CheckboxField';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { PlaceFields } from '../../components/PlaceFields';
import { SelectInput } from '../../components/SelectInput';
import { notify } from '../../components/ui/toaster';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useSessionStore } from '../../stores/session';
import { useSmallShipmentsStore } from '../../stores/smallShipments';
import { useAuthModalStore } from '../auth/authModalStore';
import { MyShipmentsCard } from './MyShipmentsCard';
import { clearDraft, EMPTY_SMALL_SHIPMENT, readDraft, saveDraft, type SmallShipmentForm } from './draft';

const ITEM_TYPE_OPTIONS = SMALL_SHIPMENT_ITEM_TYPES.map((t) => ({
  value: t,
  label: SMALL_SHIPMENT_ITEM_LABELS[t],
}));
const FLEXIBILITY_OPTIONS = PICKUP_FLEXIBILITY.map((p) => ({
  value: p,
  label: PICKUP_FLEXIBILITY_LABELS[p],
}));

/** SPEC §2 Post Small Shipment (call 30). Open to signed-out visitors: they sign in on submit, keeping the form. */
export function SmallShipmentsPage() {
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const create = useSmallShipmentsStore((s) => s.create);
  const loadMyShipments = useSmallShipmentsStore((s) => s.load);
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const [form, setForm] = useState<SmallShipmentForm>(() => readDraft() ?? EMPTY_SMALL_SHIPMENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: post, pending: submitting } = useSubmit(
    async (input: Parameters<typeof create>[0]) => {
      await create(input);
      clearDraft();
    },
    {
      successTitle: 'Shipment Posted!',
      success: 'Your shipment has been posted. Drivers in your area will be notified.',
      failure: { fallback: 'Failed to post shipment' },
      onSuccess: () => {
        void loadMyShipments();
        navigate('/');
      },
      onUnauthorized: () => saveDraft(form),
    },
  );

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
    await post(parsed.data);
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
        {user?.userType && user.viewerActions.postSmallShipments && (
          <MyShipmentsCard user={{ ...user, userType: user.userType }} onPostPage />
        )}
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
          <Card.Root>
            <Card.Body>
              <form onSubmit={(e) => void submit(e)} noValidate aria-label="Post Small Shipment">
                <Stack gap="5">
                  <InputField
                    label="Shipment Title"
                    error={errors.title}
                    required
                    placeholder="e.g. Dirt bike from Dallas to Austin"
                    {...text('title')}
                  />
                  <FormField label="Item Type" error={errors.itemType}>
                    <SelectInput
                      value={form.itemType}
                      placeholder="Select item type"
                      onChange={(v) => setForm((f) => ({ ...f, itemType: v, itemDescription: v }))}
                      options={ITEM_TYPE_OPTIONS}
                    />
                  </FormField>
                  <FormField label="Detailed Description" error={errors.itemDescription} required>
                    <Textarea
                      rows={3}
                      placeholder="Describe the item, its condition and packaging"
                      {...text('itemDescription')}
                    />
                  </FormField>

                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <PlaceFields end="origin" label="Pickup" values={form} errors={errors} onChange={set} />
                  </SimpleGrid>
                  <InputField
                    label="Pickup Address (Optional)"
                    error={errors.pickupAddress}
                    placeholder="Full pickup address"
                    {...text('pickupAddress')}
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <PlaceFields
                      end="destination"
                      label="Delivery"
                      values={form}
                      errors={errors}
                      onChange={set}
                    />
                  </SimpleGrid>
                  <InputField
                    label="Delivery Address (Optional)"
                    error={errors.deliveryAddress}
                    placeholder="Full delivery address"
                    {...text('deliveryAddress')}
                  />

                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    <InputField
                      label="Weight (lbs)"
                      error={errors.weight}
                      type="number"
                      min="0"
                      step="any"
                      {...text('weight')}
                    />
                    <InputField
                      label="Dimensions"
                      error={errors.dimensions}
                      placeholder="L x W x H"
                      {...text('dimensions')}
                    />
                    <InputField
                      label="Item Value ($)"
                      error={errors.value}
                      {...MONEY_INPUT}
                      {...text('value')}
                    />
                  </SimpleGrid>
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    <InputField
                      label="Preferred Pickup Date"
                      error={errors.pickupDate}
                      type="date"
                      {...text('pickupDate')}
                    />
                    <InputField
                      label="Needed By Date"
                      error={errors.deliveryDate}
                      type="date"
                      {...text('deliveryDate')}
                    />
                    <FormField label="Pickup Flexibility" error={errors.pickupFlexibility}>
                      <SelectInput
                        value={form.pickupFlexibility}
                        onChange={(v) =>
                          set('pickupFlexibility', v as SmallShipmentForm['pickupFlexibility'])
                        }
                        options={FLEXIBILITY_OPTIONS}
                      />
                    </FormField>
                  </SimpleGrid>
                  <InputField
                    label="Offer Price ($)"
                    error={errors.offerPrice}
                    required
                    helperText={OFFER_PRICE_NOTE}
                    {...MONEY_INPUT}
                    {...text('offerPrice')}
                  />
                  <HStack gap="6" wrap="wrap">
                    <CheckboxField
                      label="Rush delivery needed"
                      checked={form.isUrgent}
                      onChange={(v) => set('isUrgent', v)}
                    />
                    <CheckboxField
                      label="Handle with care (fragile)"
                      checked={form.isFragile}
                      onChange={(v) => set('isFragile', v)}
                    />
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
    </Container>
  );
}

import { Box, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { TRUCK_KINDS, type PlaceDto, type TruckPostDto } from '@freight/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { FiTruck } from 'react-icons/fi';
import { useSearchParams } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { PageControls } from '../../components/PageControls';
import { PlaceInput } from '../../components/PlaceInput';
import { SelectInput } from '../../components/SelectInput';
import { apiRequest } from '../../lib/api';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { useMyTruckPostsStore, useTruckBoardStore } from '../../stores/truckPosts';
import { equipmentName } from './format';
import { OfferLoadDialog } from './OfferLoadDialog';
import { TruckPostCard } from './TruckPostCard';
import { TruckPostDialog } from './TruckPostDialog';

/** /trucks: the Trucks board for brokers and shippers; My Truck Posts for carriers. */
export function TrucksPage() {
  const actions = useSessionStore((s) => s.user?.viewerActions);
  return (
    <Stack gap="5" maxW="5xl" mx="auto" w="full">
      {actions?.listTruckPosts ? (
        <MyTruckPosts canPost={actions.postTrucks === true} />
      ) : actions?.searchTrucks ? (
        <TrucksBoard />
      ) : (
        <EmptyState
          icon={FiTruck}
          iconColor="gray.400"
          title="Posted trucks"
          description="Carriers post their empty trucks here, and brokers and shippers search them. Your account type has neither."
          testId="trucks-not-for-you"
        />
      )}
    </Stack>
  );
}

const RADII = [25, 50, 100, 150, 250, 500];

function TrucksBoard() {
  const items = useTruckBoardStore(selectItems);
  const status = useTruckBoardStore(selectStatus);
  const total = useTruckBoardStore(selectTotal);
  const page = useTruckBoardStore((s) => s.page);
  const pageSize = useTruckBoardStore((s) => s.pageSize);
  const search = useTruckBoardStore((s) => s.search);
  const goToPage = useTruckBoardStore((s) => s.goToPage);
  const [params, setParams] = useSearchParams();
  const [place, setPlace] = useState('');
  const [point, setPoint] = useState<PlaceDto | null>(null);
  const [radius, setRadius] = useState('100');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [equipment, setEquipment] = useState('');
  const [offering, setOffering] = useState<TruckPostDto | null>(null);
  const offerId = params.get('offer');

  useEffect(() => {
    if (status === 'idle') void search('');
  }, [status, search]);
  // A match alert's link (/trucks?offer=<post>&load=<load>) opens the offer for that truck and load.
  useEffect(() => {
    if (!offerId || offering?.id === offerId) return;
    let cancelled = false;
    apiRequest<TruckPostDto>('GET', `/api/truck-posts/${offerId}`)
      .then((post) => {
        if (!cancelled) setOffering(post);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [offerId, offering?.id]);

  const { submit: runSearch } = useSubmit(
    async () => {
      const q = new URLSearchParams();
      if (point) {
        q.set('lat', String(point.lat));
        q.set('lng', String(point.lng));
        q.set('radius', radius);
      } else if (place.trim()) {
        q.set('origin', place.trim());
        q.set('radius', radius);
      }
      if (from) q.set('availableFrom', from);
      if (to) q.set('availableTo', to);
      if (equipment) q.set('equipmentType', equipment);
      await search(q.toString());
      const error = useTruckBoardStore.getState().error;
      if (error) throw new Error(error);
    },
    { success: false, failure: { fallback: 'Search failed. Please try again.' }, resetOnSuccess: true },
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void runSearch();
  };
  const closeOffer = () => {
    setOffering(null);
    if (offerId) {
      params.delete('offer');
      params.delete('load');
      setParams(params, { replace: true });
    }
  };

  return (
    <>
      <Heading as="h1" size="lg">
        Trucks
      </Heading>
      <Box as="form" onSubmit={onSubmit} aria-label="Search trucks" borderWidth="1px" rounded="md" p="4">
        <SimpleGrid columns={{ base: 1, md: 5 }} gap="3" alignItems="end">
          <PlaceInput
            label="Near (city or ZIP)"
            value={place}
            chosen={point !== null}
            onChange={(text, p) => {
              setPlace(text);
              setPoint(p);
            }}
            placeholder="Elko, NV"
          />
          <FormField label="Radius">
            <SelectInput
              value={radius}
              onChange={setRadius}
              options={RADII.map((r) => ({ value: String(r), label: `${r} miles` }))}
            />
          </FormField>
          <InputField
            label="Available from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <InputField
            label="Available until"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <FormField label="Equipment">
            <SelectInput
              value={equipment}
              onChange={setEquipment}
              placeholder="Any"
              options={TRUCK_KINDS.map((k) => ({ value: k, label: equipmentName(k) }))}
            />
          </FormField>
        </SimpleGrid>
        <HStack justify="end" pt="3">
          <Button type="submit" colorPalette="blue">
            Search Trucks
          </Button>
        </HStack>
      </Box>
      <Text fontSize="sm" color="gray.600" data-testid="truck-total">
        {status === 'loaded' ? `${total} truck${total === 1 ? '' : 's'}` : ''}
      </Text>
      {status === 'loading' && items.length === 0 ? (
        <Spinner alignSelf="center" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={FiTruck}
          iconColor="gray.400"
          title="No trucks found"
          description="Try a wider radius or other dates; new trucks appear here as carriers post them."
          testId="trucks-empty"
        />
      ) : (
        <Stack gap="3">
          {items.map((post) => (
            <TruckPostCard
              key={post.id}
              post={post}
              showCarrier
              actions={
                post.viewerActions?.offerLoad && (
                  <Button size="sm" colorPalette="blue" onClick={() => setOffering(post)}>
                    Offer a load
                  </Button>
                )
              }
            />
          ))}
        </Stack>
      )}
      <PageControls page={page} pages={Math.ceil(total / pageSize)} onPage={(p) => void goToPage(p)} />
      <OfferLoadDialog post={offering} loadId={params.get('load')} onClose={closeOffer} />
    </>
  );
}

function MyTruckPosts({ canPost }: { canPost: boolean }) {
  const items = useMyTruckPostsStore(selectItems);
  const status = useMyTruckPostsStore(selectStatus);
  const total = useMyTruckPostsStore(selectTotal);
  const page = useMyTruckPostsStore((s) => s.page);
  const pageSize = useMyTruckPostsStore((s) => s.pageSize);
  const load = useMyTruckPostsStore((s) => s.load);
  const goToPage = useMyTruckPostsStore((s) => s.goToPage);
  const post = useMyTruckPostsStore((s) => s.post);
  const edit = useMyTruckPostsStore((s) => s.edit);
  const withdraw = useMyTruckPostsStore((s) => s.withdraw);
  const [dialog, setDialog] = useState<{ post: TruckPostDto | null } | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { submit: runWithdraw } = useSubmit((id: string) => withdraw(id), {
    success: 'Truck post withdrawn',
    failure: { fallback: 'Failed to withdraw the post. Please try again.' },
    resetOnSuccess: true,
  });
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  return (
    <>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          My Truck Posts
        </Heading>
        {canPost && (
          <Button colorPalette="blue" onClick={() => setDialog({ post: null })}>
            Post a Truck
          </Button>
        )}
      </HStack>
      <Text fontSize="sm" color="gray.600">
        Brokers and shippers find your empty trucks on their Trucks board; a load that matches one alerts you.
      </Text>
      {status === 'loading' && items.length === 0 ? (
        <Spinner alignSelf="center" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={FiTruck}
          iconColor="gray.400"
          title="No trucks posted"
          description={
            canPost
              ? 'Post an empty truck: where and when it is free, and where it wants to go.'
              : 'Your company has no trucks posted; its owners, admins and dispatchers post them.'
          }
          testId="truck-posts-empty"
        />
      ) : (
        <Stack gap="3">
          {items.map((p) => (
            <TruckPostCard
              key={p.id}
              post={p}
              actions={
                p.status === 'active' && (
                  <>
                    {p.viewerActions?.edit && (
                      <Button size="sm" variant="outline" onClick={() => setDialog({ post: p })}>
                        Edit
                      </Button>
                    )}
                    {p.viewerActions?.withdraw && (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() =>
                          confirm({
                            title: 'Withdraw this truck post?',
                            body: 'It leaves every Trucks board at once. This cannot be undone; you can post the truck again.',
                            confirmLabel: 'Withdraw',
                            onConfirm: () => void runWithdraw(p.id),
                          })
                        }
                      >
                        Withdraw
                      </Button>
                    )}
                  </>
                )
              }
            />
          ))}
        </Stack>
      )}
      <PageControls page={page} pages={Math.ceil(total / pageSize)} onPage={(n) => void goToPage(n)} />
      <TruckPostDialog
        open={dialog !== null}
        post={dialog?.post}
        onClose={() => setDialog(null)}
        onSubmit={(input) => (dialog?.post ? edit(dialog.post.id, input) : post(input))}
      />
      {confirmDialog}
    </>
  );
}

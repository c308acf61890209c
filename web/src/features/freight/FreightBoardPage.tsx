import {
  Button,
  ButtonGroup,
  Center,
  Collapsible,
  Container,
  Flex,
  HStack,
  Heading,
  NativeSelect,
  Spinner,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import {
  FREIGHT_SORTS,
  FREIGHT_SORT_LABELS,
  deadheadMilesOf,
  type FreightListingDto,
  type FreightSort,
} from '@freight/shared';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { FiFilter, FiPlus } from 'react-icons/fi';
import { useSearchParams } from 'react-router-dom';
import { PageControls } from '../../components/PageControls';
import { notify } from '../../components/ui/toaster';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useMyBookingRequestsStore } from '../../stores/bookingRequests';
import { BOARD_PAGE_SIZE, useFreightStore } from '../../stores/freight';
import { useSessionStore } from '../../stores/session';
import { openLoadBoard } from '../../stores/socketRooms';
import { useAuthModalStore } from '../auth/authModalStore';
import {
  boardActionOf,
  keepSearchForSignIn,
  takeSearchKeptForSignIn,
  type BoardAction,
} from './signInActions';
import { FreightCard } from './FreightCard';
import { MyOffersPanel } from './MyOffersPanel';
import { LoadTable } from './LoadTable';
import { useBoardView } from './useBoardView';
import { SaveSearchButton, SavedSearchesPanel } from './SavedSearchesPanel';
import { lazyNamed } from '../../lib/lazyComponent';
import { takingOverFromServer } from '../../lib/serverData';
import { useStableCallback } from '../../lib/useStableCallback';
import { useProgressiveCount } from '../../lib/useProgressiveCount';
import { useTransitionedStore } from '../../lib/useTransitionedStore';

/** Load cards a phone's screen holds, about: rendered first, the rest after (issue 24). */
const FIRST_CARDS = 4;
/** Cards added per task after the first ones: one keeps each commit (DOM, styles, layout) short on a slow phone. */
const MORE_CARDS = 1;

// Dialogs, closed at first paint: their code loads when one opens (issue 24).
// The filter form draws when first opened (most visits never open it): its code loads then, or on a hover first.
const FreightFilters = lazyNamed(() => import('./FreightFilters'), 'FreightFilters');
const BookingDialog = lazyNamed(() => import('./BookingDialog'), 'BookingDialog');
const OfferDialog = lazyNamed(() => import('./OfferDialog'), 'OfferDialog');
const LoadDetailsDialog = lazyNamed(() => import('./LoadDetailsDialog'), 'LoadDetailsDialog');
const PostLoadDialog = lazyNamed(() => import('./PostLoadDialog'), 'PostLoadDialog');

type BoardState = ReturnType<typeof useFreightStore.getState>;
const selectBoardCount = (s: BoardState) => s.boardTotal;
const selectBoardPage = (s: BoardState) => s.page;
const selectLiveMarks = (s: BoardState) => s.liveMarks;

/** The Freight Load Board (SPEC §2): public, searched on the server, live through the loadboard room. */
export function FreightBoardPage() {
  const user = useSessionStore((s) => s.user);
  // A page of loads arriving redraws most of the screen: in a transition (useTransitionedStore).
  const items = useTransitionedStore(useFreightStore, selectItems<FreightListingDto>);
  const total = useTransitionedStore(useFreightStore, selectTotal<FreightListingDto>);
  const status = useTransitionedStore(useFreightStore, selectStatus);
  const boardTotal = useTransitionedStore(useFreightStore, selectBoardCount);
  // Nothing to show yet: the list has not been asked for ('idle': the prerendered page, issue 24) or is on its way.
  const firstLoad = (status === 'idle' || status === 'loading') && items.length === 0;
  const page = useTransitionedStore(useFreightStore, selectBoardPage);
  // The first screenful of cards at once, the rest a few at a time after it has painted (issue 24).
  const shownCards = useProgressiveCount(items.length, FIRST_CARDS, MORE_CARDS, page);
  const sort = useFreightStore((s) => s.sort);
  const appliedLat = useFreightStore((s) => s.applied.lat);
  const appliedLng = useFreightStore((s) => s.applied.lng);
  const origin = appliedLat && appliedLng ? { lat: Number(appliedLat), lng: Number(appliedLng) } : null;
  const appliedOrigin = origin !== null;
  const focused = useFreightStore((s) => s.focused);
  const reload = useFreightStore((s) => s.reload);
  const goToPage = useFreightStore((s) => s.goToPage);
  const setSort = useFreightStore((s) => s.setSort);
  const focus = useFreightStore((s) => s.focus);
  const postLoad = useFreightStore((s) => s.postLoad);
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('load');
  const action = boardActionOf(params.get('action'));
  const applyFilters = useFreightStore((s) => s.applyFilters);
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const [saveAtStart, setSaveAtStart] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useBoardView();
  const liveMarks = useTransitionedStore(useFreightStore, selectLiveMarks);
  const [booking, setBooking] = useState<FreightListingDto | null>(null);
  const [offering, setOffering] = useState<FreightListingDto | null>(null);
  const [viewing, setViewing] = useState<FreightListingDto | null>(null);
  const [posting, setPosting] = useState(false);

  // What the viewer may do with each load comes with it (issue 23): read the board again when the viewer changes.
  const viewerKey = user ? `${user.id}:${user.userType}:${user.isVerified}` : '';
  useEffect(() => {
    if (!takingOverFromServer()) void reload();
  }, [reload, viewerKey]);
  useEffect(() => {
    void focus(linkedId);
  }, [focus, linkedId, viewerKey]);
  useEffect(() => (user ? openLoadBoard() : undefined), [user]);
  // The board's road loads are hauled by those who make offers on them: their requests, offers and saved searches.
  const isCarrier = user?.viewerActions.makeOffers === true;
  const myRequests = useMyBookingRequestsStore(selectItems);
  const loadMyRequests = useMyBookingRequestsStore((s) => s.load);
  useEffect(() => {
    if (isCarrier && !takingOverFromServer()) void loadMyRequests();
  }, [isCarrier, loadMyRequests]);
  const requestedIds = useMemo(() => new Set(myRequests.map((r) => r.freightListingId)), [myRequests]);

  /**
   * Signed out (issue 23): the sign-in dialog opens here, and the address keeps what was asked (`load`, `action`), so
   * the page that signing in reloads opens that action for that load; a search to save keeps its filters too.
   */
  const askSignIn = useStableCallback((action: BoardAction, listing?: FreightListingDto) => {
    setParams(
      (p) => {
        if (listing) p.set('load', listing.id);
        p.set('action', action);
        return p;
      },
      { replace: true },
    );
    if (action === 'save-search') keepSearchForSignIn(useFreightStore.getState().filters);
    notify({
      title: 'Sign In Required',
      description:
        action === 'save-search'
          ? 'Please sign in to save this search and get alerts.'
          : 'Please sign in to book freight loads',
      type: 'warning',
    });
    openLogin();
  });
  const askSignInToBook = useStableCallback((l: FreightListingDto) => askSignIn('book', l));
  const startBooking = useStableCallback((l: FreightListingDto) => {
    if (!user) return askSignIn('book', l);
    if (!user.isVerified) {
      notify({
        title: 'Verification Required',
        description: 'Complete document verification to book freight.',
        type: 'warning',
      });
      return;
    }
    setBooking(l);
  });
  const startOffer = useStableCallback((l: FreightListingDto) => {
    if (!user) return askSignIn('offer', l);
    if (!user.isVerified) {
      notify({
        title: 'Verification Required',
        description: 'Complete document verification to negotiate rates.',
        type: 'warning',
      });
      return;
    }
    setOffering(l);
  });

  const pendingStart = useRef({ offer: startOffer, book: startBooking });
  useEffect(() => {
    pendingStart.current = { offer: startOffer, book: startBooking };
  });
  // Back from signing in: the action asked for, once (the address then keeps only the load).
  const continued = useRef(false);
  useEffect(() => {
    if (!user || !action || continued.current) return;
    if (action === 'save-search') {
      continued.current = true;
      const kept = takeSearchKeptForSignIn();
      if (kept) void applyFilters(kept);
      setFiltersOpen(true);
      setSaveAtStart(true);
    } else if (linkedId && focused?.id === linkedId) {
      const kind = action === 'offer' ? 'offer' : 'book';
      const allowed = focused.viewerActions?.[kind];
      if (allowed === 'signIn') return; // still the signed-out reading: the viewer's own arrives next
      continued.current = true;
      if (!allowed) {
        notify({
          title:
            kind === 'offer'
              ? 'Offers are not open to you on this load'
              : 'Booking is not open to you on this load',
          description: 'Only carriers book and make offers on road loads, and never on their own loads.',
          type: 'info',
        });
      } else if (kind === 'offer') pendingStart.current.offer(focused);
      else pendingStart.current.book(focused);
    } else if (linkedId) {
      return; // the load is still loading
    }
    setParams(
      (p) => {
        p.delete('action');
        return p;
      },
      { replace: true },
    );
  }, [user, action, linkedId, focused, applyFilters, setParams]);

  const canPost = user?.viewerActions.postLoad === true;
  const pages = Math.max(1, Math.ceil(total / BOARD_PAGE_SIZE));
  const card = (l: FreightListingDto, highlighted = false) => (
    <FreightCard
      key={l.id}
      listing={l}
      user={user}
      highlighted={highlighted}
      requested={requestedIds.has(l.id)}
      onBook={startBooking}
      onOffer={startOffer}
      onViewDetails={setViewing}
      onSignInToBook={askSignInToBook}
      deadheadMiles={origin ? (l.deadheadMiles ?? deadheadMilesOf(origin, l)) : undefined}
    />
  );

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Freight Load Board
            </Heading>
            <Text color="gray.600">Find available freight opportunities</Text>
          </Stack>
          <HStack gap="3">
            <Button
              variant="outline"
              onClick={() => setFiltersOpen((o) => !o)}
              onPointerEnter={() => void FreightFilters.preload()}
              onFocus={() => void FreightFilters.preload()}
              aria-expanded={filtersOpen}
            >
              <FiFilter aria-hidden />
              Filters
            </Button>
            {canPost && (
              <Button colorPalette="blue" onClick={() => setPosting(true)}>
                <FiPlus aria-hidden />
                Post Freight
              </Button>
            )}
          </HStack>
        </Flex>

        {/* The filter form renders when first opened: most visits never open it (issue 24). */}
        <Collapsible.Root open={filtersOpen} lazyMount>
          <Collapsible.Content>
            <Suspense fallback={<Spinner size="sm" color="blue.500" aria-label="Loading the filters" />}>
              <FreightFilters
                extra={
                  isCarrier || !user ? (
                    <SaveSearchButton
                      signedIn={Boolean(user)}
                      onSignIn={() => askSignIn('save-search')}
                      openAtStart={saveAtStart}
                    />
                  ) : undefined
                }
              />
            </Suspense>
          </Collapsible.Content>
        </Collapsible.Root>

        {isCarrier && (
          <>
            <SavedSearchesPanel />
            <MyOffersPanel />
          </>
        )}

        {focused && (
          <Stack gap="2">
            <Text fontWeight="semibold">Linked load</Text>
            {card(focused, true)}
          </Stack>
        )}

        <HStack justify="space-between" wrap="wrap">
          <Text color="gray.600" fontSize="sm" aria-live="polite">
            {firstLoad ? 'Loading loads...' : `${total} ${total === 1 ? 'load' : 'loads'} found`}
          </Text>
          <HStack gap="2" wrap="wrap">
            <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Show loads as">
              {(['cards', 'table'] as const).map((v) => (
                <Button
                  key={v}
                  aria-pressed={view === v}
                  variant={view === v ? 'solid' : 'outline'}
                  colorPalette={view === v ? 'blue' : 'gray'}
                  onClick={() => setView(v)}
                >
                  {v === 'cards' ? 'Cards' : 'Table'}
                </Button>
              ))}
            </ButtonGroup>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label="Sort loads"
                value={sort}
                onChange={(e) => void setSort(e.currentTarget.value as FreightSort)}
              >
                {FREIGHT_SORTS.map((option) => (
                  <option key={option} value={option} disabled={option === 'deadhead' && !appliedOrigin}>
                    {FREIGHT_SORT_LABELS[option]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </HStack>

        {firstLoad ? (
          <Center py="16" role="status">
            <VStack gap="3">
              <Spinner size="xl" color="blue.500" />
              <Text color="gray.600">Loading freight opportunities...</Text>
            </VStack>
          </Center>
        ) : items.length === 0 ? (
          <Center py="16">
            <VStack gap="2" textAlign="center">
              <Heading as="h2" size="lg">
                No Freight Available
              </Heading>
              <Text color="gray.600">
                {boardTotal === 0
                  ? 'No freight opportunities are currently available.'
                  : 'No freight matches your search criteria. Try adjusting your filters.'}
              </Text>
            </VStack>
          </Center>
        ) : view === 'table' ? (
          <LoadTable
            loads={items}
            user={user}
            origin={origin}
            marks={liveMarks}
            requestedIds={requestedIds}
            onViewDetails={setViewing}
            onBook={startBooking}
            onOffer={startOffer}
            onSignInToBook={(l) => askSignIn('book', l)}
          />
        ) : (
          <Stack gap="4" aria-label="Loads" as="section">
            {items.slice(0, shownCards).map((l) => card(l))}
          </Stack>
        )}

        <PageControls page={page} pages={pages} onPage={(p) => void goToPage(p)} />
      </Stack>

      <Suspense fallback={null}>
        {booking && <BookingDialog listing={booking} onClose={() => setBooking(null)} />}
        {offering && <OfferDialog listing={offering} onClose={() => setOffering(null)} />}
        {viewing && <LoadDetailsDialog listing={viewing} onClose={() => setViewing(null)} />}
        {canPost && posting && (
          <PostLoadDialog
            open={posting}
            onClose={() => setPosting(false)}
            brokerId={user.id}
            onSubmit={async (input) => {
              await postLoad(input, user.id);
            }}
          />
        )}
      </Suspense>
    </Container>
  );
}
